/// The signed-in user's profile (`GET /v1.0/me` with an explicit `$select`), from the framework's answer
/// (``init(_:)``).
public struct ProfileSummary: Sendable, Equatable {
    /// Every property read, in display order (`id`, `displayName`, `givenName`, … `createdDateTime`).
    public var fields: [ProfileFieldSummary]

    /// Memberwise.
    public init(fields: [ProfileFieldSummary]) {
        self.fields = fields
    }
}
