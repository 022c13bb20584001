/// What an answer means, after validation: the only shape the framework's flows see.
///
/// `redirect` is tested first on every 200; a success lacking a mandatory field, or a body that is not
/// the JSON expected, becomes `unexpected` with the correlation id.
/// Source: native-auth API reference §1.6, §1.7, §9.
public enum ValidatedResponse: Sendable, Equatable {
    /// initiate / signup start / reset start accepted the user: the flow's first token.
    case started(continuationToken: String)
    /// A password is needed (sign-in or sign-up `challenge_type=password`), or the reset code was
    /// accepted and a new password may be submitted.
    case passwordRequired(continuationToken: String)
    case codeRequired(CodeChallenge)
    /// `/register/v1.0/challenge`: the contact is already verified; continue with `grant_type=continuation_token`.
    case preverified(continuationToken: String)
    /// Introspect: the user must pick one of these methods.
    case selectionRequired(continuationToken: String, methods: [WireAuthMethod])
    /// signup / register continue succeeded; the token (if any) feeds `/oauth2/v2.0/token`.
    case completed(continuationToken: String?, expiresIn: Int?)
    /// `/resetpassword/v1.0/submit` accepted: poll with this token every `pollInterval` seconds.
    case pollRequired(continuationToken: String, pollInterval: Int)
    case pollInProgress
    case pollSucceeded(continuationToken: String?)
    case pollFailed
    case tokens(TokenGrant)
    /// The server wants a browser (`challenge_type=redirect`).
    case redirect(reason: String?)
    case rejected(ServerError)
    /// The answer broke the protocol: what was wrong, and the correlation id for a support ticket.
    case unexpected(reason: String, correlationID: String?)
}
