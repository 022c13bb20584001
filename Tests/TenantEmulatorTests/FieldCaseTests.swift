import EmailAddresses
import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// The server answers of field cases 001–004 in docs/field-cases.md, exactly.
@Suite("Cases from the field")
struct FieldCaseTests {
    @Test("001: a client with `password redirect` gets the exact redirect body at initiate")
    func narrowChallengeTypes() throws {
        let harness = try Harness()
        let answer = harness.post(.signInInitiate, ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": "password redirect"])
        #expect(answer.status == 200)
        let body = try #require(answer.jsonObject)
        #expect(body.count == 2)
        #expect(body["challenge_type"] as? String == "redirect")
        #expect(body["redirect_reason"] as? String == "The client does not support the challenge types required by the user flow.")
    }

    @Test("001 by policy: an app registration limited to `password redirect` meets the same redirect")
    func narrowClientRegistration() throws {
        let harness = try Harness { $0.clients[0].challengeTypes = [.password, .redirect] }
        let answer = harness.post(.signInInitiate, ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": allTypes])
        #expect(answer.jsonObject?["redirect_reason"] as? String == "The client does not support the challenge types required by the user flow.")
    }

    @Test("002: `+123` is refused with invalid_request 901001 and the registration step stays usable")
    func shortPhoneNumber() throws {
        let harness = try Harness(preset: "mfa")
        let token = try harness.registrationToken("sam.lee@contoso.com", "Green-Valley-3381!")
        for number in ["+123", "0044 7700 900461", "+44 77", "phone"] {
            let refused = harness.post(.registerChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": "oob",
                                                            "challenge_target": number, "challenge_channel": "sms"])
            #expect(refused.status == 400)
            #expect(refused.jsonObject?["error"] as? String == "invalid_request")
            #expect(firstCode(refused) == 901001, "\(number)")
        }
        let corrected = harness.post(.registerChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": "oob",
                                                          "challenge_target": "+44 7700900461", "challenge_channel": "sms"])
        #expect(corrected.status == 200)
        #expect(corrected.jsonObject?["challenge_target"] as? String == "+44 7700900461")
    }

    @Test("012: only E.164 itself is accepted; free text gets 901001 and nothing is sent or stored")
    func onlyStrictE164() throws {
        let harness = try Harness(preset: "mfa")
        let token = try harness.registrationToken("sam.lee@contoso.com", "Green-Valley-3381!")
        func register(_ number: String) -> EmulatorResponse {
            harness.post(.registerChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": "oob",
                                              "challenge_target": number, "challenge_channel": "sms"])
        }
        for number in ["+44-7700-900123", "+1 555 555 0100", "+44 (0)7700 900123", "+447700 900123", "+0447700900123", "+1234567",
                       "+1234567890123456"] {
            let refused = register(number)
            #expect(refused.status == 400, "\(number)")
            #expect(refused.jsonObject?["error"] as? String == "invalid_request")
            #expect(firstCode(refused) == 901001, "\(number)")
        }
        #expect(harness.emulator.outbox.messages().filter { $0.channel == "sms" }.isEmpty, "a code was sent to a refused number")
        let accepted = register("+447700900123")
        #expect(accepted.status == 200)
        #expect(accepted.jsonObject?["challenge_target"] as? String == "+447700900123")
    }

    @Test("an attribute without a pattern is served without `options`, as the reference's current examples")
    func attributeWithoutPatternHasNoOptions() throws {
        let harness = try Harness { policy in
            policy.signUp.attributes = [.init(name: "surname", type: .string, required: true, regex: nil, label: "Surname", choices: nil),
                                        .init(name: "city", type: .string, required: true, regex: "^.{1,80}$", label: "City", choices: nil)]
        }
        let username = "lee@contoso.com"
        let answer = try harness.verifySignUp(try harness.signUpCodeToken(username, password: "Quiet-Lantern-2288!"), username)
        let items = try #require(answer["required_attributes"] as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["surname", "city"])
        #expect(items[0]["options"] == nil, "\(items[0])")
        #expect((items[1]["options"] as? [String: String]) == ["regex": "^.{1,80}$"])
    }

    @Test("003: SMS blocked by reputation at the MFA picker; email still works with the same token")
    func smsBlockedByPolicy() throws {
        let harness = try Harness(preset: "mfa") { $0.mfa.smsBlocked = .reputation }
        let (token, methods) = try harness.introspect(try harness.mfaRequiredToken("jane.doe@contoso.com", "Blue-Harbor-7419!"))
        let blocked = harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes, "id": methods["sms"] ?? ""])
        #expect(blocked.status == 400)
        let body = try #require(blocked.jsonObject)
        #expect(body["error"] as? String == "access_denied")
        #expect(body["suberror"] as? String == "provider_blocked_by_rep")
        #expect(firstCode(blocked) == 550024)
        let email = harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes, "id": methods["email"] ?? ""])
        #expect(email.status == 200)
        #expect(email.jsonObject?["challenge_channel"] as? String == "email")
    }

    @Test("004: non-ASCII attribute values survive form encoding and come back unchanged")
    func nonASCIIAttributes() throws {
        let ext = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_"
        let values = ["displayName": "Zoë Ångström-Łukasiewicz", "city": "São Paulo", "\(ext)motto": "Keep going 🚀✨",
                      "\(ext)loyaltyNumber": "4820193746", "\(ext)termsAccepted": "true"]
        let attributes = try AttributesParameter.encode(values)
        let username = "zoe@contoso.com"
        // displayName's tenant regex is ASCII-only, so relax it to prove the encoding, not the policy.
        let relaxed = try Harness(preset: "attributes") { policy in
            for index in policy.signUp.attributes.indices where policy.signUp.attributes[index].name == "displayName" {
                policy.signUp.attributes[index].regex = "^.{1,64}$"
            }
        }
        let token = try relaxed.signUpCodeToken(username, password: "Quiet-Lantern-2288!", attributes: attributes)
        let done = try relaxed.verifySignUp(token, username)
        #expect(done["error"] == nil, "\(done)")
        let users = try #require(try JSONSerialization.jsonObject(with: relaxed.control("GET", "users").body) as? [[String: Any]])
        let stored = try #require(users.first { $0["email"] as? String == username }?["attributes"] as? [String: String])
        #expect(stored == values)
    }

    @Test("the tenant-side regex refuses what the policy forbids, naming the attribute")
    func asciiOnlyDisplayName() throws {
        let harness = try Harness(preset: "attributes")
        let answer = harness.post(.signUpStart, ["client_id": clientID, "username": "zoe@contoso.com", "challenge_type": allTypes,
                                                 "password": "Quiet-Lantern-2288!", "attributes": #"{"displayName":"Zoë 🚀"}"#])
        #expect(answer.jsonObject?["suberror"] as? String == "attribute_validation_failed")
        #expect((answer.jsonObject?["invalid_attributes"] as? [[String: String]])?.first?["name"] == "displayName")
    }
}

/// Field case 026 (docs/field-cases.md): a username carrying terminal controls is not an address.
@Suite struct ControlCharacterUsernameTests {
    @Test func usernamesWithControlCharactersAreRefused() {
        #expect(EmailAddress.isWellFormed("jane.doe@contoso.com"))
        #expect(!EmailAddress.isWellFormed("jane\u{1B}]0;T\u{07}@contoso.com"))
        #expect(!EmailAddress.isWellFormed("jane@contoso\u{9B}31m.com"))
    }
}
