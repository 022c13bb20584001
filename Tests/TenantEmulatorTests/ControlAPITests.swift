import Foundation
import Testing
@testable import TenantEmulator

@Suite("Control API")
struct ControlAPITests {
    func array(_ response: EmulatorResponse) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: response.body)) as? [[String: Any]] ?? []
    }

    @Test("users: list with hashes but no passwords, import in the policy shape, refuse bad imports, reset")
    func users() throws {
        let harness = try Harness()
        let listed = array(harness.control("GET", "users"))
        #expect(Set(listed.compactMap { $0["email"] as? String }) == ["jane.doe@contoso.com", "alex.kim@contoso.com", "ops@contoso.com"])
        let text = String(decoding: harness.control("GET", "users").body, as: UTF8.self)
        #expect(text.contains(#""passwordHash":"pbkdf2-sha256$"#) && !text.contains("Blue-Harbor-7419!"), "hashes, never passwords")
        let imported = harness.control("POST", "users", body: #"[{"email": "new@contoso.com", "password": "Imported-Pass-1", "methods": [{"channel": "sms", "target": "+14255550100"}]}]"#)
        #expect(imported.jsonObject?["imported"] as? Int == 1)
        #expect(harness.passwordGrant(try harness.signInPasswordToken("new@contoso.com"), "new@contoso.com", "Imported-Pass-1").status == 200)
        let refused = harness.control("POST", "users", body: #"[{"email": "x@contoso.com", "colour": "red"}]"#)
        #expect(refused.status == 400)
        #expect((refused.jsonObject?["error"] as? String)?.contains("[0].colour") == true)
        #expect(harness.control("DELETE", "users").status == 200)
        #expect(array(harness.control("GET", "users")).isEmpty)
        let gone = harness.post(.signInInitiate, ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": allTypes])
        #expect(gone.jsonObject?["error"] as? String == "user_not_found")
    }

    @Test("outbox: filter by recipient and clear")
    func outbox() throws {
        let harness = try Harness()
        _ = try harness.signUpCodeToken("one@contoso.com")
        _ = try harness.signUpCodeToken("two@contoso.com")
        let filtered = array(harness.control("GET", "outbox?to=two%40contoso.com"))
        #expect(filtered.count == 1)
        #expect(filtered.first?["purpose"] as? String == "signUp" && filtered.first?["channel"] as? String == "email")
        #expect(Set(filtered.first?.keys.map { $0 } ?? []) == ["id", "channel", "to", "code", "purpose", "sentAt", "expiresAt", "status"])
        #expect(harness.control("DELETE", "outbox").status == 200)
        #expect(array(harness.control("GET", "outbox")).isEmpty)
    }

    @Test("in-process callers see codes as they are sent, and can stop watching")
    func observeOutbox() async throws {
        let harness = try Harness()
        let stream = harness.emulator.outbox.stream()
        let seen = SeenMessages()
        let id = harness.emulator.outbox.observe { seen.add($0) }
        _ = try harness.signUpCodeToken("watched@contoso.com")
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.to == "watched@contoso.com" && first?.purpose == .signUp)
        #expect(seen.all.map(\.to) == ["watched@contoso.com"])
        harness.emulator.outbox.stopObserving(id)
        _ = try harness.signUpCodeToken("unwatched@contoso.com")
        #expect(seen.all.count == 1)
    }

    @Test("tenant shows the policy without user passwords; unknown routes are 404, wrong methods 405")
    func tenantAndRoutes() throws {
        let harness = try Harness(preset: "strict")
        let tenant = try #require(harness.control("GET", "tenant").jsonObject)
        #expect((tenant["otp"] as? [String: Any])?["maxAttempts"] as? Int == 3)
        #expect(tenant["users"] == nil)
        #expect(harness.control("GET", "nothing").status == 404)
        #expect(harness.control("PUT", "users").status == 405)
    }

    @Test("the authority accepts the tenant GUID and NAME.onmicrosoft.com, and refuses other tenants")
    func authorityShapes() throws {
        let harness = try Harness()
        let body = Data("client_id=\(clientID)&username=jane.doe%40contoso.com&challenge_type=oob+password+redirect".utf8)
        for segment in [harness.emulator.tenantID, "contoso.onmicrosoft.com"] {
            #expect(harness.emulator.handle(EmulatorRequest(method: "POST", path: "/\(segment)/oauth2/v2.0/initiate?dc=ESTS-PUB", body: body)).status == 200)
        }
        let other = harness.emulator.handle(EmulatorRequest(method: "POST", path: "/fabrikam.onmicrosoft.com/oauth2/v2.0/initiate", body: body))
        #expect(other.status == 400 && other.jsonObject?["error"] as? String == "invalid_request")
    }
}

/// Messages collected by an outbox observer.
final class SeenMessages: @unchecked Sendable {
    // @unchecked: `messages` is only touched under `lock`.
    private let lock = NSLock()
    private var messages: [OutboxMessage] = []

    func add(_ message: OutboxMessage) { lock.lock(); messages.append(message); lock.unlock() }
    var all: [OutboxMessage] { lock.lock(); defer { lock.unlock() }; return messages }
}
