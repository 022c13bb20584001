import Foundation
import Synchronization

/// The interactive stack: sign-in that leaves the app (browser with a loopback redirect, or device code),
/// silent refresh from an MSAL-compatible token cache, sign-out, cached-account restore.
///
/// Thread-safe: `.shared` for apps, or a plain instance per tenant (tests, tools). Configured apart from
/// `TophhieNativeAuth`; the two share no state, only (when given the same path) the token cache file.
/// Source: docs/ARCHITECTURE.md (interactive stack); docs/protocol.md §I1–§I4.
///
/// ```swift
/// try TophhieAuth.shared.configure(clientId: "…", authority: URL(string: "https://contoso.ciamlogin.com/"))
/// let result = try await TophhieAuth.shared.acquireTokenSilent()   // works after a relaunch
/// ```
public final class TophhieAuth: Sendable {
    /// The app-wide instance.
    public static let shared = TophhieAuth()

    private struct Configured: Sendable {
        let configuration: InteractiveConfiguration
        let transport: any HTTPTransport
        let store: TokenCacheStore
        let discovered: DiscoveredMetadata
    }

    private let configured = Mutex<Configured?>(nil)
    private let current = Mutex<String?>(nil)
    private let observer = Mutex<ExchangeObserver?>(nil)
    private let injectedTransport: (any HTTPTransport)?
    private let sleeper: Sleeper
    private let clock: @Sendable () -> Date
    private let timeout: TimeInterval

    /// Access tokens with less than this many seconds left are refreshed (MSAL's 5-minute buffer).
    /// Source: docs/protocol.md §I2.4.
    public static let expiryBuffer: TimeInterval = 300

    /// - Parameters:
    ///   - transport: how requests are sent; by default `URLSession`, or libcurl when a CA file is configured.
    ///   - sleeper: how device-code polling waits; tests pass one that advances a virtual clock.
    ///   - clock: the current time (token expiry, device-code expiry).
    ///   - timeout: seconds before a request is abandoned.
    public init(transport: (any HTTPTransport)? = nil, sleeper: @escaping Sleeper = taskSleeper,
                clock: @escaping @Sendable () -> Date = { Date() }, timeout: TimeInterval = 30) {
        injectedTransport = transport
        self.sleeper = sleeper
        self.clock = clock
        self.timeout = timeout
    }

    /// Configures the instance and, by default, restores the first cached account of this app and authority,
    /// so `acquireTokenSilent()` works right after a relaunch.
    /// - Parameters:
    ///   - clientId: the app (client) id.
    ///   - authority: any shape `Authority` accepts; plain `http` only for loopback.
    ///   - redirectURI: the registered redirect URI; `http://localhost` (any port) for browser sign-in.
    ///   - scopes: default scopes of every call (`openid profile offline_access` are always added).
    ///   - tokenCachePath: the MSAL unified cache file; `nil` keeps tokens in memory only.
    ///     Default: `TokenCacheFile.defaultPath()` (`$TOPHHIE_TOKEN_CACHE`, else
    ///     `${XDG_STATE_HOME:-~/.local/state}/tophhie/msal_token_cache.json`).
    ///   - caFile: a PEM CA certificate trusted for HTTPS besides the system's.
    ///   - restoreCachedAccount: pick the first cached account as `currentAccount`.
    ///   - graphEndpoint: Microsoft Graph's base URL for `profile`, `updateProfile` and `signInHistory`;
    ///     `https` (plain `http` only for loopback hosts).
    /// - Returns: the restored account, if any.
    /// - Throws: `AuthError.invalidConfiguration`, `.tokenCache`.
    @discardableResult
    public func configure(clientId: String, authority: URL? = TophhieConfiguration.defaultAuthority, redirectURI: URL? = nil,
                          scopes: [String] = TophhieConfiguration.defaultScopes,
                          tokenCachePath: String? = TokenCacheFile.defaultPath(), caFile: String? = nil,
                          restoreCachedAccount: Bool = true,
                          graphEndpoint: URL? = TophhieConfiguration.graphEndpoint) throws -> TophhieAccount? {
        guard let authority else { throw AuthError.invalidConfiguration("No authority was given.") }
        guard let redirect = redirectURI ?? URL(string: "http://localhost") else {
            throw AuthError.invalidConfiguration("No redirect URI was given.")
        }
        let configuration = try InteractiveConfiguration(clientID: clientId, authority: authority, redirectURI: redirect, scopes: scopes,
                                                         tokenCachePath: tokenCachePath, caFile: caFile, graphEndpoint: graphEndpoint)
        let transport: any HTTPTransport
        if let injectedTransport {
            transport = injectedTransport
        } else {
            do {
                transport = try makeTransport(caFile: caFile)
            } catch {
                throw AuthError.invalidConfiguration("\(error)")
            }
        }
        let store = TokenCacheStore(path: tokenCachePath)
        configured.withLock {
            $0 = Configured(configuration: configuration, transport: transport, store: store, discovered: DiscoveredMetadata())
        }
        current.withLock { $0 = nil }
        guard restoreCachedAccount else { return nil }
        let restored = try accounts.first
        current.withLock { $0 = restored?.homeAccountID }
        return restored
    }

    /// The configuration in force, if any.
    public var configuration: InteractiveConfiguration? { configured.withLock { $0?.configuration } }

    /// Sets (or clears) the observer that receives every HTTP exchange, secrets redacted.
    public func observe(_ observer: ExchangeObserver?) {
        self.observer.withLock { $0 = observer }
    }

    /// The "damaged cache file moved aside" sentence, once, after a read found one (field case 019, docs/field-cases.md).
    public func takeCacheNotice() -> String? { configured.withLock { $0?.store }?.takeNotice() }

    /// Reads the token cache file off Swift's cooperative pool, as a write would: a damaged file is moved aside under
    /// its lock and ``takeCacheNotice()`` then says so. The synchronous `accounts` and `currentAccount` read a damaged
    /// file as empty and leave it where it is, so a command that only reads calls this first (field case 019).
    /// - Throws: `AuthError.notConfigured`, `.tokenCache`, `CancellationError`.
    public func checkCache() async throws { _ = try await makeSession().store.read() }

    /// Waits `seconds` with the sleeper this instance was made with (the one its own throttling and polling waits
    /// use), so a caller's polling follows a test's virtual clock too. Never blocks a thread.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func wait(seconds: Double) async throws { try await sleeper(seconds) }

    // MARK: - Accounts

    /// The cached accounts of this app and authority, by username then home account id.
    /// - Throws: `AuthError.notConfigured`, `.tokenCache`.
    public var accounts: [TophhieAccount] {
        get throws {
            let session = try makeSession()
            let cache = try session.store.readNow()
            return cache.accounts(clientID: session.configuration.clientID)
                .filter { $0.environment.lowercased() == session.configuration.environment }
                .map { Self.account($0, in: cache, clientID: session.configuration.clientID) }
        }
    }

    /// The account silent calls use: restored at `configure`, or the last signed in; nil when none.
    public var currentAccount: TophhieAccount? {
        guard let home = current.withLock({ $0 }), let session = try? makeSession(), let cache = try? session.store.readNow(),
              let cached = cache.account(homeAccountID: home, environment: session.configuration.environment) else { return nil }
        return Self.account(cached, in: cache, clientID: session.configuration.clientID)
    }

    /// Makes a cached account current (the console's Switch account).
    /// - Throws: `AuthError.noAccount` when it is not in the cache.
    public func switchAccount(to account: TophhieAccount) throws {
        guard let home = account.homeAccountID, try accounts.contains(where: { $0.homeAccountID?.lowercased() == home.lowercased() }) else {
            throw AuthError.noAccount
        }
        current.withLock { $0 = home }
    }

    // MARK: - Silent

    /// An access token for `scopes` without user interaction: the cached one while it has more than
    /// 5 minutes left (and its `refresh_on` has not passed), else the refresh-token grant; the rotated
    /// refresh token replaces the old one in the cache. A token cached "in the future" (`cached_at` later than
    /// `clock`: the clock that wrote it was ahead, or this one is behind) is never served, its real life being
    /// unknown: it is refreshed, and the new one's expiry is this clock plus `expires_in`, never the JWT's `exp`
    /// (field case 042, docs/field-cases.md).
    ///
    /// An early refresh (after `refresh_on`, more than 5 minutes left; not a forced one) that gets no answer,
    /// 429 or 5xx serves the cached token instead, with ``TophhieAuthResult/refreshDeferral`` saying why and until
    /// when it is valid; the next call tries again (MSAL's rule for a failed proactive refresh).
    ///
    /// Tokens from a refresh are stored only while the account is still in the cache: a sign-out by another
    /// process during the refresh is never undone (MSAL Python stores them without re-creating the account).
    /// - Parameters:
    ///   - scopes: resource scopes; the configured ones by default.
    ///   - account: the account; `currentAccount` by default.
    ///   - forceRefresh: skip the cached access token.
    /// - Throws: `AuthError.noAccount`, `.signedOutElsewhere` (the account left the cache during the
    ///   refresh), `.interactionRequired` (refresh token dead: removed from the cache), `.mfaRequired`,
    ///   `.consentRequired` (refresh token kept), `.serviceUnavailable` (429/5xx with 5 minutes or less left;
    ///   refresh token kept), `.server`, `.networkFailure`, `.tokenCache`, `CancellationError`.
    /// Source: docs/protocol.md §I2.1–§I2.4, traps T11–T12; field cases 005, 029, 030 (docs/field-cases.md).
    public func acquireTokenSilent(scopes: [String]? = nil, account: TophhieAccount? = nil, forceRefresh: Bool = false) async throws
        -> TophhieAuthResult {
        let session = try makeSession()
        let configuration = session.configuration
        guard let home = account?.homeAccountID ?? current.withLock({ $0 }) else { throw AuthError.noAccount }
        let requested = scopes ?? configuration.scopes
        let resource = InteractiveConfiguration.resourceScopes(requested)
        let cache = try await session.store.read()
        guard let cachedAccount = cache.account(homeAccountID: home, environment: configuration.environment) else {
            throw AuthError.noAccount
        }
        let now = clock()
        let idToken = cache.idToken(homeAccountID: home, environment: configuration.environment, clientID: configuration.clientID,
                                    realm: cachedAccount.realm)
        var fallback: TophhieAuthResult?
        if let token = cache.accessToken(homeAccountID: home, environment: configuration.environment, clientID: configuration.clientID,
                                         realm: cachedAccount.realm, scopes: resource),
           token.cachedAt <= now, token.expiresOn.timeIntervalSince(now) > Self.expiryBuffer, let idToken {
            let cached = Self.result(token, idToken: idToken.secret, cache: cache, account: cachedAccount, clientID: configuration.clientID)
            if !forceRefresh {
                if token.refreshOn.map({ now < $0 }) ?? true { return cached }
                fallback = cached
            }
        }
        do {
            return try await refresh(session, cache: cache, home: home, scopes: requested, realm: cachedAccount.realm, retryOnRotation: true)
        } catch let error as AuthError {
            guard var fallback, let reason = Self.deferrableReason(error) else { throw error }
            fallback.refreshDeferral = "Could not refresh early (\(reason)); the token is valid until \(Self.utcTime(fallback.expiresOn))."
            return fallback
        }
    }

    /// Why a refresh failed, when the failure is the service's or the network's and a valid cached token may
    /// be served instead; nil for answers about the grant itself (dead token, MFA, consent).
    private static func deferrableReason(_ error: AuthError) -> String? {
        switch error {
        case .networkFailure: "no answer from the sign-in service"
        case .serviceUnavailable(let details, _): details.status == 429 ? "the sign-in service is busy" : "service unavailable"
        case .notConfigured, .invalidConfiguration, .noAccount, .interactionRequired, .mfaRequired, .consentRequired,
             .deviceCodeExpired, .authorizationDeclined, .cancelled, .signedOutElsewhere, .server, .unexpectedResponse,
             .tokenCache:
            nil
        }
    }

    /// `HH:mm UTC`.
    private static func utcTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%02d:%02d UTC", Int(parts.tm_hour), Int(parts.tm_min))
    }

    /// The refresh-token grant with the account's refresh tokens in MSAL's order (`MSALTokenCache.refreshTokens`):
    /// a refused one is followed by the next (a family token by the app's own); an outage ends the attempts. No
    /// `token_type` is sent, so the answer is a Bearer token (docs/protocol.md §I2.1). A dead token of this app is
    /// removed; another app's family token never is.
    private func refresh(_ session: InteractiveSession, cache: MSALTokenCache, home: String, scopes: [String], realm: String,
                         retryOnRotation: Bool) async throws -> TophhieAuthResult {
        let configuration = session.configuration
        let candidates = cache.refreshTokens(homeAccountID: home, environment: configuration.environment, clientID: configuration.clientID)
        guard !candidates.isEmpty else {
            throw AuthError.interactionRequired(ServerDetails(errorDescription: "No refresh token is cached for this account."))
        }
        let metadata = try await session.metadata()
        var failure: AuthError?
        var dead: [String] = []
        for refreshToken in candidates {
            let answer = try await session.client.post(metadata.tokenEndpoint, form: [
                ("client_id", configuration.clientID),
                ("grant_type", "refresh_token"),
                ("refresh_token", refreshToken.secret.revealed),
                ("scope", configuration.scopeParameter(scopes)),
                ("client_info", "1"),
            ])
            if answer.status == 200 {
                return try await session.finishSignIn(answer, scopes: scopes, accountSource: nil, expectedNonce: nil, realm: realm,
                                                      fallbackIDToken: cache.idToken(homeAccountID: home, environment: configuration.environment,
                                                                                     clientID: configuration.clientID, realm: realm)?.secret,
                                                      refreshing: home, replacingRefreshToken: refreshToken.secret.revealed)
            }
            let refused = GrantFailure.classify(answer)
            failure = refused.error
            if refused.refreshTokenDead, refreshToken.clientID.lowercased() == configuration.clientID.lowercased() { dead.append(refreshToken.secret.revealed) }
            if case .serviceUnavailable = refused.error { break }
        }
        // Another process may have rotated the token meanwhile (docs/protocol.md trap T12): retry once with the newer one.
        let now = try await session.store.read()
        if retryOnRotation, let newer = now.refreshTokens(homeAccountID: home, environment: configuration.environment, clientID: configuration.clientID).first,
           !candidates.contains(where: { $0.secret == newer.secret }) {
            return try await self.refresh(session, cache: now, home: home, scopes: scopes, realm: realm, retryOnRotation: false)
        }
        if !dead.isEmpty {
            let sent = dead
            try await session.store.update { cache in cache.remove(.refreshToken) { entry in entry.text("secret").map(sent.contains) ?? false } }
        }
        throw failure ?? AuthError.interactionRequired(ServerDetails(errorDescription: "No refresh token is cached for this account."))
    }

    // MARK: - Interactive

    /// Starts a device-code sign-in (RFC 8628): show the step's `userCode` and `verificationURI`, then
    /// call its `waitForSignIn`.
    /// - Throws: `AuthError.server` (e.g. `unauthorized_client`, AADSTS7000218 when public client flows
    ///   are off), `.networkFailure`, `.unexpectedResponse`.
    /// Source: docs/protocol.md §I4.1.
    public func startDeviceCodeSignIn(scopes: [String]? = nil) async throws -> DeviceCodeStep {
        let session = try makeSession()
        let requested = scopes ?? session.configuration.scopes
        let metadata = try await session.metadata()
        let endpoint = metadata.deviceAuthorizationEndpoint ?? session.configuration.authority.endpoint("/oauth2/v2.0/devicecode")
        let answer = try await session.client.post(endpoint, form: [
            ("client_id", session.configuration.clientID),
            ("scope", session.configuration.scopeParameter(requested)),
        ])
        guard answer.status == 200 else { throw GrantFailure.classify(answer).error }
        return try DeviceCodeStep(answer: answer.body, authority: session.configuration.authority, issuedAt: clock(), scopes: requested,
                                  session: session)
    }

    /// Starts a browser sign-in: a loopback listener on an ephemeral port and the authorization URL
    /// (PKCE S256, `state`, `nonce`, `response_mode=form_post`).
    /// - Parameters:
    ///   - prompt: the OIDC `prompt`; `.selectAccount` by default, nil sends none.
    ///   - scopes: resource scopes; the configured ones by default (`openid profile offline_access` added).
    ///   - loginHint: a username to prefill.
    /// - Throws: `AuthError.invalidConfiguration` (redirect URI not `http://localhost`, no loopback port),
    ///   `.networkFailure`, `.server` (discovery).
    /// Source: docs/protocol.md §I4.4–§I4.6.
    public func startBrowserSignIn(prompt: PromptType? = .selectAccount, scopes: [String]? = nil, loginHint: String? = nil) async throws
        -> BrowserSignInStep {
        let session = try makeSession()
        let metadata = try await session.metadata()
        return try BrowserSignInStep.start(session: session, metadata: metadata, prompt: prompt, scopes: scopes ?? session.configuration.scopes,
                                           loginHint: loginHint)
    }

    /// Interactive sign-in with the browser in one call: starts it, opens the page (`BrowserLauncher`),
    /// hands the URL to `showURL` (always: print it, the browser may be on another machine), waits for the
    /// redirect at most 300 seconds.
    /// - Throws: what `startBrowserSignIn` and `BrowserSignInStep.waitForSignIn` throw: `AuthError.cancelled`
    ///   (time-out), `.authorizationDeclined`, `.server`, `.networkFailure`, `.invalidConfiguration`.
    /// Source: docs/protocol.md §I4.4–§I4.6.
    public func acquireToken(prompt: PromptType = .selectAccount, scopes: [String]? = nil,
                             showURL: @Sendable (URL) -> Void = { _ in }) async throws -> TophhieAuthResult {
        let step = try await startBrowserSignIn(prompt: prompt, scopes: scopes)
        showURL(step.authorizationURL)
        await step.openInBrowser()
        return try await step.waitForSignIn()
    }

    /// Adds the tokens of a native sign-in to the cache (as MSAL's native-auth client does) and makes its
    /// account current. The console skips this in enrolment mode. The lock wait and the atomic write run off
    /// the cooperative pool (see `TokenCacheStore.update(_:)`).
    /// - Throws: `AuthError.tokenCache`, `.unexpectedResponse` when the result names no account,
    ///   `CancellationError` when the task is cancelled while waiting for the lock.
    public func storeNativeSignIn(_ result: TophhieAuthResult) async throws {
        let session = try makeSession()
        guard let objectID = result.account.objectID, let tenantID = result.account.tenantID else {
            throw AuthError.unexpectedResponse("The sign-in's id token names no account (oid and tid).")
        }
        let clientInfo = Base64URL.encode(Array(#"{"uid":"\#(objectID)","utid":"\#(tenantID)"}"#.utf8))
        let seconds = max(0, Int(result.expiresOn.timeIntervalSince(clock()).rounded()))
        let tokens = TokenGrant(accessToken: result.accessTokenSecret, refreshToken: result.refreshTokenSecret, idToken: result.idTokenSecret,
                                clientInfo: clientInfo, scope: result.scopes.joined(separator: " "), expiresIn: seconds)
        let (clientID, environment, now) = (session.configuration.clientID, session.configuration.environment, clock())
        try await session.store.update { cache in
            try cache.store(tokens, clientID: clientID, environment: environment, realm: tenantID,
                            requestedScopes: result.scopes, accountSource: "password", now: now)
        }
        current.withLock { $0 = "\(objectID).\(tenantID)" }
    }

    // MARK: - Sign-out

    /// Signs the account out of this app: removes its account, refresh tokens, access tokens and id tokens
    /// from the cache (like MSAL's `remove_account`). The refresh token stays valid at the server until it
    /// expires or is revoked.
    /// - Parameter account: `currentAccount` by default.
    /// - Returns: the tenant's `end_session_endpoint`, to open for ending the browser session (meaningful after
    ///   a browser sign-in); nil when discovery is unreachable or lists none.
    /// - Throws: `AuthError.noAccount`, `.tokenCache`.
    /// Source: docs/protocol.md §I3.1–§I3.2.
    @discardableResult
    public func signOut(account: TophhieAccount? = nil) async throws -> URL? {
        let session = try makeSession()
        guard let home = account?.homeAccountID ?? current.withLock({ $0 }) else { throw AuthError.noAccount }
        let environment = session.configuration.environment
        try await session.store.update { $0.removeAccount(homeAccountID: home, environment: environment) }
        current.withLock { if $0?.lowercased() == home.lowercased() { $0 = nil } }
        guard let endpoint = try? await session.metadata().endSessionEndpoint,
              var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "client_id", value: session.configuration.clientID)]
        return components.url ?? endpoint
    }

    // MARK: - Helpers

    /// The session of the configuration in force (also used by the Graph extensions in `Graph/`).
    /// - Throws: `AuthError.notConfigured`.
    func makeSession() throws -> InteractiveSession {
        guard let configured = configured.withLock({ $0 }) else { throw AuthError.notConfigured }
        let client = InteractiveClient(transport: configured.transport,
                                       observer: { [self] exchange in self.observer.withLock { $0 }?(exchange) }, timeout: timeout)
        return InteractiveSession(configuration: configured.configuration, client: client, store: configured.store, sleeper: sleeper,
                                  now: clock, discovered: configured.discovered,
                                  makeCurrent: { [self] home in current.withLock { $0 = home } })
    }

    static func account(_ cached: CachedAccount, in cache: MSALTokenCache, clientID: String) -> TophhieAccount {
        let idToken = cache.idToken(homeAccountID: cached.homeAccountID, environment: cached.environment, clientID: clientID, realm: cached.realm)
        let claims = idToken.map { JWTClaims.claims(ofJWT: $0.secret.revealed) } ?? [:]
        return TophhieAccount(objectID: cached.localAccountID, tenantID: cached.realm, username: cached.username,
                              displayName: cached.name ?? claims["name"], claims: claims, homeAccountID: cached.homeAccountID)
    }

    static func result(_ token: CachedAccessToken, idToken: Secret, cache: MSALTokenCache, account: CachedAccount, clientID: String)
        -> TophhieAuthResult {
        let refresh = cache.refreshToken(homeAccountID: account.homeAccountID, environment: account.environment, clientID: clientID)
        return TophhieAuthResult(idToken: idToken.revealed, accessToken: token.secret.revealed, refreshToken: refresh?.secret.revealed, expiresOn: token.expiresOn,
                                 scopes: token.scopes, account: Self.account(account, in: cache, clientID: clientID))
    }
}
