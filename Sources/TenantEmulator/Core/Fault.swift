/// A queued misbehaviour for one endpoint (`POST /emulator/v1/faults`).
///
/// Kinds: `http429` (throttled, `Retry-After: seconds`), `http500` (server error), `http503` (a gateway's HTML
/// "Service Unavailable" page with `Retry-After: seconds`, not the JSON envelope; field case 030), `delay` (answer after
/// `seconds`), `expiredToken` (`expired_token` 55112, as the documented exchanges), `redirect` (200 web fallback), `smsBlocked`
/// (`access_denied` + `provider_blocked_by_rep` 550024, field case 003 (docs/field-cases.md)). Each matching request uses one of `count`.
/// Graph paths (`/v1.0/me`, `/v1.0/auditLogs/signIns`, the configuration reads) take `http429` (Graph's `TooManyRequests`),
/// `http500`, `http403` (`Authorization_RequestDenied`) and `delay` only, and are never matched by `*`. Source: docs/protocol.md §I5.3 (throttling); field case 022 b, c.
public struct Fault: Sendable, Equatable {
    /// The misbehaviours listed above; `rawValue` is the control API's `kind`.
    public enum Kind: String, Sendable, CaseIterable {
        /// All but `delay` answer in place of the endpoint; `delay` lets it answer, `seconds` later.
        case http429, http500, http503, delay, expiredToken, redirect, smsBlocked
        /// Graph paths only: 403 `Authorization_RequestDenied`, as for an operator without the permission or role.
        case http403
    }

    /// An endpoint path such as `/signup/v1.0/start` or `/v1.0/auditLogs/signIns`, or `*` for every native-auth endpoint.
    public var endpoint: String
    /// The misbehaviour to apply.
    public var kind: Kind
    /// Matching requests it still applies to (at least 1); the fault is dropped when none are left.
    public var count: Int
    /// `Retry-After` of `http429` and `http503`, and the wait of `delay`, in seconds (0–300 through the control API).
    public var seconds: Int
    /// `http429` and `http503`: send `Retry-After: seconds` (default) or no `Retry-After` at all (field case 022 c (docs/field-cases.md)).
    public var retryAfter: Bool

    /// By default one use, 1 second, with `Retry-After`.
    public init(endpoint: String, kind: Kind, count: Int = 1, seconds: Int = 1, retryAfter: Bool = true) {
        self.endpoint = endpoint
        self.kind = kind
        self.count = count
        self.seconds = seconds
        self.retryAfter = retryAfter
    }
}
