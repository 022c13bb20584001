/// A queued misbehaviour for one endpoint (`POST /emulator/v1/faults`).
///
/// Kinds: `http429` (throttled, `Retry-After: seconds`), `http500` (server error), `delay` (answer after
/// `seconds`), `expiredToken` (`expired_token` 55112, as the documented exchanges), `redirect` (200 web fallback), `smsBlocked`
/// (`access_denied` + `provider_blocked_by_rep` 550024, case 003). Each matching request uses one of `count`.
public struct Fault: Sendable, Equatable {
    /// The misbehaviours listed above; `rawValue` is the control API's `kind`.
    public enum Kind: String, Sendable, CaseIterable {
        /// All but `delay` answer in place of the endpoint; `delay` lets it answer, `seconds` later.
        case http429, http500, delay, expiredToken, redirect, smsBlocked
    }

    /// An endpoint path such as `/signup/v1.0/start`, or `*` for every protocol endpoint.
    public var endpoint: String
    /// The misbehaviour to apply.
    public var kind: Kind
    /// Matching requests it still applies to (at least 1); the fault is dropped when none are left.
    public var count: Int
    /// `Retry-After` of `http429` and the wait of `delay`, in seconds (0–300 through the control API).
    public var seconds: Int

    /// By default one use and 1 second.
    public init(endpoint: String, kind: Kind, count: Int = 1, seconds: Int = 1) {
        self.endpoint = endpoint
        self.kind = kind
        self.count = count
        self.seconds = seconds
    }
}
