import Foundation
import Testing
@testable import TenantEmulator

/// `PATCH /emulator/v1/tenant` and `DELETE /emulator/v1/users/{email}`: the console's emulator panel uses them.
@Suite("Control API: policy knobs and removing one user")
struct PolicyKnobTests {
    @Test("a knob changes the next answer, not only the summary")
    func mfaKnobChangesTheNextSignIn() throws {
        let harness = try Harness()
        let changed = harness.control("PATCH", "tenant", body: #"{"mfa": {"required": true, "registrationRequired": true}, "passwordReset": {"enabled": false}}"#)
        #expect(changed.status == 200)
        #expect((changed.jsonObject?["mfa"] as? [String: Any])?["required"] as? Bool == true)
        #expect(harness.emulator.policy.mfa.required && !harness.emulator.policy.passwordReset.enabled)
        let answer = harness.passwordGrant(try harness.signInPasswordToken("jane.doe@contoso.com"), "jane.doe@contoso.com", "Blue-Harbor-7419!")
        // Jane has no strong method yet: MFA now asks her to register one.
        #expect(answer.jsonObject?["suberror"] as? String == "registration_required", "\(String(decoding: answer.body, as: UTF8.self))")
    }

    @Test("sign-up method and attribute requirements")
    func signUpKnobs() throws {
        let harness = try Harness(preset: "attributes")
        let body = #"{"signUp": {"method": "emailOtp", "attributes": [{"name": "displayName", "required": false}]}}"#
        #expect(harness.control("PATCH", "tenant", body: body).status == 200)
        #expect(harness.emulator.policy.signUp.method == .emailOtp)
        #expect(harness.emulator.policy.signUp.attributes.first { $0.name == "displayName" }?.required == false)
    }

    @Test("bad knobs are refused whole, naming the field", arguments: [
        (#"{"mfa": {"required": "yes"}}"#, "mfa.required must be true or false"),
        (#"{"tokens": {}}"#, "tokens cannot be changed"),
        (#"{"signUp": {"method": "magic"}}"#, "signUp.method must be emailPassword or emailOtp"),
        (#"{"mfa": {"required": true}, "signUp": {"attributes": [{"name": "shoeSize", "required": true}]}}"#,
         "signUp.attributes[0].name must name one of the policy's attributes"),
        ("[]", "body must be a JSON object"),
    ])
    func refused(body: String, message: String) throws {
        let harness = try Harness()
        let answer = harness.control("PATCH", "tenant", body: body)
        #expect(answer.status == 400)
        #expect((answer.jsonObject?["error"] as? String)?.contains(message) == true, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(!harness.emulator.policy.mfa.required, "a refused body changed nothing")
    }

    @Test("PATCH takes every key a scenario sets: the device-code interval, the code limit, a client by id")
    func scenarioKeysOverTheControlAPI() throws {
        let harness = try Harness()
        let body = #"{"deviceCode": {"intervalSeconds": 2}, "otp": {"maxCodesPerAddress": 3}, "mfa": {"smsNeedsTenantIdAuthority": true}, "clients": [{"clientId": "\#(clientID)", "nativeAuth": false}]}"#
        #expect(harness.control("PATCH", "tenant", body: body).status == 200)
        #expect(try harness.deviceAuthorization()["interval"] as? Int == 2)
        #expect(harness.emulator.policy.otp.maxCodesPerAddress == 3 && harness.emulator.policy.mfa.smsNeedsTenantIdAuthority)
        let refused = harness.post(.signInInitiate, ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": allTypes])
        #expect(refused.jsonObject?["suberror"] as? String == "nativeauthapi_disabled", "\(String(decoding: refused.body, as: UTF8.self))")
        #expect(harness.control("PATCH", "tenant", body: #"{"otp": {"maxCodesPerAddress": 0}}"#).status == 200)
        #expect(harness.emulator.policy.otp.maxCodesPerAddress == nil, "0 lifts the limit")
    }

    @Test("a client or key the policy does not have is refused by name", arguments: [
        (#"{"clients": [{"clientId": "00000000-0000-4000-8000-000000000009", "nativeAuth": false}]}"#, "clients[0].clientId must name one of the policy's clients"),
        (#"{"mfa": {"requird": true}}"#, "mfa.requird cannot be changed"),
        (#"{"deviceCode": {"intervalSeconds": 0}}"#, "deviceCode.intervalSeconds must be a whole number from 1 to 60, not a number (0)"),
    ])
    func refusedByName(body: String, message: String) throws {
        let harness = try Harness()
        let answer = harness.control("PATCH", "tenant", body: body)
        #expect(answer.status == 400)
        #expect((answer.jsonObject?["error"] as? String)?.contains(message) == true, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(harness.emulator.policy.clients[0].nativeAuth)
    }

    @Test("a scenario's dotted keys are the same patch as the PATCH body, client.* being the first native client")
    func dottedKeysAreThePatchBody() throws {
        let policy = try TenantPreset.load("mfa")
        let dotted = try PolicyPatch(dottedKeys: ["mfa.required": false, "signUp.method": "emailOtp", "client.nativeAuth": false,
                                                  "client.challengeTypes": ["oob"], "otp.maxCodesPerAddress": 0], tenant: policy)
        #expect(dotted.knobs == ["mfa.required": .bool(false), "signUp.method": .word("emailOtp"), "otp.maxCodesPerAddress": .number(0)])
        #expect(dotted.clients.map(\.clientID) == [policy.clients[0].clientID, policy.clients[0].clientID])
        #expect(try PolicyPatch(body: dotted.body) == dotted)
        var changed = policy
        try dotted.apply(to: &changed)
        #expect(!changed.clients[0].nativeAuth && changed.clients[0].challengeTypes == [.oob])
        #expect(throws: PolicyPatch.Refusal(key: "signUp.attributes[0].name", problem: .unknownName("one of the policy's attributes"))) {
            try PolicyPatch(dottedKeys: ["signUp.attributes": [["name": "shoeSize", "required": true]]], tenant: policy)
        }
    }

    @Test("GET tenant shows every knob the file takes, the per-address code limit and its window included")
    func summaryShowsEveryKnob() throws {
        let harness = try Harness()
        #expect(harness.control("PATCH", "tenant", body: #"{"otp": {"maxCodesPerAddress": 4}}"#).status == 200)
        let summary = try #require(harness.control("GET", "tenant").jsonObject)
        for knob in PolicyKnob.all {
            #expect((summary[knob.section] as? [String: Any])?[knob.field] != nil, "\(knob.key) missing from GET /emulator/v1/tenant")
        }
        let otp = summary["otp"] as? [String: Any]
        #expect(otp?["maxCodesPerAddress"] as? Int == 4 && otp?["addressWindowSeconds"] as? Int == 3600)
    }

    @Test("every scalar setting of a policy section is a knob, so the file, PATCH, GET tenant and the docs all reach it")
    func everyScalarSettingIsAKnob() {
        let keys = Set(PolicyKnob.all.map(\.key))
        for section in Mirror(reflecting: TenantPolicy.defaults).children {
            guard let name = section.label else { continue }
            for field in Mirror(reflecting: section.value).children {
                guard let label = field.label else { continue }
                let scalar = field.value is Bool || field.value is Int || field.value is Int? || field.value is any CaseIterable
                #expect(!scalar || keys.contains("\(name).\(label)"), "\(name).\(label) has no row in PolicyKnob.all")
            }
        }
    }

    @Test("docs/emulator.md's key table has each knob's row as declared: type, default, range and words")
    func documentedKnobs() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let rows = Set(try String(contentsOf: repository.appendingPathComponent("docs/emulator.md"), encoding: .utf8).split(separator: "\n").map(String.init))
        for knob in PolicyKnob.all {
            let documented = rows.contains(Self.row(knob))
            #expect(documented, "docs/emulator.md lacks \(Self.row(knob))")
        }
    }

    /// `| key | type | default | allowed |` as the declaration says it: the range of a number, then its doc.
    static func row(_ knob: PolicyKnob) -> String {
        let (type, shown): (String, String) = switch (knob.kind, knob.value(.defaults)) {
        case (.bool, let value): ("bool", "`\(value?.json ?? "")`")
        case (.choice, let value): ("string", "`\"\(value?.json ?? "")\"`")
        case (_, let value?): ("int", "\(value.json)")
        case (_, nil): ("int", "none (no limit)")
        }
        let range = switch knob.kind {
        case .int(let range), .limit(let range): "\(range.lowerBound)–\(range.upperBound)"
        case .bool, .choice: ""
        }
        return "| `\(knob.key)` | \(type) | \(shown) | \(range)\(knob.doc) |"
    }

    @Test("one user is removed; the others stay")
    func removeOneUser() throws {
        let harness = try Harness()
        #expect(harness.control("DELETE", "users/jane.doe%40contoso.com").status == 200)
        let users = (try? JSONSerialization.jsonObject(with: harness.control("GET", "users").body)) as? [[String: Any]] ?? []
        #expect(Set(users.compactMap { $0["email"] as? String }) == ["alex.kim@contoso.com", "ops@contoso.com"])
        #expect(harness.control("DELETE", "users/jane.doe@contoso.com").status == 404)
    }
}

/// Every scalar field of a policy section has its knob row: a field added without one would be read by no policy
/// file, `PATCH` or panel, and missing from docs/emulator.md, with nothing failing.
@Suite struct PolicyKnobCoverageTests {
    @Test func everyScalarSettingHasItsRow() throws {
        let policy = try Harness().emulator.policy
        let keys = Set(PolicyKnob.all.map(\.key))
        var missing: [String] = [], checked = 0
        for section in Mirror(reflecting: policy).children {
            guard let sectionName = section.label else { continue }
            for field in Mirror(reflecting: section.value).children {
                guard let fieldName = field.label, Self.isScalar(field.value) else { continue }
                let key = "\(sectionName).\(fieldName)"
                checked += 1
                if !keys.contains(key) { missing.append(key) }
            }
        }
        #expect(checked >= PolicyKnob.all.count, "only \(checked) scalar fields found")
        #expect(missing.isEmpty, "policy fields without a PolicyKnob row: \(missing)")
    }

    /// A bool, a whole number (a limit may be absent) or a word from a closed list.
    private static func isScalar(_ value: Any) -> Bool {
        switch value {
        case is Bool, is Int, is Int?: true
        case let word as any RawRepresentable: word.rawValue is String
        default: false
        }
    }
}
