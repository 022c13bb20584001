/// A snapshot file that cannot be read as one; `description` says where it is wrong.
public struct SnapshotFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `signUpFlows[0].attributes[2].required is not true or false`.
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { "not a tenant snapshot: \(reason)." }
}
