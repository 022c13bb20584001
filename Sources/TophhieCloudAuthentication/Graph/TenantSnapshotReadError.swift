import Foundation
import TenantConfiguration

/// A tenant snapshot that stopped at one read: Graph failed it in a way that is not a refusal (a 5xx, throttling
/// past the retries, a lost connection), so no snapshot is made (half a tenant would diff as a change). Names
/// the read, e.g. `mfaPolicies (GET /v1.0/identity/conditionalAccess/policies)`, and keeps Graph's error.
public struct TenantSnapshotReadError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// The read that failed.
    public let read: GraphConfigurationRead
    /// Graph's error for it.
    public let error: GraphError

    /// The read that failed as `PART (GET /VERSION/PATH)`.
    public var request: String { "\(read.title) (GET /\(read.version)\(read.path))" }

    /// `PART (GET /VERSION/PATH): GRAPH'S ERROR`.
    public var description: String {
        "\(request): \(error.errorDescription ?? "\(error)")"
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
