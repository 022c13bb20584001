import EmulatorServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// Complete flows of every preset over real loopback HTTP, codes read from `GET /emulator/v1/outbox`.
@Suite("Loopback flows", .serialized)
struct LoopbackFlowTests {
    let types = allTypes
    let capabilities = allCapabilities

    /// Sign-up (everything up front) and the auto sign-in: returns the token answer.
    func signUp(_ client: LoopbackClient, _ username: String, password: String?, attributes: [String: String]) async throws -> LoopbackClient.Answer {
        var start = ["client_id": clientID, "username": username, "challenge_type": types, "capabilities": capabilities,
                     "attributes": try AttributesParameter.encode(attributes)]
        start["password"] = password
        let started = try await client.post(.signUpStart, start)
        #expect(started.status == 200, "\(started.body)")
        let challenge = try await client.post(.signUpChallenge, ["client_id": clientID, "continuation_token": started["continuation_token"] ?? "", "challenge_type": types])
        #expect(challenge["challenge_type"] == "oob")
        let verified = try await client.post(.signUpContinue, ["client_id": clientID, "continuation_token": challenge["continuation_token"] ?? "",
                                                               "grant_type": "oob", "oob": try await client.code(to: username)])
        #expect(verified.status == 200, "\(verified.body)")
        return try await client.post(.token, ["client_id": clientID, "continuation_token": verified["continuation_token"] ?? "",
                                              "grant_type": "continuation_token", "username": username,
                                              "scope": "openid profile offline_access", "client_info": "true"])
    }

    /// Password sign-in up to the token answer.
    func passwordSignIn(_ client: LoopbackClient, _ username: String, _ password: String) async throws -> LoopbackClient.Answer {
        let initiated = try await client.post(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": types, "capabilities": capabilities])
        let challenge = try await client.post(.signInChallenge, ["client_id": clientID, "continuation_token": initiated["continuation_token"] ?? "", "challenge_type": types])
        #expect(challenge["challenge_type"] == "password")
        return try await client.post(.token, ["client_id": clientID, "continuation_token": challenge["continuation_token"] ?? "", "grant_type": "password",
                                              "username": username, "password": password, "scope": "openid profile offline_access", "client_info": "true"])
    }

    func expectTokens(_ answer: LoopbackClient.Answer, _ client: LoopbackClient, username: String) {
        #expect(answer.status == 200, "\(answer.body)")
        #expect(answer["token_type"] == "Bearer")
        #expect((answer.body["expires_in"] as? Int ?? 0) > 0)
        let claims = jwtClaims(answer["id_token"] ?? "")
        #expect(claims["preferred_username"] as? String == username)
        #expect(claims["iss"] as? String == "\(client.server.origin)/\(client.server.emulator.tenantID)/v2.0")
        #expect(answer["client_info"] != nil && answer["refresh_token"] != nil)
    }

    @Test("email-password: sign-up, sign-in, refresh with rotation, password reset, discovery")
    func emailPassword() async throws {
        let client = try LoopbackClient(preset: "email-password")
        defer { client.stop() }
        let username = "river.song@contoso.com"
        let signedUp = try await signUp(client, username, password: "Tardis-Blue-1963", attributes: ["displayName": "River Song"])
        expectTokens(signedUp, client, username: username)

        let signedIn = try await passwordSignIn(client, username, "Tardis-Blue-1963")
        expectTokens(signedIn, client, username: username)
        let wrong = try await passwordSignIn(client, username, "not-it-at-all")
        #expect(wrong["error"] == "invalid_grant" && (wrong.body["error_codes"] as? [Int])?.first == 50126)

        // Refresh rotates: the new token works, the old one no longer does.
        let refresh = signedIn["refresh_token"] ?? ""
        let refreshed = try await client.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh,
                                                       "scope": "openid profile offline_access", "client_info": "true"])
        #expect(refreshed.status == 200 && refreshed["refresh_token"] != refresh)
        let reused = try await client.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh, "scope": "openid"])
        #expect(reused["error"] == "invalid_grant")

        // Password reset, polling the same token until it succeeds, then the auto sign-in.
        let started = try await client.post(.resetPasswordStart, ["client_id": clientID, "username": username, "challenge_type": types])
        let sent = try await client.post(.resetPasswordChallenge, ["client_id": clientID, "continuation_token": started["continuation_token"] ?? "", "challenge_type": types])
        let verified = try await client.post(.resetPasswordContinue, ["client_id": clientID, "continuation_token": sent["continuation_token"] ?? "",
                                                                      "grant_type": "oob", "oob": try await client.code(to: username)])
        let submitted = try await client.post(.resetPasswordSubmit, ["client_id": clientID, "continuation_token": verified["continuation_token"] ?? "",
                                                                     "new_password": "Gallifrey-Red-2005"])
        let pollToken = submitted["continuation_token"] ?? ""
        var poll = try await client.post(.resetPasswordPollCompletion, ["client_id": clientID, "continuation_token": pollToken])
        #expect(poll["status"] == "in_progress")
        poll = try await client.post(.resetPasswordPollCompletion, ["client_id": clientID, "continuation_token": pollToken])
        #expect(poll["status"] == "succeeded")
        let afterReset = try await client.post(.token, ["client_id": clientID, "continuation_token": poll["continuation_token"] ?? "",
                                                        "grant_type": "continuation_token", "username": username, "scope": "openid offline_access"])
        #expect(afterReset.status == 200)
        let oldPassword = try await passwordSignIn(client, username, "Tardis-Blue-1963")
        #expect(oldPassword["error"] == "invalid_grant")
        expectTokens(try await passwordSignIn(client, username, "Gallifrey-Red-2005"), client, username: username)

        // Discovery: the openid-configuration names a JWKS that holds the tokens' kid.
        let configuration = try await client.get(client.server.authority.appendingPathComponent("v2.0/.well-known/openid-configuration"))
        let jwksURL = try #require(URL(string: configuration["jwks_uri"] ?? ""))
        let keys = try await client.get(jwksURL).body["keys"] as? [[String: Any]]
        #expect(keys?.first?["kid"] as? String == jwtHeader(signedIn["id_token"] ?? "")["kid"] as? String)
        #expect(configuration["issuer"] == jwtClaims(signedIn["id_token"] ?? "")["iss"] as? String)
    }

    @Test("email-otp: sign-up with a code, sign-in with a code, no password anywhere")
    func emailOTP() async throws {
        let client = try LoopbackClient(preset: "email-otp")
        defer { client.stop() }
        let username = "amy.pond@contoso.com"
        expectTokens(try await signUp(client, username, password: nil, attributes: ["displayName": "Amy Pond"]), client, username: username)
        let initiated = try await client.post(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": types])
        let challenge = try await client.post(.signInChallenge, ["client_id": clientID, "continuation_token": initiated["continuation_token"] ?? "", "challenge_type": types])
        #expect(challenge["challenge_type"] == "oob" && challenge["challenge_channel"] == "email")
        let tokens = try await client.post(.token, ["client_id": clientID, "continuation_token": challenge["continuation_token"] ?? "", "grant_type": "oob",
                                                    "oob": try await client.code(to: username), "scope": "openid profile offline_access", "client_info": "true"])
        expectTokens(tokens, client, username: username)
        let reset = try await client.post(.resetPasswordStart, ["client_id": clientID, "username": username, "challenge_type": types])
        #expect(reset.status == 400, "password reset is off for a code-only tenant")
    }

    @Test("mfa: method selection and mfa_oob; registration of an SMS method for a user with none")
    func mfa() async throws {
        let client = try LoopbackClient(preset: "mfa")
        defer { client.stop() }
        let required = try await passwordSignIn(client, "jane.doe@contoso.com", "Blue-Harbor-7419!")
        #expect(required["suberror"] == "mfa_required")
        let introspected = try await client.post(.signInIntrospect, ["client_id": clientID, "continuation_token": required["continuation_token"] ?? ""])
        let methods = try #require(introspected.body["methods"] as? [[String: Any]])
        #expect(methods.count == 2, "two registered methods: the user must choose")
        let sms = try #require(methods.first { $0["challenge_channel"] as? String == "sms" })
        let sent = try await client.post(.signInChallenge, ["client_id": clientID, "continuation_token": introspected["continuation_token"] ?? "",
                                                            "challenge_type": types, "id": sms["id"] as? String ?? ""])
        #expect(sent["challenge_target_label"] == "+1********23")
        let tokens = try await client.post(.token, ["client_id": clientID, "continuation_token": sent["continuation_token"] ?? "", "grant_type": "mfa_oob",
                                                    "oob": try await client.code(to: "+14255550123"), "scope": "openid profile offline_access", "client_info": "true"])
        expectTokens(tokens, client, username: "jane.doe@contoso.com")

        let registration = try await passwordSignIn(client, "sam.lee@contoso.com", "Green-Valley-3381!")
        #expect(registration["suberror"] == "registration_required")
        let offered = try await client.post(.registerIntrospect, ["client_id": clientID, "continuation_token": registration["continuation_token"] ?? ""])
        let challenge = try await client.post(.registerChallenge, ["client_id": clientID, "continuation_token": offered["continuation_token"] ?? "",
                                                                   "challenge_type": "oob", "challenge_target": "+44 7700900461", "challenge_channel": "sms"])
        #expect(challenge["challenge_target"] == "+44 7700900461")
        let registered = try await client.post(.registerContinue, ["client_id": clientID, "continuation_token": challenge["continuation_token"] ?? "",
                                                                   "grant_type": "oob", "oob": try await client.code(to: "+44 7700900461")])
        let signedIn = try await client.post(.token, ["client_id": clientID, "continuation_token": registered["continuation_token"] ?? "",
                                                      "grant_type": "continuation_token", "scope": "openid profile offline_access", "client_info": "true"])
        expectTokens(signedIn, client, username: "sam.lee@contoso.com")
        // Next time the new method is asked for as a second factor.
        let next = try await passwordSignIn(client, "sam.lee@contoso.com", "Green-Valley-3381!")
        #expect(next["suberror"] == "mfa_required")
    }

    @Test("attributes: the server asks for what is missing, then creates the account with every value")
    func attributes() async throws {
        let client = try LoopbackClient(preset: "attributes")
        defer { client.stop() }
        let username = "clara.oswald@contoso.com"
        let ext = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_"
        let started = try await client.post(.signUpStart, ["client_id": clientID, "username": username, "challenge_type": types, "password": "Souffle-Girl-2012",
                                                           "attributes": try AttributesParameter.encode(["country": "United Kingdom"])])
        let challenge = try await client.post(.signUpChallenge, ["client_id": clientID, "continuation_token": started["continuation_token"] ?? "", "challenge_type": types])
        let asked = try await client.post(.signUpContinue, ["client_id": clientID, "continuation_token": challenge["continuation_token"] ?? "",
                                                            "grant_type": "oob", "oob": try await client.code(to: username)])
        #expect(asked["error"] == "attributes_required")
        let names = Set((asked.body["required_attributes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == ["displayName", "\(ext)loyaltyNumber", "\(ext)termsAccepted"])
        let invalid = try await client.post(.signUpContinue, ["client_id": clientID, "continuation_token": asked["continuation_token"] ?? "", "grant_type": "attributes",
                                                              "attributes": try AttributesParameter.encode(["displayName": "Clara", "\(ext)loyaltyNumber": "12", "\(ext)termsAccepted": "true"])])
        #expect(invalid["suberror"] == "attribute_validation_failed")
        let done = try await client.post(.signUpContinue, ["client_id": clientID, "continuation_token": asked["continuation_token"] ?? "", "grant_type": "attributes",
                                                           "attributes": try AttributesParameter.encode(["displayName": "Clara", "\(ext)loyaltyNumber": "1234567890",
                                                                                                         "\(ext)termsAccepted": "true", "city": "London"])])
        #expect(done.status == 200, "the old token is reused after attribute_validation_failed")
        let (_, users) = try await client.control("GET", "users")
        let clara = (users as? [[String: Any]])?.first { $0["email"] as? String == username }
        let stored = clara?["attributes"] as? [String: String]
        #expect(stored?["country"] == "United Kingdom", "optional attribute given before verification is kept")
        #expect(stored?["city"] == nil, "optional attribute after verification is not accepted (§4.4 rule 5)")
        #expect(stored?["\(ext)loyaltyNumber"] == "1234567890")
    }

    @Test("strict: weak passwords refused with the right suberror, then sign-up and sign-in; headers echoed")
    func strict() async throws {
        let client = try LoopbackClient(preset: "strict")
        defer { client.stop() }
        let username = "rory.williams@contoso.com"
        for (password, suberror) in [("Short-1a", "password_too_short"), ("alllowercaseletters", "password_too_weak"),
                                     ("Northwind-Rocks-99!", "password_banned")] {
            let refused = try await client.post(.signUpStart, ["client_id": clientID, "username": username, "challenge_type": types, "password": password])
            #expect(refused["suberror"] == suberror, "\(password)")
        }
        expectTokens(try await signUp(client, username, password: "Centurion-Waits-2000!", attributes: ["displayName": "Rory"]), client, username: username)
        let requestID = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"
        let answer = try await client.post(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": types], headers: ["client-request-id": requestID])
        #expect(answer.headers["client-request-id"] == requestID)
        #expect(answer.headers["x-ms-request-id"] != nil)
        expectTokens(try await passwordSignIn(client, username, "Centurion-Waits-2000!"), client, username: username)
    }

    @Test("malformed requests get the real error shape, never a 5xx")
    func malformed() async throws {
        let client = try LoopbackClient(preset: "email-password")
        defer { client.stop() }
        let badAttributes = try await client.post(.signUpStart, ["client_id": clientID, "username": "new@contoso.com", "challenge_type": types,
                                                                 "password": "Tardis-Blue-1963", "attributes": "{not json"])
        #expect(badAttributes.status == 400 && badAttributes["error"] == "invalid_request")
        for fields in [[String: String](), ["client_id": "not-a-guid"], ["client_id": clientID, "continuation_token": "%%%", "grant_type": "oob"]] {
            for endpoint in NativeAuthEndpoint.allCases {
                let answer = try await client.post(endpoint, fields)
                #expect(answer.status == 400, "\(endpoint.path) \(fields)")
                #expect(answer["error"] != nil && (answer.body["error_codes"] as? [Int])?.isEmpty == false)
                #expect(answer["error_description"]?.hasPrefix("AADSTS") == true)
            }
        }
        var request = URLRequest(url: client.server.authority.appendingPathComponent("oauth2/v2.0/initiate"))
        request.httpMethod = "POST"
        request.httpBody = Data([0xFF, 0xFE, 0x00, 0x26, 0x3D])
        let (_, response) = try await client.session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
    }
}
