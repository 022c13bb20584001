import Foundation
import Synchronization
import TestSupport
import Testing
import TophhieCloudAuthentication

/// Every flow runs with known secret values; none of them may appear in any observed exchange.
@Suite struct RedactionTests {
    static let secrets = [
        "Secret-Password-1!", "Secret-New-Password-2!", "97531864", "24680135",
        "CT-SECRET-1", "CT-SECRET-2", "CT-SECRET-3", "CT-SECRET-4", "CT-SECRET-5", "CT-SECRET-6",
        Kit.accessToken, Kit.refreshToken, Kit.idToken, "1.rotated-secret",
    ]

    @Test func noSecretReachesTheObserver() async throws {
        let server = ScriptedTransport([
            // Sign-up with password and code, then sign-in after sign-up.
            Step(.signUpStart, form: Kit.start(["password": "Secret-Password-1!"]), response: Kit.token("CT-SECRET-1")),
            Step(.signUpChallenge, form: Kit.challenge("CT-SECRET-1"), response: Kit.oob("CT-SECRET-2")),
            Step(.signUpContinue, form: Kit.continuing("CT-SECRET-2", ["grant_type": "oob", "oob": "97531864"]), response: Kit.token("CT-SECRET-3")),
            Step(.token, form: Kit.tokenRequest("CT-SECRET-3", grant: "continuation_token", ["username": Kit.email, "challenge_type": Kit.challengeTypes]),
                 response: Kit.tokens()),
            // Reset with a new password.
            Step(.resetPasswordStart, form: ["client_id": Kit.clientID, "username": Kit.email, "challenge_type": "oob redirect",
                                             "capabilities": Kit.capabilities], response: Kit.token("CT-SECRET-4")),
            Step(.resetPasswordChallenge, form: Kit.continuing("CT-SECRET-4", ["challenge_type": "oob redirect"]), response: Kit.oob("CT-SECRET-5")),
            Step(.resetPasswordContinue, form: Kit.continuing("CT-SECRET-5", ["grant_type": "oob", "oob": "24680135"]), response: Kit.token("CT-SECRET-6")),
            Step(.resetPasswordSubmit, form: Kit.continuing("CT-SECRET-6", ["new_password": "Secret-New-Password-2!"]),
                 response: .json(200, #"{"continuation_token":"CT-SECRET-6","poll_interval":1}"#)),
            Step(.resetPasswordPollCompletion, form: Kit.continuing("CT-SECRET-6"), response: .json(200, #"{"status":"succeeded"}"#)),
            // Refresh.
            Step(.token, form: ["client_id": Kit.clientID, "grant_type": "refresh_token", "refresh_token": Kit.refreshToken,
                                "scope": Kit.scope, "client_info": "true"], response: Kit.tokens(refresh: "1.rotated-secret")),
        ])
        let seen = Mutex<[ObservedExchange]>([])
        let auth = try Kit.auth(server)
        auth.observe { exchange in seen.withLock { $0.append(exchange) } }

        let codeStep = try await auth.signUp(email: Kit.email, password: "Secret-Password-1!")
        guard case .completed(let afterSignUp) = try await codeStep.submitCode("97531864") else { Issue.record("sign-up"); return }
        _ = try await afterSignUp.signIn()
        let resetCode = try await auth.resetPassword(email: Kit.email)
        _ = try await resetCode.submitCode("24680135").submitPassword("Secret-New-Password-2!")
        _ = try await auth.refreshTokens(refreshToken: Kit.refreshToken)
        #expect(server.mismatches == [])

        let exchanges = seen.withLock { $0 }
        #expect(exchanges.count == 10)
        for exchange in exchanges {
            let visible = [exchange.url.absoluteString, exchange.responseBody]
                + exchange.requestForm.map { "\($0.key)=\($0.value)" }
                + exchange.requestHeaders.map { "\($0.key): \($0.value)" }
                + exchange.responseHeaders.map { "\($0.key): \($0.value)" }
            for secret in Self.secrets {
                #expect(!visible.contains { $0.contains(secret) }, "\(exchange.endpoint?.path ?? "?") shows a secret")
            }
        }
        // Operators still see what happened: usernames, statuses and the markers.
        #expect(exchanges[0].requestForm.contains { $0.key == "username" && $0.value == Kit.email })
        #expect(exchanges[0].requestForm.contains { $0.key == "password" && $0.value == Secret.marker })
        #expect(exchanges.allSatisfy { $0.status == 200 })

        // The HAR export is built from the same redacted exchanges.
        let har = HARLog.document(exchanges, creator: "tophhie", version: "test")
        let text = String(decoding: har, as: UTF8.self)
        for secret in Self.secrets { #expect(!text.contains(secret)) }
        try HARShape.check(har, entries: 10)
    }
}

/// A body that is not valid JSON (a truncated token answer) still loses its secrets; an error page stays readable.
@Suite struct UnparsedBodyRedactionTests {
    @Test func truncatedTokenAnswersAreMasked() async throws {
        let truncated = #"{"token_type":"Bearer","access_token":"eyJ-secret-access","refresh_token":"1.secret-refresh","id_tok"#
        let server = ScriptedTransport([
            Step(.signInInitiate, form: Kit.start(), response: HTTPResponse(status: 200, body: Data(truncated.utf8))),
            Step(.signInInitiate, form: Kit.start(), response: HTTPResponse(status: 502, body: Data("<h1>502 Bad Gateway</h1>".utf8))),
            Step(.signInInitiate, form: Kit.start(), response: HTTPResponse(status: 502, body: Data("<h1>502 Bad Gateway</h1>".utf8))),
        ])
        let seen = Mutex<[ObservedExchange]>([])
        let auth = try Kit.auth(server)
        auth.observe { exchange in seen.withLock { $0.append(exchange) } }
        _ = try? await auth.signIn(email: Kit.email)
        _ = try? await auth.signIn(email: Kit.email)
        let bodies = seen.withLock { $0.map(\.responseBody) }
        #expect(!bodies[0].contains("secret"), "\(bodies[0])")
        #expect(bodies[0].contains(#""access_token":"<redacted>"#))
        #expect(bodies[1] == "<h1>502 Bad Gateway</h1>")
    }

    @Test func dumpingAResultShowsNoToken() {
        let result = TophhieAuthResult(idToken: Kit.idToken, accessToken: Kit.accessToken, refreshToken: Kit.refreshToken,
                                       expiresOn: Date(), scopes: ["openid"],
                                       account: TophhieAccount(objectID: "o", tenantID: "t", username: Kit.email, displayName: nil, claims: [:]))
        var dumped = ""
        dump(result, to: &dumped)
        #expect(dumped.contains(Kit.email))
        for token in [Kit.idToken, Kit.accessToken, Kit.refreshToken] { #expect(!dumped.contains(token)) }
    }

    /// A step inside `furtherStepRequired` holds the continuation token: dumping the error (as a crash
    /// report or a debug log would) shows the methods, never the token.
    @Test func dumpingAFurtherStepShowsNoContinuationToken() async throws {
        let secret = "ct-secret-after-introspect"
        let methods = #"{"continuation_token":"\#(secret)","methods":[{"id":"m-email","challenge_type":"oob","challenge_channel":"email","login_hint":"j***@c*****o.com"}]}"#
        let server = ScriptedTransport([
            Step(.signInInitiate, form: ["client_id": Kit.clientID, "username": Kit.email, "challenge_type": Kit.challengeTypes,
                                         "capabilities": "mfa_required registration_required"], response: Kit.token("t1")),
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2", length: 6)),
            Step(.token, form: Kit.tokenRequest("t2", grant: "oob", ["oob": "730159"]),
                 response: Kit.error("invalid_grant", suberror: "mfa_required", code: 50076, token: "t3")),
            Step(.signInIntrospect, form: Kit.continuing("t3"), response: .json(200, methods)),
        ])
        guard case .codeRequired(let step) = try await Kit.auth(server).signIn(email: Kit.email) else { Issue.record("no code"); return }
        do {
            _ = try await step.submitCode("730159")
            Issue.record("tokens without MFA")
        } catch let error as NativeAuthError {
            var dumped = ""
            dump(error, to: &dumped)
            #expect(dumped.contains("m-email"))
            #expect(!dumped.contains(secret), "\(dumped)")
        }
        #expect(server.mismatches == [])
    }
}
