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

    /// `"Tab next  S-Tab prev  Enter submit  …"`, the footer line (fits 80 columns).
    public var footerText: String {
        footerText(of: bindings.filter(\.inFooter))
    }

    /// The footer line in at most `width` columns: when it is too long, hints leave in the order of
    /// ``footerDropOrder``; "F1 help", which lists them all, stays.
    public func footerText(fitting width: Int) -> String {
        var shown = bindings.filter(\.inFooter)
        for command in Self.footerDropOrder where DisplayWidth.of(footerText(of: shown)) > width {
            shown.removeAll { $0.command == command }
        }
        return footerText(of: shown)
    }

    /// Which footer hints a narrow terminal gives up first: the ones easiest to guess or least used.
    static let footerDropOrder: [FormCommand] = [.previousField, .nextField, .toggleReveal, .back, .submit, .quit]

    private func footerText(of shown: [KeyBinding]) -> String {
        shown.map { "\($0.keyLabel) \($0.help)" }.joined(separator: "  ")
    }

    /// The editing keys of text fields; listed in the help where a form has one, handled by ``TextEditor``.
    public static let editingHelp: [HelpEntry] = [
        HelpEntry("←/→", "move by character"),
        HelpEntry("Home/End, Ctrl-A/E", "start / end of the field"),
        HelpEntry("Backspace/Delete", "delete before / at the cursor"),
        HelpEntry("Ctrl-U / Ctrl-K", "delete to the start / to the end"),
        HelpEntry("Ctrl-W", "delete the word before the cursor"),
    ]

    /// Listed in the help where a form has a toggle or a list to choose in, naming only what it has.
    public static func choosingHelp(toggle: Bool, list: Bool) -> HelpEntry {
        HelpEntry("Space, ↑/↓", [toggle ? "switch a toggle" : nil, list ? "choose in a list" : nil].compactMap { $0 }.joined(separator: "; "))
    }

    /// The bindings of an open ``ChoiceList`` (typed text filters it); help and quit work as in a form.
    public static let choiceList = Keymap(bindings: [
        KeyBinding(keys: [.backspace], command: .list(.widen), keyLabel: "type/Bksp", help: "filter"),
        KeyBinding(keys: [.up], command: .list(.up), keyLabel: "↑", help: "previous", inFooter: false),
        KeyBinding(keys: [.down], command: .list(.down), keyLabel: "↓", help: "next", inFooter: false),
        KeyBinding(keys: [.pageUp], command: .list(.pageUp), keyLabel: "PgUp", help: "page up", inFooter: false),
        KeyBinding(keys: [.pageDown], command: .list(.pageDown), keyLabel: "PgDn", help: "page down", inFooter: false),
        KeyBinding(keys: [.home], command: .list(.first), keyLabel: "Home", help: "first match", inFooter: false),
        KeyBinding(keys: [.end], command: .list(.last), keyLabel: "End", help: "last match", inFooter: false),
        KeyBinding(keys: [.control("u")], command: .list(.clearFilter), keyLabel: "^U", help: "clear the filter", inFooter: false),
        KeyBinding(keys: [.enter], command: .list(.pick), keyLabel: "Enter", help: "pick"),
        KeyBinding(keys: [.escape], command: .list(.close), keyLabel: "Esc", help: "close, no change"),
        KeyBinding(keys: [.function(1)], command: .help, keyLabel: "F1", help: "help"),
        KeyBinding(keys: [.control("c")], command: .quit, keyLabel: "^C", help: "quit"),
    ])

    /// The bindings every form uses.
    public static let form = Keymap(bindings: [
        KeyBinding(keys: [.tab], command: .nextField, keyLabel: "Tab", help: "next"),
        KeyBinding(keys: [.backTab], command: .previousField, keyLabel: "S-Tab", help: "prev"),
        KeyBinding(keys: [.down], command: .nextField, keyLabel: "↓", help: "next field", inFooter: false),
        KeyBinding(keys: [.up], command: .previousField, keyLabel: "↑", help: "previous field", inFooter: false),
        KeyBinding(keys: [.enter], command: .submit, keyLabel: "Enter", help: "submit"),
        KeyBinding(keys: [.escape], command: .back, keyLabel: "Esc", help: "back"),
        KeyBinding(keys: [.control("r")], command: .toggleReveal, keyLabel: "^R", help: "reveal"),
        KeyBinding(keys: [.pageUp, .pageDown], command: .scroll, keyLabel: "PgUp/PgDn", help: "scroll", inFooter: false),
        KeyBinding(keys: [.function(1)], command: .help, keyLabel: "F1", help: "help"),
        // A text field takes `?` as typed text before the keymap sees it.
        KeyBinding(keys: [.character("?")], command: .help, keyLabel: "?", help: "help (? outside a text field)", inFooter: false),
        KeyBinding(keys: [.control("c")], command: .quit, keyLabel: "^C", help: "quit"),
    ])
}
