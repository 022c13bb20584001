import TophhieCloudAuthentication

/// What a sign-up step answered, without the live step (which the runner keeps).
///
/// `SignUpStep` without its live steps (docs/protocol.md §N4.3, §N4.4), built in `AccountFlowLive/SignUp+Live.swift`.
public enum SignUpProgress: Sendable, Equatable {
    /// `credential_required`: ask for the password now; the server's answer, for a report if it repeats.
    case passwordRequired(ServerDetails)
    /// `attributes_required`: build a form from these, in the server's order; the server's answer, for a
    /// report if it repeats.
    case attributesRequired([RequiredAttribute], ServerDetails)
    /// The account exists; sign-in with the continuation token is possible.
    case completed
}
