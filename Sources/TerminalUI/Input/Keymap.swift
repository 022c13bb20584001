/// Key bindings as data: the same list matches input and generates the footer and help screen, so
/// what the user is told is always what the keys do.
public struct Keymap: Hashable, Sendable {
    /// In footer and help-screen order; the first binding of a key wins.
    public var bindings: [KeyBinding]

    /// Bindings in footer and help-screen order; for a key bound twice, the first wins.
    public init(bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The command bound to `key`, if any.
    public func command(for key: Key) -> FormCommand? {
        bindings.first { $0.keys.contains(key) }?.command
    }

    /// The list command bound to `key`, if any.
    public func listCommand(for key: Key) -> ListCommand? {
        if case .list(let command)? = command(for: key) { return command }
        return nil
    }

    /// The bindings without those whose command is not available on the current screen.
    public func without(_ commands: Set<FormCommand>) -> Keymap {
        Keymap(bindings: bindings.filter { !commands.contains($0.command) })
    }

    /// The footer line in at most `width` columns, in `words`' language: `"Tab next  S-Tab prev  Enter submit  …"`
    /// (fits 80 columns). When it is too long, hints leave in the order of ``footerDropOrder``; "F1 help", which
    /// lists them all, stays.
    public func footerText(fitting width: Int = .max, words: WidgetWords = .english) -> String {
        var shown = bindings.filter(\.inFooter)
        for command in Self.footerDropOrder where DisplayWidth.of(footerText(of: shown, words: words)) > width {
            shown.removeAll { $0.command == command }
        }
        return footerText(of: shown, words: words)
    }

    /// Which footer hints a narrow terminal gives up first: the ones easiest to guess or least used.
    static let footerDropOrder: [FormCommand] = [.previousField, .nextField, .toggleReveal, .back, .submit, .quit]

    private func footerText(of shown: [KeyBinding], words: WidgetWords) -> String {
        shown.map { "\($0.keyLabel) \(words(.key($0.help)))" }.joined(separator: "  ")
    }

    /// The editing keys of text fields; listed in the help where a form has one, handled by ``TextEditor``.
    public static let editingHelp: [(keys: String, help: KeyWord)] = [
        ("←/→", .moveByCharacter),
        ("Home/End, Ctrl-A/E", .startOrEnd),
        ("Backspace/Delete", .deleteAroundCursor),
        ("Ctrl-U / Ctrl-K", .deleteToStartOrEnd),
        ("Ctrl-W", .deleteWord),
    ]

    /// Listed in the help where a form has a toggle or a list to choose in, naming only what it has.
    public static func choosingHelp(toggle: Bool, list: Bool) -> (keys: String, help: KeyWord) {
        ("Space, ↑/↓", toggle && list ? .switchToggleOrChooseInList : toggle ? .switchToggle : .chooseInList)
    }

    /// The bindings of an open ``ChoiceList`` (typed text filters it); help and quit work as in a form.
    public static let choiceList = Keymap(bindings: [
        KeyBinding(keys: [.backspace], command: .list(.widen), keyLabel: "type/Bksp", help: .filter),
        KeyBinding(keys: [.up], command: .list(.up), keyLabel: "↑", help: .previousOption, inFooter: false),
        KeyBinding(keys: [.down], command: .list(.down), keyLabel: "↓", help: .nextOption, inFooter: false),
        KeyBinding(keys: [.pageUp], command: .list(.pageUp), keyLabel: "PgUp", help: .pageUp, inFooter: false),
        KeyBinding(keys: [.pageDown], command: .list(.pageDown), keyLabel: "PgDn", help: .pageDown, inFooter: false),
        KeyBinding(keys: [.home], command: .list(.first), keyLabel: "Home", help: .firstMatch, inFooter: false),
        KeyBinding(keys: [.end], command: .list(.last), keyLabel: "End", help: .lastMatch, inFooter: false),
        KeyBinding(keys: [.control("u")], command: .list(.clearFilter), keyLabel: "^U", help: .clearFilter, inFooter: false),
        KeyBinding(keys: [.enter], command: .list(.pick), keyLabel: "Enter", help: .pick),
        KeyBinding(keys: [.escape], command: .list(.close), keyLabel: "Esc", help: .closeList),
        KeyBinding(keys: [.function(1)], command: .help, keyLabel: "F1", help: .help),
        KeyBinding(keys: [.control("c")], command: .quit, keyLabel: "^C", help: .quit),
    ])

    /// The bindings every form uses.
    public static let form = Keymap(bindings: [
        KeyBinding(keys: [.tab], command: .nextField, keyLabel: "Tab", help: .next),
        KeyBinding(keys: [.backTab], command: .previousField, keyLabel: "S-Tab", help: .previous),
        KeyBinding(keys: [.down], command: .nextField, keyLabel: "↓", help: .nextField, inFooter: false),
        KeyBinding(keys: [.up], command: .previousField, keyLabel: "↑", help: .previousField, inFooter: false),
        KeyBinding(keys: [.enter], command: .submit, keyLabel: "Enter", help: .submit),
        KeyBinding(keys: [.escape], command: .back, keyLabel: "Esc", help: .back),
        KeyBinding(keys: [.control("r")], command: .toggleReveal, keyLabel: "^R", help: .reveal),
        KeyBinding(keys: [.pageUp, .pageDown], command: .scroll, keyLabel: "PgUp/PgDn", help: .scroll, inFooter: false),
        KeyBinding(keys: [.function(1)], command: .help, keyLabel: "F1", help: .help),
        // A text field takes `?` as typed text before the keymap sees it.
        KeyBinding(keys: [.character("?")], command: .help, keyLabel: "?", help: .helpOutsideTextField, inFooter: false),
        KeyBinding(keys: [.control("c")], command: .quit, keyLabel: "^C", help: .quit),
    ])
}
