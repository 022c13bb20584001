import Foundation
import Synchronization

/// The native stack: sign-up, sign-in, MFA, strong-auth registration, password reset and refresh,
/// spoken directly over the native authentication REST protocol. Renders no web UI.
///
/// Thread-safe: `.shared` for apps, or a plain instance per tenant (tests, multi-tenant callers).
/// Each flow keeps the configuration it started with.
/// Source: docs/framework.md (native stack); docs/protocol.md §N3–§N6.
public final class TophhieNativeAuth: Sendable {
    /// The app-wide instance.
    public static let shared = TophhieNativeAuth()

    private let configuration: Mutex<NativeAuthConfiguration?>
    private let observer: Mutex<ExchangeObserver?>
    private let transport: any HTTPTransport
    private let sleeper: Sleeper
    private let timeout: TimeInterval
    private let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - transport: how requests are sent; `URLSession` (created on first use) by default.
    ///   - sleeper: how waits (retries, reset polling) are made; tests pass one that returns at once.
    ///   - clock: the current time, from which a token answer's `expires_in` (seconds) becomes
    ///     `TophhieAuthResult.expiresOn`; a console on an emulator with a virtual clock passes that clock, so the
    ///     access token's expiry and the id token's `exp` (minted on the same clock) agree.
    ///   - timeout: seconds before a request is abandoned.
    public init(transport: (any HTTPTransport)? = nil, sleeper: @escaping Sleeper = taskSleeper,
                clock: @escaping @Sendable () -> Date = { Date() }, timeout: TimeInterval = 30) {
        configuration = Mutex(nil)
        observer = Mutex(nil)
        self.transport = transport ?? LazyURLSessionTransport()
        self.sleeper = sleeper
        self.timeout = timeout
        self.clock = clock
    }

    /// Configures the instance. Declaring a capability commits the app to handling its branch.
    /// - Parameters:
    ///   - clientId: the app (client) id registered in the tenant.
    ///   - authority: any authority shape of docs/protocol.md §N1.1, parsed by `Authority` (a host-only `*.ciamlogin.com`
    ///     completed, a query kept on every endpoint); plain `http` only for loopback.
    ///   - capabilities: `mfa_required`, `registration_required` (what the app can render).
    ///   - challengeTypes: what the app can handle; `redirect` is always added.
    ///   - scopes: the app's scopes; `openid profile offline_access` are added to token requests.
    /// - Throws: `NativeAuthError.invalidConfiguration`.
    public func configure(
        clientId: String, authority: URL? = TophhieConfiguration.defaultAuthority, capabilities: [Capability] = [],
        challengeTypes: [ChallengeType] = [.oob, .password, .redirect], scopes: [String] = TophhieConfiguration.defaultScopes
    ) throws {
        guard let authority else { throw NativeAuthError.invalidConfiguration("No authority was given.") }
        let validated = try NativeAuthConfiguration(
            clientID: clientId, authority: authority, capabilities: capabilities, challengeTypes: challengeTypes, scopes: scopes)
        configuration.withLock { $0 = validated }
    }

    /// The current configuration, if any.
    public var currentConfiguration: NativeAuthConfiguration? { configuration.withLock { $0 } }

    /// Sets (or clears) the observer that receives every HTTP exchange, secrets redacted.
    public func observe(_ observer: ExchangeObserver?) {
        self.observer.withLock { $0 = observer }
    }

    // MARK: - Sign-up

    /// Starts a sign-up and sends a code to `email`.
    /// - Parameters:
    ///   - password: the password for an email+password account; `nil` for email-OTP accounts, or to set
    ///     it when the server asks (`credential_required`).
    ///   - attributes: attribute values (API name → text) sent at start; optional attributes are only
    ///     accepted here (the attribute timing rule).
    /// - Returns: the code step.
    /// - Throws: `NativeAuthError.userAlreadyExists`, `.invalidPassword`, `.invalidAttributes`,
    ///   `.invalidInput` (empty email, a value that cannot be encoded), `.browserRequired`, …
    /// Source: docs/protocol.md §N4.1, §N4.2.
    public func signUp(email: String, password: String? = nil, attributes: [String: String] = [:]) async throws -> SignUpCodeStep {
        let (context, username, challenge) = try await start(.signUpStart, then: .signUpChallenge, email: email) { form in
            form.set(.password, password.flatMap { $0.isEmpty ? nil : $0 })
            form.set(.attributes, attributes.isEmpty ? nil : try encodeAttributes(attributes))
        }
        guard case .codeRequired(let code) = challenge else { throw NativeAuthError.from(challenge, at: .signUpChallenge) }
        return SignUpCodeStep(context: context, username: username, challenge: code)
    }

    // MARK: - Sign-in

    /// Signs in with email and password.
    /// - Returns: `.completed`, or the MFA / registration branch; `.codeRequired` when the tenant asks
    ///   for a code instead (the password is then ignored, as MSAL does).
    /// - Throws: `NativeAuthError.invalidCredentials`, `.userNotFound` (show both alike), `.browserRequired`, …
    /// Source: docs/protocol.md §N3.1–§N3.5.
    public func signIn(email: String, password: String) async throws -> NativeSignInStep {
        guard !password.isEmpty else { throw NativeAuthError.invalidInput("Enter the password.", .local) }
        let (context, username, challenge) = try await start(.signInInitiate, then: .signInChallenge, email: email)
        switch challenge {
        case .passwordRequired(let token):
            var form = context.form(continuing: token)
            form.set(.grantType, GrantType.password.wireValue)
            form.set(.username, username)
            form.set(.password, password)
            return try await context.signIn(form, username: username, withChallengeTypes: true)
        case .codeRequired(let code):
            return .codeRequired(SignInCodeStep(context: context, username: username, challenge: code))
        case .started, .preverified, .selectionRequired, .completed, .pollRequired, .pollInProgress, .pollSucceeded,
             .pollFailed, .tokens, .redirect, .rejected, .unexpected:
            throw NativeAuthError.from(challenge, at: .signInChallenge)
        }
    }

    /// Passwordless sign-in: sends a code to `email`.
    /// - Throws: `NativeAuthError.passwordRequired` when the account has a password (ask for it and call
    ///   `signIn(email:password:)`); `.userNotFound`, `.browserRequired`, …
    /// Source: docs/protocol.md §N3.1, §N3.2.
    public func signIn(email: String) async throws -> NativeSignInStep {
        let (context, username, challenge) = try await start(.signInInitiate, then: .signInChallenge, email: email)
        switch challenge {
        case .codeRequired(let code):
            return .codeRequired(SignInCodeStep(context: context, username: username, challenge: code))
        case .passwordRequired:
            throw NativeAuthError.passwordRequired
        case .started, .preverified, .selectionRequired, .completed, .pollRequired, .pollInProgress, .pollSucceeded,
             .pollFailed, .tokens, .redirect, .rejected, .unexpected:
            throw NativeAuthError.from(challenge, at: .signInChallenge)
        }
    }

    // MARK: - Password reset

    /// Starts a password reset and sends a code to `email`.
    /// - Throws: `PasswordResetError.userNotFound`, `.userHasNoPassword`, `.other(…)`.
    /// Source: docs/protocol.md §N5.1, §N5.2.
    public func resetPassword(email: String) async throws -> ResetPasswordCodeStep {
        do {
            let (context, username, challenge) = try await start(
                .resetPasswordStart, then: .resetPasswordChallenge, email: email, types: \.resetChallengeTypes)
            guard case .codeRequired(let code) = challenge else {
                throw NativeAuthError.from(challenge, at: .resetPasswordChallenge)
            }
            return ResetPasswordCodeStep(context: context, username: username, challenge: code)
        } catch let error as NativeAuthError {
            throw PasswordResetError(error)
        }
    }

    // MARK: - Refresh

    /// Exchanges a refresh token for new tokens (the refresh token rotates).
    /// - Throws: `NativeAuthError.mfaRequiredForRefresh` (50076: run an interactive native sign-in),
    ///   `.refreshTokenExpired`, `.passwordChangeRequired` (50142), `.server`, …
    /// Source: docs/protocol.md §N6.
    public func refreshTokens(refreshToken: String, username: String? = nil) async throws -> TophhieAuthResult {
        let context = try makeContext()
        var form = context.form()
        form.set(.grantType, GrantType.refreshToken.wireValue)
        form.set(.refreshToken, refreshToken)
        let response = try await context.callToken(form)
        guard case .tokens(let grant) = response else { throw NativeAuthError.from(response, at: .token) }
        return try TophhieAuthResult(grant, username: username, receivedAt: context.clock())
    }

    // MARK: - Helpers

    /// Starts a flow at `endpoint` for `email` and asks `challengeEndpoint` for its first challenge, both with the
    /// configuration's `types`. `fields` adds the flow's own fields to the start form, after `username`.
    /// - Returns: the flow's context, the trimmed email, and the challenge's answer.
    private func start(
        _ endpoint: NativeAuthEndpoint, then challengeEndpoint: NativeAuthEndpoint, email: String,
        types: KeyPath<NativeAuthConfiguration, [ChallengeType]> = \.challengeTypes, fields: (inout FormBody) throws -> Void = { _ in }
    ) async throws -> (NativeAuthContext, String, ValidatedResponse) {
        let context = try makeContext()
        let username = try Self.validEmail(email)
        var form = context.form()
        form.set(.username, username)
        try fields(&form)
        form.set(.challengeType, list: context.configuration[keyPath: types])
        form.set(.capabilities, list: context.configuration.capabilities)
        let started = try await context.call(endpoint, form)
        guard case .started(let token) = started else { throw NativeAuthError.from(started, at: endpoint) }
        return (context, username, try await context.challenge(challengeEndpoint, token: token, types: context.configuration[keyPath: types]))
    }

    private func makeContext() throws -> NativeAuthContext {
        guard let configuration = configuration.withLock({ $0 }) else {
            throw NativeAuthError.invalidConfiguration("TophhieNativeAuth is not configured: call configure(clientId:…) first.")
        }
        let client = NativeAuthClient(
            authority: configuration.parsedAuthority, transport: transport,
            observer: { [self] exchange in self.observer.withLock { $0 }?(exchange) },
            sleeper: sleeper, timeout: timeout, maxRetryAfter: NativeAuthClient.longestRetryAfter)
        return NativeAuthContext(configuration: configuration, client: client, sleeper: sleeper, clock: clock)
    }

    private static func validEmail(_ email: String) throws -> String {
        let trimmed = email.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw NativeAuthError.invalidInput("Enter an email address.", .local) }
        return trimmed
    }
}
