/// What an answer means, after validation: the only shape the framework's flows see.
///
/// `redirect` is tested first on every 200; a success lacking a mandatory field, or a body that is not
/// the JSON expected, becomes `unexpected` with the correlation id.
/// Source: docs/protocol.md §N1.6, §N1.7, §N9.
public enum ValidatedResponse: Sendable, Equatable {
    /// initiate / signup start / reset start accepted the user: the flow's first token.
    case started(continuationToken: String)
    /// A password is needed (sign-in or sign-up `challenge_type=password`), or the reset code was
    /// accepted and a new password may be submitted.
    case passwordRequired(continuationToken: String)
    /// A one-time code was sent (`challenge_type=oob`): where, its length, and the token to verify or resend with.
    case codeRequired(CodeChallenge)
    /// `/register/v1.0/challenge`: the contact is already verified; continue with `grant_type=continuation_token`.
    case preverified(continuationToken: String)
    /// Introspect: the user must pick one of these methods.
    case selectionRequired(continuationToken: String, methods: [WireAuthMethod])
    /// signup / register continue succeeded; the token (if any) feeds `/oauth2/v2.0/token`.
    case completed(continuationToken: String?, expiresIn: Int?)
    /// `/resetpassword/v1.0/submit` accepted: poll with this token every `pollInterval` seconds.
    case pollRequired(continuationToken: String, pollInterval: Int)
    /// `in_progress` or `not_started`: wait `poll_interval` seconds and poll again with the same token.
    case pollInProgress
    /// `succeeded`: the token for sign-in after the reset; nil when the server sent none (no auto sign-in).
    case pollSucceeded(continuationToken: String?)
    /// `failed`: the service did not apply the new password.
    case pollFailed
    /// `/oauth2/v2.0/token` returned tokens.
    case tokens(TokenGrant)
    /// The server wants a browser (`challenge_type=redirect`).
    case redirect(reason: String?)
    /// An error answer (HTTP 400/401, 429 or any other non-200 status), classified.
    case rejected(ServerError)
    /// The answer broke the protocol: what was wrong, and the correlation id for a support ticket.
    case unexpected(reason: String, correlationID: String?)
}
