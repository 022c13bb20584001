/// One choice in a picker field, e.g. an MFA method.
public struct PickerOption: Hashable, Sendable {
    /// Stable identifier handed back to the flow (e.g. the method id).
    public var id: String
    /// What the option is, e.g. `"Email"`.
    public var title: String
    /// Where it goes, already masked by the caller, e.g. `"j***@contoso.com"`.
    public var detail: String?
    /// A remark shown dimmed, e.g. a strength note.
    public var note: String?

    /// An option with no detail or note by default.
    public init(id: String, title: String, detail: String? = nil, note: String? = nil) {
        self.id = id
        self.title = title
        self.detail = detail
        self.note = note
    }
}
