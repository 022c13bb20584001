import Foundation
import NativeAuthWire

/// Authorization code + PKCE: `GET /{tenant}/oauth2/v2.0/authorize`, its sign-in pages, and the
/// `authorization_code` grant at `/token`.
/// Source: docs/protocol.md §I4.4–§I4.6, traps T6 and T7; RFC 7636 §4; RFC 8252 §7.3; field case 024 (docs/field-cases.md).
extension TenantEmulator {
    /// Authorization codes live 10 minutes of virtual time (docs/protocol.md §I4.5).
    static let authorizationCodeSeconds: TimeInterval = 600
    private static let knownPrompts: Set<String> = ["login", "select_account", "consent", "create", "none"]

    /// Starts a browser sign-in from the authorize parameters (query of a GET, or the body of a POST).
    ///
    /// Unknown `client_id` (700016) or an unregistered `redirect_uri` (50011) answer a 400 HTML page and never
    /// redirect, since the redirect URI is not trusted. Other problems redirect back with `error`,
    /// `error_description` and `state`: `unsupported_response_type`, `invalid_request` (missing `scope`, missing
    /// or malformed PKCE challenge, unknown method or prompt). With a live browser session (`ESTSAUTH` cookie) and
    /// no `prompt` or `prompt=none`, the code is issued at once (single sign-on); `prompt=none` without one →
    /// `login_required` 50058. Otherwise the email page (`prompt=login` always shows it).
    func authorize(_ parameters: [String: String], action: String, cookie: String?, now: Date,
                   correlationID: String) throws -> EmulatorResponse {
        let clientID = parameters["client_id"] ?? ""
        guard let client = policy.client(clientID) else {
            return authorizeErrorPage(700_016, "Application with identifier '\(clientID)' was not found in the directory '\(policy.tenant.name)'.",
                                      correlationID: correlationID, now: now)
        }
        let redirectURI = parameters["redirect_uri"] ?? ""
        guard !redirectURI.isEmpty, client.redirectURIs.contains(where: { RedirectURI($0)?.accepts(redirectURI) == true }) else {
            return authorizeErrorPage(50011, "The redirect URI '\(redirectURI)' specified in the request does not match the redirect URIs "
                                      + "configured for the application '\(client.clientID)'. Make sure the redirect URI sent in the request "
                                      + "matches one added to your application.", correlationID: correlationID, now: now)
        }
        var request = AuthorizeRequest(clientID: client.clientID, redirectURI: redirectURI, responseMode: .query,
                                       state: parameters["state"], nonce: parameters["nonce"].flatMap { $0.isEmpty ? nil : $0 },
                                       scope: parameters["scope"] ?? "", codeChallenge: parameters["code_challenge"] ?? "",
                                       codeChallengeMethod: parameters["code_challenge_method"].flatMap { $0.isEmpty ? nil : $0 } ?? "plain",
                                       wantsClientInfo: Self.asksForClientInfo(parameters["client_info"]))
        func fail(_ error: String, _ code: Int, _ message: String) -> EmulatorResponse {
            redirectBack(request, [("error", error), ("error_description", "AADSTS\(code): \(message)\r\nCorrelation ID: \(correlationID)"),
                                   ("error_uri", "https://login.microsoftonline.com/error?code=\(code)")])
        }
        if let mode = parameters["response_mode"], !mode.isEmpty {
            guard let parsed = AuthorizeRequest.ResponseMode(rawValue: mode) else {
                return fail("invalid_request", AADSTSCode.invalidRequestParameter, "The response_mode '\(mode)' is not supported; use query, fragment or form_post.")
            }
            request.responseMode = parsed
        }
        guard parameters["response_type"] == "code" else {
            return fail("unsupported_response_type", 700_054, "The response_type must be 'code' for this application.")
        }
        guard !request.scope.trimmingCharacters(in: .whitespaces).isEmpty else {
            return fail("invalid_request", 900_144, "The request body must contain the following parameter: 'scope'.")
        }
        guard !request.codeChallenge.isEmpty else {
            return fail("invalid_request", 9_002_325, "Proof Key for Code Exchange is required: send code_challenge and code_challenge_method=S256 (RFC 7636).")
        }
        guard ["S256", "plain"].contains(request.codeChallengeMethod) else {
            return fail("invalid_request", AADSTSCode.invalidRequestParameter, "The code_challenge_method must be 'S256' or 'plain'.")
        }
        let challengeLength = request.codeChallengeMethod == "S256" ? 43...43 : 43...128
        guard challengeLength.contains(request.codeChallenge.count), request.codeChallenge.allSatisfy(Self.isPKCECharacter) else {
            return fail("invalid_request", 501_491, "The code_challenge is not valid for the method \(request.codeChallengeMethod).")
        }
        let prompts = (parameters["prompt"] ?? "").split(separator: " ").map(String.init)
        if let unknown = prompts.first(where: { !Self.knownPrompts.contains($0) }) {
            return fail("invalid_request", AADSTSCode.invalidRequestParameter, "The prompt value '\(unknown)' is not supported.")
        }
        if prompts.allSatisfy({ $0 == "none" }), let (_, session) = interactive.session(cookieHeader: cookie, now: now),
           let user = try store.user(id: session.userID) {
            return try issueCode(request, user: user, mfaSatisfied: session.mfaSatisfied, authTime: session.authTime, now: now)
        }
        if prompts.contains("none") {
            return fail("login_required", 50058, "A silent sign-in request was sent but no user is signed in.")
        }
        let flow = WebSignInFlow(purpose: .authorize(request), step: .username, expiresAt: now.addingTimeInterval(Self.webSignInSeconds))
        flow.username = parameters["login_hint"] ?? ""
        let handle = interactive.add(flow, now: now)
        return signInPage(flow, handle: handle, action: action, error: nil).response
    }

    /// A form post on an authorize sign-in page: the next page, the code redirect, or `access_denied` on Cancel.
    func continueAuthorize(_ flow: WebSignInFlow, handle: String, request: AuthorizeRequest, form: FormBody, action: String,
                           secure: Bool, now: Date) throws -> EmulatorResponse {
        switch try advance(flow, WebSignInEvent(form: form, step: flow.step), now: now) {
        case .show(let error):
            return signInPage(flow, handle: handle, action: action, error: error).response
        case .cancelled:
            interactive.removeFlow(handle)
            return redirectBack(request, [("error", "access_denied"), ("error_subcode", "cancel"),
                                          ("error_description", "AADSTS65004: User declined to consent to access the app.")])
        case .signedIn(let user, let mfaSatisfied):
            interactive.removeFlow(handle)
            var response = try issueCode(request, user: user, mfaSatisfied: mfaSatisfied, authTime: now, now: now)
            response.headers["Set-Cookie"] = startBrowserSession(user: user, mfaSatisfied: mfaSatisfied, secure: secure, now: now)
            return response
        }
    }

    /// Logs the sign-in, stores a fresh code bound to `request`, and redirects back with it (+ `client_info`).
    private func issueCode(_ request: AuthorizeRequest, user: StoredUser, mfaSatisfied: Bool, authTime: Date, now: Date) throws -> EmulatorResponse {
        try recordSignIn(user: user, clientID: request.clientID, channel: .browser, now: now)
        let code = SecureRandom.token(byteCount: 48)
        interactive.authorizationCodes[SHA256Digest.hex(code)] = AuthorizationCodeRecord(
            request: request, userID: user.id, mfaSatisfied: mfaSatisfied, authTime: authTime,
            expiresAt: now.addingTimeInterval(Self.authorizationCodeSeconds))
        var items: [(String, String)] = [("code", code)]
        if request.wantsClientInfo { items.append(("client_info", issuer.clientInfo(userID: user.id))) }
        return redirectBack(request, items)
    }

    /// The answer to the client's redirect URI: 302 with the items in the query (default) or fragment, or for
    /// `form_post` a page whose form `response` posts them there by itself. `state` is appended when sent.
    func redirectBack(_ request: AuthorizeRequest, _ items: [(String, String)]) -> EmulatorResponse {
        var items = items
        if let state = request.state { items.append(("state", state)) }
        switch request.responseMode {
        case .formPost:
            let form = HTMLPage.Form(action: request.redirectURI, id: "response", hidden: items.map { (name: $0.0, value: $0.1) },
                                     submitLabel: "Continue", autoSubmit: true)
            return HTMLPage(title: "Working…", heading: "Returning to the application",
                            paragraphs: ["If nothing happens, press Continue."], form: form).response
        case .query, .fragment:
            let encoded = items.map { "\(Self.uriEscape($0.0))=\(Self.uriEscape($0.1))" }.joined(separator: "&")
            let separator = request.responseMode == .fragment ? "#" : (request.redirectURI.contains("?") ? "&" : "?")
            return EmulatorResponse(status: 302, headers: ["Location": request.redirectURI + separator + encoded, "Cache-Control": "no-store"])
        }
    }

    /// The AADSTS error page shown instead of redirecting (unknown client, unregistered redirect URI).
    func authorizeErrorPage(_ code: Int, _ message: String, correlationID: String, now: Date) -> EmulatorResponse {
        var page = HTMLPage(title: "Sign in", heading: "Sorry, but we're having trouble signing you in.",
                            paragraphs: ["Correlation ID: \(correlationID)", "Timestamp: \(ErrorFactory.timestamp(now))"],
                            error: "AADSTS\(code): \(message)")
        page.status = 400
        return page.response
    }

    /// `grant_type=authorization_code` with `code`, `redirect_uri`, `code_verifier`, `client_id` (+ `scope`).
    ///
    /// - Throws: `invalid_grant` 70000 (unknown code, or issued to another client), 54005 (already redeemed),
    ///   70008 (older than 10 minutes), 500112 (`redirect_uri` not byte-identical to the authorize request's),
    ///   501481 (`code_verifier` does not match the challenge); `invalid_scope` 70011 (scopes beyond the code's).
    func authorizationCodeGrant(_ context: RequestContext) throws -> EmulatorResponse {
        let client = try checkPublicClient(context.form[.clientID])
        guard let code = context.form["code"], !code.isEmpty else { throw ProtocolError.missing("code") }
        let key = SHA256Digest.hex(code)
        guard var record = interactive.authorizationCodes[key],
              record.request.clientID.lowercased() == client.clientID.lowercased() else {
            throw ProtocolError(.invalidGrant, 70000, "The provided authorization code is invalid or was issued to another client.")
        }
        guard !record.redeemed else {
            throw ProtocolError(.invalidGrant, 54005, "OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.")
        }
        guard context.now < record.expiresAt else {
            let expired = ProtocolError(.invalidGrant, 70008, "The provided authorization code or refresh token has expired due to inactivity.")
            if let user = try store.user(id: record.userID) {
                try recordSignIn(user: user, clientID: record.request.clientID, channel: .browser, failure: expired, now: context.now)
            }
            throw expired
        }
        guard context.form["redirect_uri"] == record.request.redirectURI else {
            throw ProtocolError(.invalidGrant, 500_112, "The reply address does not match the reply address provided when requesting the authorization code.")
        }
        guard Self.pkceMatches(verifier: context.form["code_verifier"] ?? "", challenge: record.request.codeChallenge,
                               method: record.request.codeChallengeMethod) else {
            throw ProtocolError(.invalidGrant, 501_481, "The code_verifier does not match the code_challenge supplied in the authorization request.")
        }
        let granted = Set(record.request.scope.lowercased().split(separator: " ").map(String.init))
        var scope = record.request.scope
        if let requested = context.form[.scope], !requested.trimmingCharacters(in: .whitespaces).isEmpty {
            let extra = requested.lowercased().split(separator: " ").map(String.init).filter { !GraphScopes.oidc.contains($0) && !granted.contains($0) }
            guard extra.isEmpty else {
                throw ProtocolError(.invalidScope, 70011, "The scope '\(extra.joined(separator: " "))' was not part of the authorization request.")
            }
            scope = requested
        }
        record.redeemed = true
        interactive.authorizationCodes[key] = record
        guard let user = try store.user(id: record.userID) else { throw ProtocolError.userGoneAtToken }
        return try tokenBody(context, user: user, clientID: record.request.clientID, mfaSatisfied: record.mfaSatisfied, scope: scope,
                             nonce: record.request.nonce, authTime: record.authTime)
    }

    /// RFC 7636 §4.6: `S256` compares base64url(SHA-256(verifier)) with the challenge, `plain` the verifier
    /// itself; a verifier must be 43–128 characters of `[A-Za-z0-9-._~]` (§4.1).
    static func pkceMatches(verifier: String, challenge: String, method: String) -> Bool {
        guard (43...128).contains(verifier.count), verifier.allSatisfy(isPKCECharacter) else { return false }
        let computed = method == "S256" ? Base64URL.encode(SHA256Digest.bytes(verifier)) : verifier
        return constantTimeEqual(computed, challenge)
    }

    /// Percent-encodes for a URI query or fragment (RFC 3986 unreserved kept, space as `%20`): read the same by
    /// form decoders, which take `+` as a space, and by strict URI parsers, which do not.
    static func uriEscape(_ text: String) -> String {
        FormBody.escape(text).replacingOccurrences(of: "+", with: "%20")
    }

    static func isPKCECharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-._~".contains(character))
    }
}
