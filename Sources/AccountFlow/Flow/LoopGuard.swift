/// Stops a flow when the server returns the same step again and again with no progress (a lesson from
/// Keycloak's required-action loops).
public struct LoopGuard: Sendable, Equatable {
    /// The same step this many times in a row stops the flow.
    public static let limit = 3

    var lastStep: String?
    var count = 0

    /// A guard that has seen no step yet.
    public init() {}

    /// Records a server step (a key naming the step and what it asked for); returns `false` when this is
    /// the ``limit``-th time in a row.
    mutating func allow(_ step: String) -> Bool {
        if step == lastStep {
            count += 1
        } else {
            lastStep = step
            count = 1
        }
        return count < Self.limit
    }
}
