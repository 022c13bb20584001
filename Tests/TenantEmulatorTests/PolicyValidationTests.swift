import Foundation
import Testing
@testable import TenantEmulator

/// A bad policy file is refused with one message naming the file, the key and what is allowed.
@Suite("Policy file validation")
struct PolicyValidationTests {
    /// A valid minimal policy, as a JSON object to mutate.
    static func base() -> [String: Any] {
        ["tenant": ["name": "contoso", "id": "5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"],
         "clients": [["clientId": clientID]]]
    }

    struct Refusal: Sendable, CustomStringConvertible {
        let description: String
        let key: String
        let allowed: String
        let change: @Sendable (inout [String: Any]) -> Void
    }

    static let refusals: [Refusal] = [
        Refusal(description: "unknown top-level key", key: "colour", allowed: "unknown key") { $0["colour"] = "blue" },
        Refusal(description: "unknown nested key", key: "otp.lenght", allowed: "unknown key") { $0["otp"] = ["lenght": 6] },
        Refusal(description: "missing tenant", key: "tenant", allowed: "object") { $0.removeValue(forKey: "tenant") },
        Refusal(description: "tenant id not a GUID", key: "tenant.id", allowed: "GUID") { $0["tenant"] = ["name": "contoso", "id": "contoso"] },
        Refusal(description: "tenant name with spaces", key: "tenant.name", allowed: "letters") { $0["tenant"] = ["name": "con toso", "id": "5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"] },
        Refusal(description: "no clients", key: "clients", allowed: "non-empty") { $0["clients"] = [Any]() },
        Refusal(description: "client id not a GUID", key: "clients[0].clientId", allowed: "GUID") { $0["clients"] = [["clientId": "app"]] },
        Refusal(description: "flag given as a number", key: "clients[0].nativeAuth", allowed: "true or false") { $0["clients"] = [["clientId": clientID, "nativeAuth": 1]] },
        Refusal(description: "unknown challenge type", key: "clients[0].challengeTypes", allowed: "\"password\"") { $0["clients"] = [["clientId": clientID, "challengeTypes": ["otp"]]] },
        Refusal(description: "unknown sign-up method", key: "signUp.method", allowed: "\"emailOtp\"") { $0["signUp"] = ["method": "magicLink"] },
        Refusal(description: "unknown attribute type", key: "signUp.attributes[0].type", allowed: "\"boolean\"") { $0["signUp"] = ["attributes": [["name": "city", "type": "colour"]]] },
        Refusal(description: "regex that does not compile", key: "signUp.attributes[0].regex", allowed: "compiles") { $0["signUp"] = ["attributes": [["name": "city", "regex": ".*@.**$("]]] },
        Refusal(description: "duplicate attribute", key: "signUp.attributes[1].name", allowed: "not used") { $0["signUp"] = ["attributes": [["name": "city"], ["name": "city"]]] },
        Refusal(description: "empty choice list", key: "signUp.attributes[0].choices", allowed: "non-empty") { $0["signUp"] = ["attributes": [["name": "country", "choices": [String]()]]] },
        Refusal(description: "code length out of range", key: "otp.length", allowed: "from 4 to 10") { $0["otp"] = ["length": 3] },
        Refusal(description: "fractional seconds", key: "otp.ttlSeconds", allowed: "whole number") { $0["otp"] = ["ttlSeconds": 1.5] },
        Refusal(description: "maxLength below minLength", key: "password.maxLength", allowed: "minLength") { $0["password"] = ["minLength": 12, "maxLength": 8] },
        Refusal(description: "character classes out of range", key: "password.minCharacterClasses", allowed: "from 1 to 4") { $0["password"] = ["minCharacterClasses": 5] },
        Refusal(description: "banned list of numbers", key: "password.banned", allowed: "array of strings") { $0["password"] = ["banned": [1, 2]] },
        Refusal(description: "unknown MFA method", key: "mfa.methods", allowed: "\"sms\"") { $0["mfa"] = ["methods": ["voice"]] },
        Refusal(description: "unknown SMS block", key: "mfa.smsBlocked", allowed: "\"reputation\"") { $0["mfa"] = ["smsBlocked": "sometimes"] },
        Refusal(description: "token lifetime out of range", key: "tokens.continuationTokenSeconds", allowed: "from 10 to 3600") { $0["tokens"] = ["continuationTokenSeconds": 5] },
        Refusal(description: "unknown poll status", key: "passwordReset.pollSequence", allowed: "\"in_progress\"") { $0["passwordReset"] = ["pollSequence": ["done"]] },
        Refusal(description: "user without a valid email", key: "users[0].email", allowed: "email address") { $0["users"] = [["email": "jane"]] },
        Refusal(description: "SMS method not E.164", key: "users[0].methods[0].target", allowed: "E.164") { $0["users"] = [["email": "a@b.co", "methods": [["channel": "sms", "target": "+123"]]]] },
        Refusal(description: "attribute value not a string", key: "users[0].attributes.age", allowed: "string") { $0["users"] = [["email": "a@b.co", "attributes": ["age": 4]]] },
    ]

    @Test("each bad key or value is refused with file, key and what is allowed", arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        var object = Self.base()
        refusal.change(&object)
        let data = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try TenantPolicy.parse(data, file: "rehearsal.json")
            Issue.record("accepted")
        } catch {
            #expect(error.file == "rehearsal.json")
            #expect(error.key == refusal.key)
            #expect(error.allowed.contains(refusal.allowed), "\(error.message)")
            #expect(error.message.hasPrefix("rehearsal.json: \(refusal.key): "))
        }
    }

    @Test("a file that is not JSON, a missing file and an unknown preset are refused")
    func unreadable() throws {
        #expect(throws: PolicyError.self) { try TenantPolicy.parse(Data("{tenant:".utf8), file: "broken.json") }
        #expect(throws: PolicyError(file: "/nonexistent/policy.json", key: "(file)",
                                    allowed: "a policy file, but there is no file at this path")) {
            try TenantPolicy.load(from: URL(fileURLWithPath: "/nonexistent/policy.json"))
        }
        #expect(throws: PolicyError.self) { try TenantPreset.resolve("enterprise") }
    }

    @Test("the message names the file and the line and column of a syntax error, the typo'd key, or the wrong type found")
    func messagesNameWhere() throws {
        let broken = "{\n  \"tenant\": {\"name\": \"contoso\", \"id\": tru},\n  \"clients\": []\n}"
        #expect(throws: PolicyError(file: "broken.json", key: "line 2, column 42", allowed: "not valid JSON")) {
            try TenantPolicy.parse(Data(broken.utf8), file: "broken.json")
        }
        func refusal(_ change: (inout [String: Any]) -> Void) throws -> String {
            var object = Self.base()
            change(&object)
            let data = try JSONSerialization.data(withJSONObject: object)
            do {
                _ = try TenantPolicy.parse(data, file: "rehearsal.json")
                return "accepted"
            } catch {
                return error.message
            }
        }
        #expect(try refusal { $0["mfa"] = ["requried": true] }
                == "rehearsal.json: mfa.requried: unknown key; use legacyFlow, methods, preverifiedFastPass, registrationRequired, required, smsBlocked, smsNeedsTenantIdAuthority")
        #expect(try refusal { $0["mfa"] = ["required": "yes"] } == "rehearsal.json: mfa.required: expected true or false, found \"yes\"")
        #expect(try refusal { $0["otp"] = ["length": [6]] } == "rehearsal.json: otp.length: expected a whole number from 4 to 10, found an array")
    }

    @Test("the minimal policy gets the documented defaults")
    func defaults() throws {
        let policy = try TenantPolicy.parse(try JSONSerialization.data(withJSONObject: Self.base()), file: "minimal.json")
        #expect(policy.signUp.method == .emailPassword)
        #expect(policy.otp.length == 8 && policy.otp.ttlSeconds == 600 && policy.otp.maxAttempts == 5 && policy.otp.resendIntervalSeconds == 30)
        #expect(policy.tokens.continuationTokenSeconds == 600)
        #expect(policy.password.minLength == 8 && policy.password.maxLength == 256)
        #expect(policy.mfa.required == false)
    }

    @Test("every preset in Resources/tenants is built into the emulator, and no other")
    func presets() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/tenants")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.sorted()
        #expect(files == TenantPreset.names.sorted())
        for name in TenantPreset.names {
            let builtIn = try TenantPreset.load(name)
            let onDisk = try TenantPolicy.load(from: folder.appendingPathComponent("\(name).json"))
            #expect(builtIn.tenant.id == onDisk.tenant.id && builtIn.users.count == onDisk.users.count)
        }
        #expect(try TenantPreset.load("attributes").signUp.attributes.count >= 8)
        #expect(try TenantPreset.load("mfa").users.contains { $0.methods.count >= 2 })
    }
}
