/// A button under the fields. Enter on a focused button submits with its id.
public struct FormButton: Hashable, Sendable {
    /// Handed back in ``FormOutcome/submitted(button:)``.
    public var id: String
    /// The label between the brackets.
    public var title: String
    /// A disabled button (e.g. Resend during its countdown) is drawn dimmed and skipped by focus.
    public var isEnabled: Bool

    /// An enabled button by default.
    public init(id: String, title: String, isEnabled: Bool = true) {
        self.id = id
        self.title = title
        self.isEnabled = isEnabled
    }
}
