/// Form parameter names of the native authentication API.
///
/// Source: docs/protocol.md §N1.4, §N3.1–§N3.7, §N4.1–§N4.3, §N5.1–§N5.5, §N6.
public enum FormKey: String, Sendable, CaseIterable {
    /// The app (client) id, a GUID; sent on every call (docs/protocol.md §N1.4).
    case clientID = "client_id"
    /// The user's email: sign-in, sign-up and reset start; `/token` password grant and sign-in after
    /// sign-up or reset (docs/protocol.md §N3.1, §N3.3, §N4.1, §N5.1).
    case username
    /// The password: `/token` with `grant_type=password`, sign-up start or continue (docs/protocol.md §N3.3, §N4.1, §N4.3). Secret.
    case password
    /// The new password on `/resetpassword/v1.0/submit` (docs/protocol.md §N5.4). Secret.
    case newPassword = "new_password"
    /// Space-separated challenge types, e.g. `oob password redirect`; must include `redirect` (docs/protocol.md §N1.4).
    /// On `/register/v1.0/challenge`, the chosen method's single type (docs/protocol.md §N3.7 step B).
    case challengeType = "challenge_type"
    /// Space-separated capabilities (`mfa_required registration_required`); omitted when none (docs/protocol.md §N1.4).
    case capabilities
    /// The opaque flow token, sent on every call after a flow's first (docs/protocol.md §N1.5). Secret.
    case continuationToken = "continuation_token"
    /// How `/oauth2/v2.0/token` or a `continue` endpoint is satisfied; see `GrantType` (docs/protocol.md §N3.3, §N4.3).
    case grantType = "grant_type"
    /// The one-time code the user typed, with `grant_type` `oob` or `mfa_oob` (docs/protocol.md §N3.3, §N3.7, §N4.3, §N5.3). Secret.
    case oob
    /// Space-separated scopes on `/token`; `openid profile offline_access` are added to the app's (docs/protocol.md §N3.3).
    case scope
    /// `true` asks `/token` for `client_info` (base64url JSON with `uid`, `utid`) (docs/protocol.md §N3.3).
    case clientInfo = "client_info"
    /// Optional OIDC claims request on `/token`, a JSON string (e.g. an `acrs` value) (docs/protocol.md §N3.3).
    case claims
    /// Sign-up attributes as one JSON-object string; see `AttributesParameter` (docs/protocol.md §N4.1, §N4.3).
    case attributes
    /// The chosen MFA method's `id` on `/oauth2/v2.0/challenge`; never sent to `/register/v1.0/challenge`
    /// (docs/protocol.md §N3.6 step B, §N3.7 step B).
    case id
    /// The email address or phone number being registered, on `/register/v1.0/challenge` (docs/protocol.md §N3.7 step B).
    case challengeTarget = "challenge_target"
    /// `email` or `sms`, on `/register/v1.0/challenge` (docs/protocol.md §N3.7 step B).
    case challengeChannel = "challenge_channel"
    /// The refresh token for `grant_type=refresh_token` (docs/protocol.md §N6). Secret.
    case refreshToken = "refresh_token"
    /// The authorization code for `grant_type=authorization_code`. Secret. Source: docs/protocol.md §I4.5.
    case code
    /// The PKCE verifier sent with the authorization code. Secret. Source: docs/protocol.md §I4.5; RFC 7636.
    case codeVerifier = "code_verifier"
    /// The device code polled with `grant_type=urn:ietf:params:oauth:grant-type:device_code`. Secret.
    /// Source: docs/protocol.md §I4.2; RFC 8628 §3.4.
    case deviceCode = "device_code"

    /// Parameters whose values are secrets and never reach a log, trace or export.
    public static let secrets: Set<FormKey> = [.password, .newPassword, .oob, .continuationToken, .refreshToken, .code, .codeVerifier,
                                               .deviceCode]
}
