import TenantEmulator

/// A fault the operator can queue, named as the protocol's error catalogue names what the client will meet.
/// Source: docs/protocol.md §N7.1 (`error` values), §N7.2 (suberrors), §N1.6 (redirect); the emulator's `Fault.Kind`.
struct FaultChoice: Equatable {
    let kind: Fault.Kind
    /// What the next request answers, e.g. `expired_token (AADSTS55112): continuation token expired`.
    let label: String

    /// One entry per kind the emulator can inject into native-auth answers.
    static let catalogue: [FaultChoice] = [
        FaultChoice(kind: .expiredToken, label: "expired_token (AADSTS55112): continuation token expired"),
        FaultChoice(kind: .smsBlocked, label: "access_denied/provider_blocked_by_rep (AADSTS550024)"),
        FaultChoice(kind: .redirect, label: "challenge_type redirect: the web fallback"),
        FaultChoice(kind: .http429, label: "429 temporarily_unavailable, Retry-After 1 s"),
        FaultChoice(kind: .http500, label: "500 server_error (transient)"),
        FaultChoice(kind: .delay, label: "a slow answer, 1 s late"),
    ]
}
