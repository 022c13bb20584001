import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// `GET /emulator/v1/users` is an export that `POST /emulator/v1/users` takes back unchanged, hashes included.
@Suite("User export and import", .serialized)
struct UserExportTests {
    /// The raw bytes of `GET /emulator/v1/users`.
    func export(_ client: LoopbackClient) async throws -> Data {
        let (data, response) = try await client.session.data(from: URL(string: "\(client.server.origin)/emulator/v1/users")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return data
    }

    func importUsers(_ client: LoopbackClient, _ body: Data) async throws -> (status: Int, json: Any) {
        try await client.control("POST", "users", body: String(decoding: body, as: UTF8.self))
    }

    @Test("export, import into a fresh emulator, export again: the same bytes; the imported hash signs in")
    func roundTripIsByteIdentical() async throws {
        let source = try LoopbackClient(preset: "email-password")
        defer { source.stop() }
        // Users made three ways: seeded, imported with methods, signed up over the wire, at different times.
        #expect(try await source.control("POST", "users", body: #"[{"email": "kai.moss@contoso.com", "password": "Amber-Field-2290!", "#
            + #""attributes": {"displayName": "Kai Moss", "city": "Oslo/Bergen"}, "methods": [{"channel": "sms", "target": "+14255550123"}, "#
            + #"{"channel": "email", "target": "kai.backup@contoso.com"}]}]"#).status == 200)
        #expect(try await source.control("POST", "clock", body: #"{"advanceSeconds": 90}"#).status == 200)
        let started = try await source.post(.signUpStart, ["client_id": clientID, "username": "lee.park@contoso.com", "challenge_type": allTypes,
                                                           "password": "Quiet-River-4471!",
                                                           "attributes": try AttributesParameter.encode(["displayName": "Lee Park"])])
        let challenge = try await source.post(.signUpChallenge, ["client_id": clientID, "continuation_token": started["continuation_token"] ?? "",
                                                                 "challenge_type": allTypes])
        let verified = try await source.post(.signUpContinue, ["client_id": clientID, "continuation_token": challenge["continuation_token"] ?? "",
                                                               "grant_type": "oob", "oob": try await source.code(to: "lee.park@contoso.com")])
        #expect(verified.status == 200, "\(verified.body)")
        let first = try await export(source)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("pbkdf2-sha256$"), "password hashes are exported")
        #expect(!text.contains("Blue-Harbor-7419!") && !text.contains("Quiet-River-4471!"), "passwords are not")

        let target = try LoopbackClient(preset: "email-password") { $0.users = [] }
        defer { target.stop() }
        let imported = try await importUsers(target, first)
        #expect(imported.status == 200, "\(imported.json)")
        #expect((imported.json as? [String: Any])?["imported"] as? Int == 5)
        let second = try await export(target)
        #expect(second == first, "export → import → export differs:\n\(text)\n\(String(decoding: second, as: UTF8.self))")
        let again = try await importUsers(target, second)
        #expect((again.json as? [String: Any])?["skippedExisting"] as? Int == 5, "a second import changes nothing")
        #expect(try await export(target) == first)

        // The imported hash is the password's: right signs in, wrong is refused.
        for (username, password) in [("jane.doe@contoso.com", "Blue-Harbor-7419!"), ("lee.park@contoso.com", "Quiet-River-4471!")] {
            #expect(try await passwordSignIn(target, username, password).status == 200, "\(username) cannot sign in after import")
            #expect(try await passwordSignIn(target, username, password + "x")["error"] == "invalid_grant")
        }
    }

    func passwordSignIn(_ client: LoopbackClient, _ username: String, _ password: String) async throws -> LoopbackClient.Answer {
        let initiated = try await client.post(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": allTypes])
        let challenge = try await client.post(.signInChallenge, ["client_id": clientID, "continuation_token": initiated["continuation_token"] ?? "",
                                                                 "challenge_type": allTypes])
        return try await client.post(.token, ["client_id": clientID, "continuation_token": challenge["continuation_token"] ?? "",
                                              "grant_type": "password", "username": username, "password": password, "scope": "openid"])
    }

    @Test("an import keeps method ids, so MFA introspect answers the ids the export named")
    func methodIDsSurvive() throws {
        let harness = try Harness(preset: "mfa") { $0.users = [] }
        let body = #"[{"id": "0d6f7a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6", "email": "jane.doe@contoso.com", "#
            + #""passwordHash": "\#(PasswordHasher(iterations: 10).hash("Blue-Harbor-7419!"))", "#
            + #""methods": [{"id": "6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d", "channel": "email", "target": "jane.backup@contoso.com"}], "#
            + #""createdAt": "2026-03-14T09:31:07Z"}]"#
        #expect(harness.control("POST", "users", body: body).jsonObject?["imported"] as? Int == 1)
        let (_, methods) = try harness.introspect(try harness.mfaRequiredToken("jane.doe@contoso.com", "Blue-Harbor-7419!"))
        #expect(methods["email"] == "6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d")
    }

    @Test("an import refuses a malformed hash, a password beside a hash, a bad id and a reused method id")
    func badImportsAreNamed() throws {
        let harness = try Harness()
        let hash = PasswordHasher(iterations: 10).hash("Some-Pass-1234!")
        let cases: [(String, String)] = [
            (#"[{"email": "a@contoso.com", "passwordHash": "sha1$abc"}]"#, "[0].passwordHash"),
            (#"[{"email": "a@contoso.com", "password": "P-1234-abcd", "passwordHash": "\#(hash)"}]"#, "[0].passwordHash"),
            (#"[{"id": "not-a-guid", "email": "a@contoso.com"}]"#, "[0].id"),
            (#"[{"email": "a@contoso.com", "createdAt": "yesterday"}]"#, "[0].createdAt"),
            (#"[{"email": "a@contoso.com", "methods": [{"id": "6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d", "channel": "email", "target": "b@contoso.com"}, "#
                + #"{"id": "6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d", "channel": "sms", "target": "+14255550123"}]}]"#, "[0].methods[1].id"),
        ]
        for (body, key) in cases {
            let answer = harness.control("POST", "users", body: body)
            #expect(answer.status == 400)
            #expect((answer.jsonObject?["error"] as? String)?.contains(key) == true, "\(key): \(answer.jsonObject ?? [:])")
        }
        let jane = try #require((try JSONSerialization.jsonObject(with: harness.control("GET", "users").body) as? [[String: Any]])?
            .first { $0["email"] as? String == "jane.doe@contoso.com" }?["id"] as? String)
        let taken = harness.control("POST", "users", body: #"[{"id": "\#(jane)", "email": "someone.else@contoso.com"}]"#)
        #expect(taken.status == 400 && (taken.jsonObject?["error"] as? String)?.contains("belongs to another user") == true)
    }
}
