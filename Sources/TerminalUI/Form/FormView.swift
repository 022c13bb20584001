/// A screen described as data: header, title, text, fields, buttons and a status line.
///
/// Every screen of the console is one `FormView`; a flow screen is mapped to it by filling in the
/// parts it needs. The view also holds the editing state (field text, focus), so the input loop is:
/// ``handle(_:)`` each key, act on the ``FormOutcome``, ``FormRenderer/render(_:into:)`` again.
public struct FormView: Hashable, Sendable {
    /// Tenant, authority and mode for the header bar; nil shows the product name only.
    public var header: HeaderInfo?
    /// The screen title under the header.
    public var title: String
    /// Paragraphs above the fields, wrapped to the width.
    public var lines: [String]
    /// One short value drawn large under the paragraphs (a device code): spaced out, bold, reversed and
    /// centred; wrapped, never cut, when the width is short.
    public var banner: String?
    /// Label/value lines after the text, values aligned in one column.
    public var details: [FormDetail]
    /// The fields in focus order.
    public var fields: [FormField]
    /// Buttons after the fields, in focus order.
    public var buttons: [FormButton]
    /// The message line above the footer (info, success, error, countdown).
    public var status: StatusLine?
    /// Index into ``focusOrder``.
    public var focus: Int
    /// Rows scrolled down (negative: up) from where the focus puts the body; PgUp/PgDn change it,
    /// moving the focus resets it. The renderer clamps it to the body.
    public var scroll: Int = 0
    /// The bindings that drive this form and its footer.
    public var keymap: Keymap
    /// The words the renderer adds (scroll markers, the focus's place, the keys' descriptions in the footer and the
    /// help); English unless the console fills them.
    public var words: WidgetWords = .english
    /// The open list of a long picker, drawn over the body; it takes every key until it closes.
    public var choiceList: ChoiceList?
    /// Whether the back key leads anywhere here; the footer and the help leave it out where it does not (home).
    public var goesBack = true
    /// Whether the back key throws away what the fields hold (false while it only cancels a request
    /// and the values stay). When it does and a text, password or code field holds something, the
    /// first Esc asks (``backQuestion``) and only a second goes back (field case 028: a lone Esc from a
    /// split escape sequence, or a slip, must not cost a typed form).
    public var backDropsValues = true
    /// True after a first Esc asked ``backQuestion``: the next back key goes back, any other key
    /// keeps the form and acts as itself.
    public var isConfirmingBack = false
    /// A prefilled form (the profile edit) knows whether its fields differ from what it opened with:
    /// then only a change makes the back key ask, and it asks ``discardQuestion``. `nil`: any typed
    /// value counts.
    public var hasUnsavedChanges: Bool?
    /// While a request is in flight only Cancel can be pressed, so it takes the focus: this is the item that had it
    /// before (`"field:<id>"` or `"button:<id>"`), given back when the request ends. nil when nothing is held.
    public var focusBeforeRequest: String?
    /// Whether the last key handled submitted the form: if the form comes back with field errors (a
    /// local check refused it), the next presentation puts the focus on the first of them.
    public private(set) var lastKeySubmitted = false
    /// The status line the question replaced, shown again when the user stays.
    private var statusBeforeQuestion: StatusLine?

    /// The status line of a first Esc on a form with typed values.
    public static let backQuestion = "Press Esc again to go back and drop what you typed; any other key stays here."
    /// The status line of a first Esc on a prefilled form the user changed.
    public static let discardQuestion = "Discard your changes? Press Esc again to discard them; any other key stays here."

    /// What a first Esc asks on this form.
    public var backQuestionText: String { hasUnsavedChanges == nil ? Self.backQuestion : Self.discardQuestion }

    /// A view focused on its first item, driven by ``Keymap/form`` unless another keymap is given.
    public init(header: HeaderInfo? = nil, title: String, lines: [String] = [], banner: String? = nil, details: [FormDetail] = [],
                fields: [FormField] = [], buttons: [FormButton] = [], status: StatusLine? = nil, focus: Int = 0,
                keymap: Keymap = .form) {
        self.header = header
        self.title = title
        self.lines = lines
        self.banner = banner
        self.details = details
        self.fields = fields
        self.buttons = buttons
        self.status = status
        self.focus = focus
        self.keymap = keymap
    }

    /// Something that can hold focus.
    public enum Focusable: Hashable, Sendable {
        /// A field, by index into ``fields``.
        case field(Int)
        /// A button, by index into ``buttons``; only enabled buttons take focus.
        case button(Int)
    }

    /// Fields, then enabled buttons.
    public var focusOrder: [Focusable] {
        fields.indices.map { .field($0) } + buttons.indices.filter { buttons[$0].isEnabled }.map { .button($0) }
    }

    /// The focused item, if there is anything to focus.
    public var focused: Focusable? {
        let order = focusOrder
        guard !order.isEmpty else { return nil }
        return order[min(max(0, focus), order.count - 1)]
    }

    /// The field with `id`.
    public subscript(field id: String) -> FormField? {
        get { fields.first { $0.id == id } }
        set {
            guard let index = fields.firstIndex(where: { $0.id == id }), let newValue else { return }
            fields[index] = newValue
        }
    }

    /// Field values by id.
    public var values: [String: String] {
        Dictionary(fields.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The keymap without bindings this screen cannot use (no password or code: no reveal), for the footer.
    public var effectiveKeymap: Keymap {
        if choiceList != nil { return .choiceList }
        var left: Set<FormCommand> = goesBack ? [] : [.back]
        if !fields.contains(where: \.isSecret) { left.insert(.toggleReveal) }
        return keymap.without(left)
    }

    /// The web addresses the form shows, in reading order (text, then details), made printable and without
    /// a sentence's closing punctuation: what the copy key puts on the clipboard (the first).
    public var addresses: [String] {
        (lines + details.map(\.value)).flatMap { $0.split(whereSeparator: \.isWhitespace) }
            .filter(TextWrap.isAddress)
            .map { word in PrintableText.make(String(word.reversed().drop { ".,;:!?)]”’\"'".contains($0) }.reversed())) }
    }

    /// The keys valid on this form, for the help overlay: the effective keymap without moving focus where
    /// there is one item or none, and without PgUp/PgDn when the form fits a `size` screen beside `pane` (size nil: not known),
    /// then the editing keys when there is a text field, and Space where there is a toggle or a list to choose
    /// in. An open list's keys while one is open.
    public func helpEntries(on size: Size? = nil, pane: PaneContent? = nil) -> [HelpEntry] {
        if choiceList != nil { return HelpEntry.entries(of: .choiceList, words: words) }
        var keymap = footerKeymap
        if let size, !FormRenderer.bodyOverflows(self, size: size, pane: pane) { keymap = keymap.without([.scroll]) }
        var entries = HelpEntry.entries(of: keymap, words: words)
        var more: [(keys: String, help: KeyWord)] = []
        if fields.contains(where: \.isTextual) { more += Keymap.editingHelp }
        let toggle = fields.contains { if case .toggle = $0.kind { true } else { false } }
        let list = fields.contains { if case .picker = $0.kind { true } else { false } }
        if toggle || list { more.append(Keymap.choosingHelp(toggle: toggle, list: list)) }
        entries += more.map { HelpEntry($0.keys, words(.key($0.help))) }
        return entries
    }

    /// The keymap the footer names: the effective one without moving focus where there is one item or none (Tab
    /// would do nothing there; the help leaves it out too).
    public var footerKeymap: Keymap {
        focusOrder.count <= 1 ? effectiveKeymap.without([.nextField, .previousField]) : effectiveKeymap
    }

    /// Whether a text, password or code field holds something the back key would throw away.
    public var hasTypedValues: Bool {
        hasUnsavedChanges ?? fields.contains { $0.isTextual && !$0.value.isEmpty }
    }

    /// Applies one key: the focused field first, then the keymap.
    public mutating func handle(_ key: Key) -> FormOutcome {
        let outcome = apply(key)
        if case .submitted = outcome { lastKeySubmitted = true } else { lastKeySubmitted = false }
        return outcome
    }

    private mutating func apply(_ key: Key) -> FormOutcome {
        let confirmed = isConfirmingBack && choiceList == nil && keymap.command(for: key) == .back
        if isConfirmingBack {
            isConfirmingBack = false
            if status?.text == backQuestionText { status = statusBeforeQuestion }
            statusBeforeQuestion = nil
            if confirmed { return .back }
        }
        if choiceList != nil { return handleChoiceList(key) }
        if case .field(let index)? = focused, let outcome = handleLongPicker(at: index, key) { return outcome }
        if case .field(let index)? = focused, fields[index].handle(key) {
            // Typing brings the field it lands in back into view, however far the screen was paged from it.
            scroll = 0
            return .changed
        }
        guard let command = keymap.command(for: key) else { return .ignored }
        switch command {
        case .nextField: return moveFocus(by: 1)
        case .previousField: return moveFocus(by: -1)
        case .submit:
            // Sent: a secret shown with Ctrl-R is not left in clear beside the answer (a refused password stays typed).
            for index in fields.indices { fields[index].hideSecret() }
            if case .button(let index)? = focused { return .submitted(button: buttons[index].id) }
            return .submitted(button: nil)
        case .back:
            guard backDropsValues, hasTypedValues else { return .back }
            isConfirmingBack = true
            statusBeforeQuestion = status
            status = StatusLine(backQuestionText, kind: .info)
            return .changed
        case .help: return .help
        case .quit: return .quit
        case .scroll:
            let step = key == .pageUp ? -paging.rows : paging.rows
            scroll = min(max(scroll + step, paging.range.lowerBound), paging.range.upperBound)
            return .changed
        case .app(let name): return .app(name)
        case .list: return .ignored
        case .toggleReveal:
            guard case .field(let index)? = focused else { return .ignored }
            switch fields[index].kind {
            case .password(let revealed): fields[index].kind = .password(revealed: !revealed)
            case .code(let length, let revealed): fields[index].kind = .code(length: length, revealed: !revealed)
            case .text, .toggle, .picker: return .ignored
            }
            return .changed
        }
    }

    /// How PgUp/PgDn move: the front sets it from the screen (``FormRenderer/paging(_:size:pane:)``) before a
    /// page key; where none did, 10 rows and a range well past any body, so PgUp always reaches the top.
    public var paging = Paging(rows: 10, range: -500...500)

    /// Rows per PgUp/PgDn, and the ``scroll`` values that move the body on the screen measured.
    public struct Paging: Sendable, Hashable {
        /// Rows one PgUp/PgDn moves (at least 1).
        public var rows: Int
        /// The ``FormView/scroll`` values, in rows from where the focus puts the body, that change what is shown.
        public var range: ClosedRange<Int>

        public init(rows: Int, range: ClosedRange<Int>) {
            self.rows = rows
            self.range = range
        }
    }

    /// Keys of a picker longer than ``ChoiceList/collapseAbove``. A labeled one is one row: Enter or Space
    /// opens its list, typed text opens it filtered. A screen's own list (unlabeled) stays drawn whole:
    /// typed text opens the same list filtered, and PgUp/PgDn/Home/End move its selection.
    /// - Returns: nil when the key is not one of these.
    private mutating func handleLongPicker(at index: Int, _ key: Key) -> FormOutcome? {
        guard case .picker(let options, let selected) = fields[index].kind, options.count > ChoiceList.collapseAbove else { return nil }
        let isMenu = fields[index].label.isEmpty
        func select(_ target: Int) {
            fields[index].kind = .picker(options: options, selected: min(max(0, target), options.count - 1))
            scroll = 0
        }
        switch key {
        case .enter where !isMenu, .character(" ") where !isMenu:
            choiceList = ChoiceList(field: index, options: options, selected: selected)
        // `?` opens the help, as everywhere outside a text field; no list's entry starts with it.
        case .character(let character) where !character.isWhitespace && character != "?":
            choiceList = ChoiceList(field: index, options: options, selected: selected, filter: String(character))
        case .paste(let text) where !text.contains(where: \.isNewline):
            choiceList = ChoiceList(field: index, options: options, selected: selected, filter: text)
        case .home where isMenu: select(0)
        case .end where isMenu: select(options.count - 1)
        case .pageUp where isMenu: select(selected - ChoiceList.pageSize)
        case .pageDown where isMenu: select(selected + ChoiceList.pageSize)
        default:
            return nil
        }
        return .changed
    }

    /// A key while the list is open: a pick sets the picker (and, in a screen's own list, acts on the
    /// entry as Enter on its row does); Esc closes it; help and quit work as anywhere.
    private mutating func handleChoiceList(_ key: Key) -> FormOutcome {
        guard var list = choiceList else { return .ignored }
        switch list.handle(key) {
        case .changed:
            choiceList = list
            return .changed
        case .closed:
            choiceList = nil
            return .changed
        case .picked(let option):
            choiceList = nil
            guard fields.indices.contains(list.field), case .picker(let options, _) = fields[list.field].kind else { return .changed }
            fields[list.field].kind = .picker(options: options, selected: option)
            return fields[list.field].label.isEmpty ? .submitted(button: nil) : .changed
        case .ignored:
            switch Keymap.choiceList.command(for: key) {
            case .help?: return .help
            case .quit?: return .quit
            case .nextField?, .previousField?, .submit?, .back?, .toggleReveal?, .scroll?, .list?, .app?, nil: return .ignored
            }
        }
    }

    private mutating func moveFocus(by step: Int) -> FormOutcome {
        let count = focusOrder.count
        guard count > 1 else { return .ignored }
        scroll = 0
        let left = focused
        focus = ((min(max(0, focus), count - 1) + step) % count + count) % count
        if case .field(let index)? = left {
            // A secret shown with Ctrl-R is shown for typing it, not for whoever looks later.
            fields[index].hideSecret()
            return .leftField(id: fields[index].id)
        }
        return .changed
    }
}
