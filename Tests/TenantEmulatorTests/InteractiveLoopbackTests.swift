import EmulatorServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// The device page, device-code polling and a form_post authorize over real loopback HTTP.
@Suite("Interactive loopback", .serialized)
struct InteractiveLoopbackTests {
    struct Raw {
        let status: Int
        let contentType: String
        let text: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
    }

    func send(_ client: LoopbackClient, _ method: String, _ path: String, form: [String: String] = [:], query: [String: String] = [:]) async throws -> Raw {
        var components = try #require(URLComponents(string: client.server.origin + path))
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        // URLComponents leaves `+` alone in queries; a server reads it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        var request = URLRequest(url: try #require(components.url))
        request.httpMethod = method
        if method == "POST" {
            request.httpBody = Data(form.sorted { $0.key < $1.key }.map { "\(FormBody.escape($0.key))=\(FormBody.escape($0.value))" }.joined(separator: "&").utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await client.session.data(for: request)
        let http = response as? HTTPURLResponse
        return Raw(status: http?.statusCode ?? 0, contentType: http?.value(forHTTPHeaderField: "Content-Type") ?? "",
                   text: String(decoding: data, as: UTF8.self))
    }

    @Test("device code: authorization, the HTML page signs in, polls answer pending then tokens")
    func deviceCodeOverHTTP() async throws {
        let client = try LoopbackClient(preset: "email-password") { $0.deviceCode.verificationURI = .fixed }
        defer { client.stop() }
        let tenant = "/" + client.server.emulator.tenantID
        let authorization = try await send(client, "POST", tenant + "/oauth2/v2.0/devicecode",
                                           form: ["client_id": clientID, "scope": "openid profile offline_access"])
        #expect(authorization.status == 200)
        let verification = try #require(authorization.json["verification_uri"] as? String)
        #expect(verification == client.server.origin + "/common/oauth2/deviceauth")
        let poll = ["client_id": clientID, "grant_type": TenantEmulator.deviceCodeGrantType,
                    "device_code": try #require(authorization.json["device_code"] as? String), "client_info": "1"]
        #expect(try await send(client, "POST", tenant + "/oauth2/v2.0/token", form: poll).json["error"] as? String == "authorization_pending")

        let page = try await send(client, "GET", "/common/oauth2/deviceauth")
        #expect(page.status == 200 && page.contentType == "text/html; charset=utf-8")
        let flow = try #require(hiddenValue(page.text, "flow"))
        let path = "/common/oauth2/deviceauth"
        _ = try await send(client, "POST", path, form: ["flow": flow, "user_code": try #require(authorization.json["user_code"] as? String), "action": "next"])
        _ = try await send(client, "POST", path, form: ["flow": flow, "username": "jane.doe@contoso.com", "action": "next"])
        let done = try await send(client, "POST", path, form: ["flow": flow, "password": "Blue-Harbor-7419!", "action": "next"])
        #expect(done.text.contains("You have signed in"))

        _ = try await client.control("POST", "clock", body: #"{"advanceSeconds": 5}"#)
        let tokens = try await send(client, "POST", tenant + "/oauth2/v2.0/token", form: poll)
        #expect(tokens.status == 200 && tokens.json["client_info"] is String)
        let claims = jwtClaims(tokens.json["id_token"] as? String ?? "")
        #expect(claims["iss"] as? String == "\(client.server.origin)\(tenant)/v2.0")
    }

    @Test("authorize with form_post over HTTP, then the code redeemed with the verifier")
    func authorizeFormPostOverHTTP() async throws {
        let client = try LoopbackClient(preset: "email-password")
        defer { client.stop() }
        let tenant = "/" + client.server.emulator.tenantID
        let pkce = PKCE()
        let query = ["client_id": clientID, "response_type": "code", "redirect_uri": "http://localhost:61234", "response_mode": "form_post",
                     "scope": "openid profile offline_access", "state": "s+1", "nonce": "n1", "code_challenge": pkce.challenge,
                     "code_challenge_method": "S256", "client_info": "1"]
        let first = try await send(client, "GET", tenant + "/oauth2/v2.0/authorize", query: query)
        #expect(first.status == 200 && first.contentType == "text/html; charset=utf-8")
        let flow = try #require(hiddenValue(first.text, "flow"))
        _ = try await send(client, "POST", tenant + "/oauth2/v2.0/authorize", form: ["flow": flow, "username": "jane.doe@contoso.com"])
        let answer = try await send(client, "POST", tenant + "/oauth2/v2.0/authorize", form: ["flow": flow, "password": "Blue-Harbor-7419!"])
        #expect(answer.text.contains(#"action="http://localhost:61234""#))
        #expect(hiddenValue(answer.text, "state") == "s+1")
        let code = try #require(hiddenValue(answer.text, "code"))
        let tokens = try await send(client, "POST", tenant + "/oauth2/v2.0/token", form: [
            "client_id": clientID, "grant_type": "authorization_code", "code": code, "redirect_uri": "http://localhost:61234",
            "code_verifier": pkce.verifier, "client_info": "1"])
        #expect(tokens.status == 200)
        #expect(jwtClaims(tokens.json["id_token"] as? String ?? "")["nonce"] as? String == "n1")
    }
}
