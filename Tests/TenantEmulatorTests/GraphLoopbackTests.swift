import EmulatorServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// The Graph subset over real loopback HTTP: a token from the native API, `/me` read and PATCH, a 401 challenge,
/// and `@odata.nextLink` followed exactly as sent. Source: docs/protocol.md §I5, §I6.1; field cases 021, 022 (docs/field-cases.md).
@Suite("Graph over loopback", .serialized)
struct GraphLoopbackTests {
    typealias F = GraphFixture

    func send(_ client: LoopbackClient, _ method: String, _ url: String, token: String?, body: String? = nil) async throws
        -> (status: Int, headers: [String: String], json: [String: Any]) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await client.session.data(for: request)
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return (http?.statusCode ?? 0, headers, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    func token(_ client: LoopbackClient, _ username: String, _ password: String, scope: String) async throws -> String {
        let started = try await client.post(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": allTypes])
        let challenged = try await client.post(.signInChallenge, ["client_id": clientID, "continuation_token": started["continuation_token"] ?? "",
                                                                  "challenge_type": allTypes])
        let answer = try await client.post(.token, ["client_id": clientID, "continuation_token": challenged["continuation_token"] ?? "",
                                                    "grant_type": "password", "username": username, "password": password, "scope": scope])
        return try #require(answer["access_token"])
    }

    @Test("HTTP: /me with and without a token, PATCH 204 then GET, and the sign-in log paged by following nextLink verbatim")
    func overHTTP() async throws {
        let client = try LoopbackClient(preset: "email-password")
        defer { client.stop() }
        let origin = client.server.origin
        let missing = try await send(client, "GET", "\(origin)/v1.0/me", token: nil)
        #expect(missing.status == 401 && missing.headers["www-authenticate"]?.hasPrefix(#"Bearer realm="""#) == true)
        #expect((missing.json["error"] as? [String: Any])?["code"] as? String == "InvalidAuthenticationToken")
        let user = try await token(client, F.jane, F.janePassword, scope: "openid offline_access User.ReadWrite")
        let me = try await send(client, "GET", "\(origin)/v1.0/me?$select=displayName,city", token: user)
        #expect(me.status == 200 && me.json["displayName"] as? String == "Jane Doe" && me.json["city"] as? String == "Seattle")
        #expect(me.headers["request-id"] != nil && me.headers["client-request-id"] != nil)
        let patched = try await send(client, "PATCH", "\(origin)/v1.0/me", token: user, body: #"{"city":"Bergen"}"#)
        #expect(patched.status == 204)
        #expect(try await send(client, "GET", "\(origin)/v1.0/me?$select=city", token: user).json["city"] as? String == "Bergen")

        for _ in 0..<2 { _ = try await token(client, F.jane, F.janePassword, scope: "openid") }
        let janeID = try #require(me.json.isEmpty ? nil : try await send(client, "GET", "\(origin)/v1.0/me?$select=id", token: user).json["id"] as? String)
        let ops = try await token(client, F.ops, F.opsPassword, scope: F.auditScope)
        let filter = TenantEmulator.uriEscape("userId eq '\(janeID)'")
        var url: String? = "\(origin)/v1.0/auditLogs/signIns?$top=2&$filter=\(filter)"
        var seen: [String] = []
        while let next = url {
            let page = try await send(client, "GET", next, token: ops)
            #expect(page.status == 200)
            seen += (page.json["value"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            url = page.json["@odata.nextLink"] as? String
            #expect(url.map { $0.hasPrefix(origin + "/v1.0/auditLogs/signIns?") } ?? true)
            if seen.count > 10 { break }
        }
        #expect(seen.count == 3 && Set(seen).count == 3, "three sign-ins of Jane, over two pages")
    }
}
