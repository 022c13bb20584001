/// A classified error answer: what the client should do, with the envelope for operators.
///
/// Source: docs/protocol.md §N3.5 (MSAL iOS decision order), §N4.1, §N4.3, §N5, §N6, §N7.
public struct ServerError: Error, Sendable, Equatable {
    /// A step the tenant asks for in an error answer (docs/protocol.md §N3.5, §N4.3).
    public enum NextStep: Sendable, Equatable {
        /// `attributes_required`: collect these and continue with `grant_type=attributes` and the new token.
        case attributesRequired([WireAttribute], continuationToken: String)
        /// `credential_required`: call `/signup/v1.0/challenge` with the new token, expect `password`.
        case credentialRequired(continuationToken: String)
        /// `verification_required`: these attributes need verification (a legacy answer).
        case verificationRequired([String], continuationToken: String)
        /// `invalid_grant` + a step suberror (`mfa_required`: introspect with the new token; `registration_required`:
        /// `/register/v1.0/introspect` with it): one case, so only the sign-in that leads there decides about a new one.
        case step(Suberror.Step, continuationToken: String)
    }

    /// What the error means for the flow.
    public enum Kind: Sendable, Equatable {
        /// `invalid_grant` + `invalid_oob_value`: wrong code; retry with the same token.
        case invalidCode
        /// `invalid_grant` + a password-policy suberror; retry with the same token.
        case invalidPassword(Suberror)
        /// `invalid_grant` + `attribute_validation_failed`: the names in `invalid_attributes`.
        case invalidAttributes([String])
        /// The tenant asks for another step, with a new continuation token: a step where the protocol allows one
        /// there, an unexpected answer anywhere else.
        case nextStep(NextStep)
        /// `invalid_request` + `introspect_required` (legacy MFA): call introspect.
        case introspectRequired
        /// `user_not_found`, or `invalid_grant` with 50034 on `/token`: no account for that username.
        case userNotFound
        /// `user_already_exists` (AADSTS1003037): sign-up for an existing account.
        case userAlreadyExists
        /// 50126: wrong username or password.
        case invalidCredentials
        /// `expired_token` (continuation token) or an expired refresh token (700082, `expired_refresh_token`).
        case expiredToken
        /// `access_denied` + `provider_blocked_by_rep` / `provider_blocked_by_admin`, both AADSTS550024 in the
        /// documented exchanges (fixtures `register-challenge-access-denied-provider-blocked-by-*`).
        case authMethodBlocked(Suberror)
        /// 901001 (contact not plausible) or 90100 with an invalid username.
        case invalidInput
        /// 500222: the account signs in with codes only.
        case userHasNoPassword
        /// 50142: Conditional Access demands a password change.
        case passwordChangeRequired
        /// 50076 on a refresh: MFA became required; an interactive sign-in must run.
        case interactionRequired
        /// `unauthorized_client`, or 90100 naming `client_id`: the client id is unknown to the tenant.
        case unauthorizedClient
        /// `invalid_client` without `nativeauthapi_disabled` (e.g. a confidential client, 550022).
        case invalidClient
        /// `invalid_client` + `nativeauthapi_disabled`.
        case nativeAuthDisabled
        /// `redirect` missing from `challenge_type`.
        case unsupportedChallengeType
        /// HTTP 429, with `Retry-After` seconds when sent.
        case throttled(retryAfter: Int?)
        /// AADSTS701014 "Cannot generate more one time passcodes" (`invalid_request`, HTTP 400) on a challenge or a
        /// resend: the service sends no more codes to this address for a while; an earlier code may still work.
        /// Told by `error_codes`, or by the description's `AADSTS701014:` prefix when `error_codes` is empty.
        case codeLimitReached
        /// HTTP 5xx or another status the protocol gives no meaning (its envelope is kept when it sent one).
        case httpStatus(Int)
        /// Anything else; `envelope` says what.
        case general
    }

    /// The classification the flows switch on.
    public var kind: Kind
    /// The server's envelope; absent when the body is not one (a proxy's HTML error page, a bare 429).
    public var envelope: ErrorEnvelope?
    /// HTTP status.
    public var status: Int
    /// From the body's `correlation_id`, else the `client-request-id` response header.
    public var correlationID: String?

    /// Memberwise; `envelope` is nil when the answer carried none (a bare 429, an HTML error page).
    public init(kind: Kind, envelope: ErrorEnvelope?, status: Int, correlationID: String?) {
        self.kind = kind
        self.envelope = envelope
        self.status = status
        self.correlationID = correlationID
    }
}
