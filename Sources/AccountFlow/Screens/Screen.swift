/// Everything a renderer needs to draw the current step; a function of ``FlowState`` (see
/// ``FlowState/screen``). Activating an option or action sends its `event`.
public struct Screen: Sendable, Equatable {
    /// The screen's heading.
    public var title: String
    /// One short value the user must read from across the room (a device code): drawn large and centred
    /// under the text in full screen, printed as a plain line in line mode.
    public var banner: String?
    /// Explanatory paragraphs, in order.
    public var text: [String]
    /// Label/value lines (account details, claims, what the app sent).
    public var details: [ScreenDetail]
    /// Editable fields, top to bottom.
    public var fields: [ScreenField]
    /// Choices in a list (home menu entries, methods, sign-in rows).
    public var options: [ScreenOption]
    /// How the options read: a menu of places to go, or one answer's alternatives (see ``OptionStyle``).
    public var optionStyle: OptionStyle = .choices
    /// The index in ``options`` the list is on when the screen is (re)entered (a list returned to keeps its
    /// place); `nil` for the first. The user's own moves win while the same list stays shown.
    public var selectedOption: Int?
    /// The field the focus goes to when the screen is entered or a request on it ends (the password, once
    /// the server said the account has one); a field error comes first. `nil`: the first item.
    public var focusField: FieldID?
    /// Buttons, the default (Enter) first.
    public var actions: [ScreenAction]
    /// An error for the whole screen.
    public var message: String?
    /// Neutral information (a new code was sent, a countdown).
    public var notice: String?
    /// The status line: "working…" text while a request is in flight (Esc cancels it).
    public var status: String?
    /// A request is in flight (``status`` names it); input other than cancel is ignored.
    public var isWorking: Bool
    /// A prefilled form (the profile edit): whether the user changed it, so going back asks before the
    /// changes are dropped; `nil` on other screens, where any typed value counts.
    public var hasUnsavedChanges: Bool?
    /// Enrolment mode: the countdown before the screen is cleared for lack of input. It must be seen, so
    /// it goes before every other line of the status.
    public var idleWarning: String?
    /// An address to open on another device (a phone), which the front can show as a QR code; nil when the
    /// screen has none.
    public var phoneLink: PhoneLink?
    /// Whether the back key leads anywhere; false on the home screen, so its footer and help do not offer it.
    public var goesBack = true

    /// A screen; everything but `title` is empty, absent or `false` by default.
    public init(title: String, text: [String] = [], banner: String? = nil, details: [ScreenDetail] = [],
                fields: [ScreenField] = [], options: [ScreenOption] = [], selectedOption: Int? = nil,
                actions: [ScreenAction] = [], message: String? = nil, notice: String? = nil, status: String? = nil,
                isWorking: Bool = false, idleWarning: String? = nil) {
        self.title = title
        self.banner = banner
        self.text = text
        self.details = details
        self.fields = fields
        self.options = options
        self.selectedOption = selectedOption
        self.actions = actions
        self.message = message
        self.notice = notice
        self.status = status
        self.isWorking = isWorking
        self.idleWarning = idleWarning
    }
}

/// How a screen's options read. The rule: a list whose entries each lead somewhere (the home menu, the rows
/// of the sign-in history, each opening its screen) is a ``menu``; a list whose entries are alternatives of
/// one answer the screen sends (which method gets the code) is ``choices``. Enter acts on the chosen entry
/// in both; full screen draws a menu with one highlighted row and choices as radio buttons.
public enum OptionStyle: Sendable, Equatable {
    /// Places to go: one highlighted row.
    case menu
    /// One answer's alternatives: radio buttons.
    case choices
}

/// An address the user may open on a phone or another computer, with what to do there.
public struct PhoneLink: Sendable, Equatable {
    /// The whole address, e.g. `"https://login.example/device"`.
    public var address: String
    /// What to do once it is open, and what will not work, in sentences (shown with the QR code, which
    /// covers the rest of the screen).
    public var instructions: [String]

    /// Memberwise.
    public init(address: String, instructions: [String]) {
        self.address = address
        self.instructions = instructions
    }
}

/// A label and its value, shown read-only.
public struct ScreenDetail: Sendable, Equatable {
    /// E.g. "Scopes" or "Claim oid".
    public var label: String
    /// The text shown beside the label.
    public var value: String

    /// A detail line: label, then value.
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// An editable field. Edits go back as ``FlowEvent/fieldEdited(_:_:)``, leaving it as
/// ``FlowEvent/fieldLeft(_:)``. Values of ``FieldKind/secret`` fields must be drawn masked.
public struct ScreenField: Sendable, Equatable {
    /// Names the field in ``FlowEvent/fieldEdited(_:_:)`` and ``FlowEvent/fieldLeft(_:)``.
    public var id: FieldID
    /// Shown beside the field; the presenter adds "(optional)" when it is not required.
    public var label: String
    /// How it is edited and drawn.
    public var kind: FieldKind
    /// The current value, kept on every error.
    public var value: String
    /// Why the value cannot be sent or was refused.
    public var error: String?
    /// Advice that does not block submit (policy hint, "can't be checked here").
    public var note: String?
    /// `false` marks the field optional.
    public var required: Bool

    /// A required field with no error or note by default.
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
    /// The entry's text (a menu item, a channel name).
    public var label: String
    /// Secondary text (a masked address).
    public var detail: String?
    /// A remark (strength note, "blocked").
    public var note: String?
    /// `false` for an entry shown but not offered (a blocked method).
    public var enabled: Bool
    /// Sent when the entry is chosen.
    public var event: FlowEvent

    /// An enabled entry with no detail or note by default.
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
    /// The button's text.
    public var label: String
    /// Sent when the button is pressed.
    public var event: FlowEvent
    /// `false` shows the button but it cannot be pressed (e.g. resend while the countdown runs).
    public var enabled: Bool
    /// `true` for a button that ends the request in flight and may be pressed while it runs (Cancel, or
    /// "Use a device code instead" while a browser sign-in waits); the others wait for the answer.
    public var endsTheRequest: Bool

    /// An enabled button by default; Cancel (`.cancelRequested`) always ends the request in flight.
    public init(_ label: String, _ event: FlowEvent, enabled: Bool = true, endsTheRequest: Bool = false) {
        self.label = label
        self.event = event
        self.enabled = enabled
        self.endsTheRequest = endsTheRequest || event == .cancelRequested
    }
}
