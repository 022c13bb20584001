import Foundation
import Synchronization

/// What every interactive call shares: the configuration it started with, the HTTP client, the token
/// cache, time, and the discovered endpoints. A sign-in keeps working with the session it started in.
struct InteractiveSession: Sendable {
    let configuration: InteractiveConfiguration
    let client: InteractiveClient
    let store: TokenCacheStore
    let sleeper: Sleeper
    let now: @Sendable () -> Date
    let discovered: DiscoveredMetadata
    /// Makes an account current after a sign-in.
    let makeCurrent: @Sendable (String) -> Void

    /// The discovery document, fetched once per configuration.
    /// - Throws: `AuthError.networkFailure`, `.server` (e.g. 404 for a wrong tenant), `.unexpectedResponse`.
    func metadata() async throws -> OIDCMetadata {
        if let known = discovered.value { return known }
        let url = configuration.authority.endpoint("/v2.0/.well-known/openid-configuration")
        let answer = try await client.get(url)
        guard answer.status == 200 else { throw AuthError.server(InteractiveClient.details(of: answer).details) }
        let metadata = try OIDCMetadata(json: answer.body)
        discovered.value = metadata
        return metadata
    }

    /// Reads a successful token answer, checks the id token's `nonce` when one was sent, stores the tokens
    /// and makes the account current.
    /// - Throws: `AuthError.unexpectedResponse` (no id token, nonce mismatch, no account identity),
    ///   `.tokenCache`.
    /// A refresh answer without `id_token` keeps `fallbackIDToken` (the cached one).
    /// - Parameter refreshing: the home account id a refresh was for: its tokens are stored only while that
    ///   account is still cached, so a sign-out by another process meanwhile stays (field case 029, docs/field-cases.md).
    /// - Parameter replacingRefreshToken: the refresh token the grant sent; the answer's rotates that one.
    /// - Throws: also `AuthError.signedOutElsewhere` when the refreshed account has left the cache.
    func finishSignIn(_ answer: InteractiveClient.Answer, scopes: [String], accountSource: String?, expectedNonce: String?,
                      realm knownRealm: String? = nil, fallbackIDToken: Secret? = nil, refreshing: String? = nil,
                      replacingRefreshToken: String? = nil) async throws
        -> TophhieAuthResult {
        let requested = configuration.scopeParameter(scopes)
        let tokens = try TokenGrant(answer: answer.body, requestedScope: requested)
        guard let idToken = tokens.idToken ?? fallbackIDToken else {
            throw AuthError.unexpectedResponse("The token answer has no id_token, though openid was asked for.")
        }
        if let expectedNonce, JWTClaims.claims(ofJWT: idToken.revealed)["nonce"] != expectedNonce {
            throw AuthError.unexpectedResponse("The id token's nonce differs from the one this sign-in sent.")
        }
        let result = try TophhieAuthResult(tokens, idToken: idToken, receivedAt: now())
        let realm = knownRealm ?? discovered.value?.realm(fallback: result.account.tenantID ?? "") ?? result.account.tenantID ?? ""
        let (clientID, environment, received) = (configuration.clientID, configuration.environment, now())
        let stored = try await store.update { cache in
            if let refreshing, cache.account(homeAccountID: refreshing, environment: environment) == nil { return false }
            try cache.store(tokens, clientID: clientID, environment: environment, realm: realm,
                            requestedScopes: requested.split(separator: " ").map(String.init), accountSource: accountSource, now: received,
                            replacingRefreshToken: replacingRefreshToken)
            return true
        }
        guard stored else { throw AuthError.signedOutElsewhere }
        if let home = result.account.homeAccountID { makeCurrent(home) }
        return result
    }
}

/// The discovery document once fetched, shared by the sessions of one configuration.
final class DiscoveredMetadata: Sendable {
    private let stored = Mutex<OIDCMetadata?>(nil)
    var value: OIDCMetadata? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

extension TophhieAuthResult {
    init(_ tokens: TokenGrant, idToken: Secret, receivedAt: Date) throws {
        self.init(idToken: idToken.revealed, accessToken: tokens.accessToken.revealed, refreshToken: tokens.refreshToken?.revealed,
                  expiresOn: receivedAt.addingTimeInterval(TimeInterval(tokens.expiresIn)),
                  scopes: tokens.scope.split(separator: " ").map(String.init),
                  account: TophhieAccount(idToken: idToken.revealed, clientInfo: tokens.clientInfo, fallbackUsername: nil))
    }
}
