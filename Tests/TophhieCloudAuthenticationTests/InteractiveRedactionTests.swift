import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
import TophhieCloudAuthentication

/// The observer (trace, HAR) never sees the interactive stack's secrets: device code, authorization
/// code, PKCE verifier, refresh, access and id tokens.
@Suite struct InteractiveRedactionTests {
    final class ExchangeLog: Sendable {
        private let exchanges = Mutex<[ObservedExchange]>([])
        func append(_ exchange: ObservedExchange) { exchanges.withLock { $0.append(exchange) } }
        var all: [ObservedExchange] { exchanges.withLock { $0 } }
    }

    static func observed(_ auth: TophhieAuth) -> ExchangeLog {
        let log = ExchangeLog()
        auth.observe { log.append($0) }
        return log
    }

    static func text(_ exchanges: [ObservedExchange]) -> String {
        exchanges.map { exchange in
            exchange.requestForm.map { "\($0.key)=\($0.value)" }.joined(separator: "&") + " " + exchange.responseBody
        }.joined(separator: "\n")
    }

    @Test func deviceCodeAndRefreshExchangesAreRedacted() async throws {
        let tenant = ScriptedTenant { request in
            if request.method == "GET" { return InteractiveKit.json(200, InteractiveKit.discovery) }
            if request.url.path.hasSuffix("/devicecode") {
                return InteractiveKit.json(200, #"{"device_code":"dc-secret","user_code":"ABCD-EFGH","verification_uri":"https://x.example/d","expires_in":900,"interval":5}"#)
            }
            return form(of: request)["grant_type"] == "refresh_token" ? InteractiveKit.tokens(access: "at-2", refresh: "rt-2")
                : InteractiveKit.tokens(access: "at-secret", refresh: "rt-secret")
        }
        let auth = try InteractiveKit.auth(tenant, time: VirtualTime())
        let seen = Self.observed(auth)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
        _ = try await auth.acquireTokenSilent(forceRefresh: true)
        let log = Self.text(seen.all)
        for secret in ["dc-secret", "at-secret", "rt-secret", "at-2", "rt-2", InteractiveKit.idToken(), InteractiveKit.clientInfo] {
            #expect(!log.contains(secret), "\(secret.prefix(12))… reached the observer")
        }
        #expect(log.contains("device_code=<redacted>") && log.contains("refresh_token=<redacted>"))
    }

    @Test func theCodeRedemptionHidesTheCodeAndTheVerifier() async throws {
        let tenant = ScriptedTenant { request in
            request.method == "GET" ? InteractiveKit.json(200, InteractiveKit.discovery) : InteractiveKit.error("invalid_grant", code: 70_000)
        }
        let auth = try InteractiveKit.auth(tenant, time: VirtualTime())
        let seen = Self.observed(auth)
        let step = try await auth.startBrowserSignIn()
        let state = URLComponents(url: step.authorizationURL, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value ?? ""
        let waiting = Task { try await step.waitForSignIn(timeout: 10) }
        var request = URLRequest(url: try #require(URL(string: step.redirectURI.replacingOccurrences(of: "localhost", with: "127.0.0.1"))))
        request.httpMethod = "POST"
        request.httpBody = Data("code=code-secret&state=\(state)".utf8)
        _ = try? await URLSession.shared.data(for: request)
        _ = try? await waiting.value
        let redemption = try #require(tenant.forms("/token").first)
        #expect(redemption["code"] == "code-secret")
        let verifier = try #require(redemption["code_verifier"])
        let log = Self.text(seen.all)
        #expect(!log.contains("code-secret") && !log.contains(verifier))
        #expect(log.contains("code=<redacted>") && log.contains("code_verifier=<redacted>"))
    }

    /// A HAR viewer checks `Content-Length` against the body: after redaction the two must still agree.
    @Test func theHARsContentLengthAgreesWithTheRedactedBody() async throws {
        let tenant = ScriptedTenant { request in
            if request.method == "GET" { return InteractiveKit.json(200, InteractiveKit.discovery) }
            if request.url.path.hasSuffix("/devicecode") {
                return InteractiveKit.json(200, #"{"device_code":"dc-secret","user_code":"ABCD-EFGH","verification_uri":"https://x.example/d","expires_in":900,"interval":5}"#)
            }
            var answer = InteractiveKit.tokens(access: "at-secret-with-some-length", refresh: "rt-secret")
            answer.headers["Content-Length"] = String(answer.body.count)
            return answer
        }
        let auth = try InteractiveKit.auth(tenant, time: VirtualTime())
        let seen = Self.observed(auth)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
        let har = try #require(try JSONSerialization.jsonObject(with: HARLog.document(seen.all, creator: "tests", version: "1")) as? [String: Any])
        let entries = try #require((har["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let token = try #require(entries.last?["response"] as? [String: Any])
        let text = try #require((token["content"] as? [String: Any])?["text"] as? String)
        let length = (token["headers"] as? [[String: String]])?.first { $0["name"]?.lowercased() == "content-length" }?["value"]
        #expect(length == String(text.utf8.count), "Content-Length \(length ?? "none") for \(text.utf8.count) bytes written")
        #expect(text.contains("<redacted>"))
    }
}
