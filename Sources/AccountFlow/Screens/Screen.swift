/// Everything a renderer needs to draw the current step; a function of ``FlowState`` (see
/// ``FlowState/screen``). Activating an option or action sends its `event`.
public struct Screen: Sendable, Equatable {
    public var title: String
    /// Explanatory paragraphs, in order.
    public var text: [String]
    /// Label/value lines (account details, claims, what the app sent).
    public var details: [ScreenDetail]
    public var fields: [ScreenField]
    /// Choices in a list (home menu entries, methods).
    public var options: [ScreenOption]
    /// Buttons, the default (Enter) first.
    public var actions: [ScreenAction]
    /// An error for the whole screen.
    public var message: String?
    /// Neutral information (a new code was sent, a countdown).
    public var notice: String?
    /// The status line: "working…" text while a request is in flight (Esc cancels it).
    public var status: String?
    public var isWorking: Bool

    public init(title: String, text: [String] = [], details: [ScreenDetail] = [], fields: [ScreenField] = [],
                options: [ScreenOption] = [], actions: [ScreenAction] = [], message: String? = nil,
                notice: String? = nil, status: String? = nil, isWorking: Bool = false) {
        self.title = title
        self.text = text
        self.details = details
        self.fields = fields
        self.options = options
        self.actions = actions
        self.message = message
        self.notice = notice
        self.status = status
        self.isWorking = isWorking
    }
}

/// A label and its value, shown read-only.
public struct ScreenDetail: Sendable, Equatable {
    public var label: String
    public var value: String

    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// An editable field. Edits go back as ``FlowEvent/fieldEdited(_:_:)``, leaving it as
/// ``FlowEvent/fieldLeft(_:)``. Values of ``FieldKind/secret`` fields must be drawn masked.
public struct ScreenField: Sendable, Equatable {
    public var id: FieldID
    public var label: String
    public var kind: FieldKind
    public var value: String
    public var error: String?
    /// Advice that does not block submit (policy hint, "can't be checked here").
    public var note: String?
    public var required: Bool

    public init(id: FieldID, label: String, kind: FieldKind, value: String, error: String? = nil,
                note: String? = nil, required: Bool = true) {
        self.id = id
        self.label = label
        self.kind = kind
        self.value = value
        self.error = error
        self.note = note
        self.required = required
    }
}

/// One entry of a list: a menu item or a method.
public struct ScreenOption: Sendable, Equatable {
    public var label: String
    /// Secondary text (a masked address).
    public var detail: String?
    /// A remark (strength note, "blocked").
    public var note: String?
    public var enabled: Bool
    public var event: FlowEvent

    public init(label: String, detail: String? = nil, note: String? = nil, enabled: Bool = true, event: FlowEvent) {
        self.label = label
        self.detail = detail
        self.note = note
        self.enabled = enabled
        self.event = event
    }
}

/// A button.
public struct ScreenAction: Sendable, Equatable {
    public var label: String
    public var event: FlowEvent
    public var enabled: Bool

    public init(_ label: String, _ event: FlowEvent, enabled: Bool = true) {
        self.label = label
        self.event = event
        self.enabled = enabled
    }
}
