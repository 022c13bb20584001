import Foundation

/// Tokens and the account after a completed sign-in. Holds no live framework objects.
///
/// The tokens are kept as ``Secret``s, so printing, interpolating or dumping a result never shows one; the
/// properties app code reads give them as the seed's `String`s.
/// Source: docs/protocol.md §N3.4 (token answer).
public struct TophhieAuthResult: Sendable, Hashable, CustomStringConvertible {
    /// The id token (a JWT). Always present: the framework asks for `openid` on every token request,
    /// and a token answer without an `id_token` is refused as a protocol error.
    public var idToken: String {
        get { idTokenSecret.revealed }
        set { idTokenSecret = Secret(newValue) }
    }
    /// The bearer access token for `scopes`.
    public var accessToken: String {
        get { accessTokenSecret.revealed }
        set { accessTokenSecret = Secret(newValue) }
    }
    /// The refresh token for `TophhieNativeAuth.refreshTokens(refreshToken:username:)`; nil when the answer had
    /// none (it needs `offline_access`).
    public var refreshToken: String? {
        get { refreshTokenSecret?.revealed }
        set { refreshTokenSecret = newValue.map { Secret($0) } }
    }
    private(set) var idTokenSecret: Secret
    private(set) var accessTokenSecret: Secret
    private(set) var refreshTokenSecret: Secret?
    /// When the access token expires.
    public var expiresOn: Date
    /// Scopes granted.
    public var scopes: [String]
    /// The account read from the id token and `client_info`.
    public var account: TophhieAccount
    /// Set when an early refresh failed (no answer, 429, 5xx) and this still-valid cached token was served
    /// instead: one sentence for the user, e.g. "Could not refresh early (service unavailable); the token is
    /// valid until 10:45 UTC." nil otherwise. Source: field case 030 (docs/field-cases.md).
    public var refreshDeferral: String?

    /// Memberwise; `expiresOn` is an absolute time, `scopes` the granted scopes.
    public init(idToken: String, accessToken: String, refreshToken: String?, expiresOn: Date, scopes: [String], account: TophhieAccount) {
        idTokenSecret = Secret(idToken)
        accessTokenSecret = Secret(accessToken)
        refreshTokenSecret = refreshToken.map { Secret($0) }
        self.expiresOn = expiresOn
        self.scopes = scopes
        self.account = account
    }

    /// - Throws: `NativeAuthError.unexpectedResponse` when the answer has no `id_token`.
    init(_ grant: TokenGrant, username: String?, receivedAt: Date) throws {
        guard let idToken = grant.idToken, !idToken.isEmpty else {
            throw NativeAuthError.unexpectedResponse("The token answer has no id_token, though openid was asked for.", correlationID: nil)
        }
        self.init(
            idToken: idToken.revealed, accessToken: grant.accessToken.revealed, refreshToken: grant.refreshToken?.revealed,
            expiresOn: receivedAt.addingTimeInterval(TimeInterval(grant.expiresIn)),
            scopes: grant.scope.split(separator: " ").map(String.init),
            account: TophhieAccount(idToken: idToken.revealed, clientInfo: grant.clientInfo, fallbackUsername: username))
    }

    /// Account, scopes and expiry, for traces: the account's other claims are personal data.
    public var description: String {
        "TophhieAuthResult(account: \(account.username ?? "?"), scopes: \(scopes.joined(separator: " ")), expiresOn: \(expiresOn))"
    }
}
