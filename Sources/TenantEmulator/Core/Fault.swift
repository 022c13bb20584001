/// A queued misbehaviour for one endpoint (`POST /emulator/v1/faults`).
///
/// Kinds: `http429` (throttled, `Retry-After: seconds`), `http500` (server error), `delay` (answer after
/// `seconds`), `expiredToken` (`expired_token` 55112, as the documented exchanges), `redirect` (200 web fallback), `smsBlocked`
/// (`access_denied` + `provider_blocked_by_rep` 550024, case 003). Each matching request uses one of `count`.
public struct Fault: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case http429, http500, delay, expiredToken, redirect, smsBlocked
    }

    /// An endpoint path such as `/signup/v1.0/start`, or `*` for every protocol endpoint.
    public var endpoint: String
    public var kind: Kind
    public var count: Int
    public var seconds: Int

    public init(endpoint: String, kind: Kind, count: Int = 1, seconds: Int = 1) {
        self.endpoint = endpoint
        self.kind = kind
        self.count = count
        self.seconds = seconds
    }
}
