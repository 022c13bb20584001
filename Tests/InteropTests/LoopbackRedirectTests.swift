import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TophhieCloudAuthentication

/// The browser sign-in's authorization request and loopback listener (field case 024, docs/field-cases.md), with the browser played
/// by plain HTTP requests to the listener.
@Suite(.serialized) struct LoopbackRedirectTests {
    /// A GET or form POST to the listener; the status (0 when refused).
    static func call(_ url: String, post form: String? = nil) async -> Int {
        guard let target = URL(string: url) else { return 0 }
        // Generous: on a loaded two-core machine the whole suite's blocking tests can hold the listener's answer for
        // seconds; the test is about status codes, not speed.
        var request = URLRequest(url: target, timeoutInterval: 60)
        if let form {
            request.httpMethod = "POST"
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        return (try? await URLSession.shared.data(for: request).1 as? HTTPURLResponse)?.statusCode ?? 0
    }

    static func query(_ url: URL) -> [String: String] {
        Dictionary((URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                   uniquingKeysWith: { $1 })
    }

    @Test func theAuthorizationRequestSaysLocalhostAndCarriesPKCEStateAndNonce() async throws {
        let tenant = try InteropTenant(tls: false)
        defer { tenant.stop() }
        let auth = try tenant.auth(cache: tenant.folder + "/cache.json")
        let one = try await auth.startBrowserSignIn()
        let two = try await auth.startBrowserSignIn()
        defer { one.cancel(); two.cancel() }
        let query = Self.query(one.authorizationURL)
        #expect(one.redirectURI.hasPrefix("http://localhost:"))
        #expect(query["redirect_uri"] == one.redirectURI)
        #expect(one.authorizationURL.absoluteString.contains("redirect_uri=http%3A%2F%2Flocalhost%3A"))
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["code_challenge"]?.count == 43)
        #expect(query["response_mode"] == "form_post")
        #expect(query["client_info"] == "1")
        let other = Self.query(two.authorizationURL)
        #expect(query["state"] != other["state"] && query["nonce"] != other["nonce"] && query["code_challenge"] != other["code_challenge"])
    }

    @Test func theListenerIgnoresStrangersAndClosesAfterOneGoodCallback() async throws {
        let tenant = try InteropTenant(tls: false)
        defer { tenant.stop() }
        let auth = try tenant.auth(cache: tenant.folder + "/cache.json")
        let step = try await auth.startBrowserSignIn()
        let state = try #require(Self.query(step.authorizationURL)["state"])
        let listener = step.redirectURI.replacingOccurrences(of: "localhost", with: "127.0.0.1")
        let waiting = Task { try await step.waitForSignIn(timeout: 30) }

        #expect(await Self.call(listener + "/favicon.ico") == 404)
        #expect(await Self.call(listener + "/", post: "code=forged&state=not-ours") == 400)
        // A good callback with a code the tenant never issued: the listener takes it and closes; the
        // redemption is refused by the tenant.
        #expect(await Self.call(listener + "/", post: "code=never-issued&state=\(state)") == 200)
        do {
            _ = try await waiting.value
            Issue.record("a code the tenant never issued must be refused")
        } catch let error as AuthError {
            // invalid_grant at the code redemption: only a new sign-in helps.
            guard case .interactionRequired(let details) = error else { Issue.record("got \(error)"); return }
            #expect(details.error == "invalid_grant")
        }
        #expect(await Self.call(listener + "/", post: "code=again&state=\(state)") == 409, "a second callback is not taken")
        try await Task.sleep(nanoseconds: 1_500_000_000)
        #expect(await Self.call(listener + "/", post: "code=again&state=\(state)") == 0, "the listener must be closed")
    }

    @Test func anErrorCallbackEndsTheSignInWithThatError() async throws {
        let tenant = try InteropTenant(tls: false)
        defer { tenant.stop() }
        let auth = try tenant.auth(cache: tenant.folder + "/cache.json")
        let step = try await auth.startBrowserSignIn()
        let state = try #require(Self.query(step.authorizationURL)["state"])
        let waiting = Task { try await step.waitForSignIn(timeout: 30) }
        #expect(await Self.call(step.redirectURI + "?error=access_denied&error_description=User+cancelled&state=\(state)") == 200)
        do {
            _ = try await waiting.value
            Issue.record("an error callback must end the sign-in")
        } catch let error as AuthError {
            guard case .authorizationDeclined(let details) = error else { Issue.record("got \(error)"); return }
            #expect(details.errorDescription == "User cancelled")
        }
    }

    @Test func cancelEndsTheWaitAndClosesThePort() async throws {
        let tenant = try InteropTenant(tls: false)
        defer { tenant.stop() }
        let auth = try tenant.auth(cache: tenant.folder + "/cache.json")
        let step = try await auth.startBrowserSignIn()
        let waiting = Task { try await step.waitForSignIn(timeout: 30) }
        step.cancel()
        await #expect(throws: AuthError.cancelled) { try await waiting.value }
        #expect(await Self.call(step.redirectURI.replacingOccurrences(of: "localhost", with: "127.0.0.1") + "/favicon.ico") == 0)
    }
}
