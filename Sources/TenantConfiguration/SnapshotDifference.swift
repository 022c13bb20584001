/// One difference between two snapshots, in the tenant's terms: `sentence` reads "sign-up flow 'Customers': city
/// became required", "SMS method disabled", "app 8c3e2b91…: redirect URI added: http://localhost".
public struct SnapshotDifference: Codable, Equatable, Sendable {
    /// What it is about: `sign-up flow 'Customers'`, `SMS method`, `app 8c3e2b91…`, `conditional access policy 'MFA'`.
    public var subject: String
    /// What changed: `city became required`, `disabled`, `redirect URI added: http://localhost`.
    public var change: String
    /// The value in the first snapshot, when the change has one.
    public var before: String?
    /// The value in the second snapshot, when the change has one.
    public var after: String?

    public init(_ subject: String, _ change: String, before: String? = nil, after: String? = nil) {
        self.subject = subject
        self.change = change
        self.before = before
        self.after = after
    }

    /// `subject: change`, or `subject change` when the change is one word (`SMS method disabled`).
    public var sentence: String {
        change.contains(" ") ? "\(subject): \(change)" : "\(subject) \(change)"
    }
}
