import Foundation
import NativeAuthWire

/// A browser sign-in in progress (authorization code + PKCE with a loopback redirect): open or print
/// `authorizationURL`, then `waitForSignIn`.
///
/// The redirect URI is `http://localhost:PORT[path]` (Entra accepts plain http only for `localhost` and
/// ignores the port), the listener binds `127.0.0.1` and `[::1]` on that port (never a wildcard), and the code
/// redemption sends that exact string.
/// Source: docs/protocol.md §I4.4–§I4.6, traps T6–T7; field case 024 (docs/field-cases.md); RFC 7636; RFC 8252 §7.3.
public struct BrowserSignInStep: Sendable, CustomStringConvertible {
    /// The sign-in page to open: `authorization_endpoint` with `client_id`, `response_type=code`,
    /// `redirect_uri`, `scope`, `state`, `nonce`, `code_challenge` (S256), `response_mode=form_post`,
    /// `prompt`, `client_info=1`.
    public let authorizationURL: URL
    /// The `redirect_uri` sent, e.g. `http://localhost:53682`.
    public let redirectURI: String

    /// Where the redirect listener answers: `127.0.0.1:PORT` and `[::1]:PORT` (IPv4 alone where this host has no
    /// IPv6 loopback; see `listenerNote`).
    public var listenerAddresses: [String] { listener.addresses }
    /// Set when only `127.0.0.1` listens (no IPv6 loopback here): what to tell a user whose browser cannot reach
    /// `localhost`.
    public var listenerNote: String? { listener.ipv6Note }

    let pkce: PKCE
    let scopes: [String]
    let listener: LoopbackRedirectListener
    let session: InteractiveSession

    /// The page and the redirect; nothing secret.
    public var description: String { "BrowserSignInStep(redirectURI: \(redirectURI))" }

    /// Waits for the browser's redirect, redeems the code and stores the tokens.
    /// - Parameter timeout: seconds to wait for the redirect (default 5 minutes).
    /// - Throws: `AuthError.cancelled` (time-out, `cancel()`, task cancellation), `.authorizationDeclined`
    ///   (`access_denied`), `.server` (another `error=` callback, a refused redemption),
    ///   `.unexpectedResponse` (nonce mismatch), `.networkFailure`.
    public func waitForSignIn(timeout: TimeInterval = 300) async throws -> TophhieAuthResult {
        let callback = try await listener.wait(timeout: timeout)
        switch callback {
        case .error(let code, let description):
            let details = ServerDetails(error: code, errorDescription: description)
            throw code == "access_denied" ? AuthError.authorizationDeclined(details) : AuthError.server(details)
        case .code(let code):
            let metadata = try await session.metadata()
            let answer = try await session.client.post(metadata.tokenEndpoint, form: [
                ("client_id", session.configuration.clientID),
                ("grant_type", "authorization_code"),
                ("code", code),
                ("redirect_uri", redirectURI),
                ("code_verifier", pkce.verifier),
                ("scope", session.configuration.scopeParameter(scopes)),
                ("client_info", "1"),
            ])
            guard answer.status == 200 else { throw GrantFailure.classify(answer).error }
            return try await session.finishSignIn(answer, scopes: scopes, accountSource: "authorization_code", expectedNonce: pkce.nonce)
        }
    }

    /// Stops waiting: `waitForSignIn` throws `AuthError.cancelled` and the port closes.
    public func cancel() { listener.cancel() }

    /// Opens `authorizationURL` with `BrowserLauncher`; false when no browser could be started (print the URL).
    @discardableResult
    public func openInBrowser(environment: [String: String] = ProcessInfo.processInfo.environment) async -> Bool {
        await BrowserLauncher.open(authorizationURL, environment: environment)
    }

    static func start(session: InteractiveSession, metadata: OIDCMetadata, prompt: PromptType?, scopes: [String],
                      loginHint: String?) throws -> BrowserSignInStep {
        let configured = session.configuration.redirectURI
        guard configured.scheme?.lowercased() == "http", configured.host?.lowercased() == "localhost" else {
            throw AuthError.invalidConfiguration("Browser sign-in on a terminal needs the redirect URI http://localhost (registered in the app).")
        }
        let pkce = try PKCE()
        let path = configured.path
        let listener = try LoopbackRedirectListener(path: path, expectedState: pkce.state)
        let redirect = "http://localhost:\(listener.port)\(path)"
        var components = URLComponents(url: metadata.authorizationEndpoint, resolvingAgainstBaseURL: false)
        var items = components?.queryItems ?? []
        items += [
            URLQueryItem(name: "client_id", value: session.configuration.clientID),
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "redirect_uri", value: redirect),
            URLQueryItem(name: "scope", value: session.configuration.scopeParameter(scopes)),
            URLQueryItem(name: "state", value: pkce.state),
            URLQueryItem(name: "nonce", value: pkce.nonce),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
            URLQueryItem(name: "response_mode", value: "form_post"),
            URLQueryItem(name: "client_info", value: "1"),
        ]
        if let prompt { items.append(URLQueryItem(name: "prompt", value: prompt.rawValue)) }
        if let loginHint, !loginHint.isEmpty { items.append(URLQueryItem(name: "login_hint", value: loginHint)) }
        // URLComponents leaves `:` and `/` bare in query values; percent-encode every value as a form would,
        // so `redirect_uri=http%3A%2F%2Flocalhost%3A53682` (field case 024, docs/field-cases.md).
        components?.percentEncodedQuery = items.map { "\(FormBody.escape($0.name))=\(FormBody.escape($0.value ?? ""))" }
            .joined(separator: "&")
        guard let url = components?.url else {
            listener.cancel()
            throw AuthError.unexpectedResponse("The authorization endpoint \(metadata.authorizationEndpoint) cannot take a query.")
        }
        return BrowserSignInStep(authorizationURL: url, redirectURI: redirect, pkce: pkce, scopes: scopes, listener: listener,
                                 session: session)
    }
}

extension BrowserSignInStep: CustomReflectable {
    /// Where the browser returns; never the PKCE verifier, `state` or `nonce`.
    public var customMirror: Mirror { Mirror(self, children: ["redirectURI": redirectURI]) }
}
