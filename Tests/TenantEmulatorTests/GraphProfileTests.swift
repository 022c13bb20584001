import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// Graph access tokens, the bearer check and `/v1.0/me`. Source: docs/protocol.md §I5, §I7.4; traps T14, T15, T18; field case 021 (docs/field-cases.md).
@Suite("Graph profile")
struct GraphProfileTests {
    typealias F = GraphFixture

    @Test("Graph scopes mint Graph's access token (aud 00000003-…, scp without OIDC scopes, oid, tid, exp); other scopes keep aud = client id")
    func graphAccessToken() throws {
        let harness = try Harness()
        let answer = try harness.signIn(scope: "openid profile offline_access user.read email")
        let claims = jwtClaims(try #require(answer["access_token"] as? String))
        #expect(claims["aud"] as? String == F.graphAppID)
        #expect(claims["scp"] as? String == "User.Read", "canonical spelling, no openid/profile/offline_access/email")
        #expect(claims["oid"] as? String == jwtClaims(answer["id_token"] as? String ?? "")["oid"] as? String)
        #expect(claims["tid"] as? String == harness.emulator.tenantID)
        #expect(claims["ver"] as? String == "1.0" && claims["iss"] as? String == "https://sts.windows.net/\(harness.emulator.tenantID)/")
        let issuedAt = try #require(claims["iat"] as? Int)
        #expect(claims["exp"] as? Int == issuedAt + harness.emulator.policy.tokens.accessTokenSeconds)
        let both = jwtClaims(try harness.accessToken(scope: "openid User.Read User.ReadWrite AuditLog.Read.All"))
        #expect(both["scp"] as? String == "User.Read User.ReadWrite AuditLog.Read.All")
        let uriForm = jwtClaims(try harness.accessToken(scope: "openid https://graph.microsoft.com/User.ReadWrite"))
        #expect(uriForm["aud"] as? String == "https://graph.microsoft.com" && uriForm["scp"] as? String == "User.ReadWrite")
        let appOnly = jwtClaims(try harness.accessToken(scope: "openid profile offline_access"))
        #expect(appOnly["aud"] as? String == clientID && appOnly["ver"] as? String == "2.0")
    }

    @Test("refresh keeps the Graph audience; a URI-form token is accepted by Graph")
    func refreshAndURIAudience() throws {
        let harness = try Harness()
        let refresh = try #require(try harness.signIn()["refresh_token"] as? String)
        let rotated = harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh])
        #expect(jwtClaims(rotated.jsonObject?["access_token"] as? String ?? "")["aud"] as? String == F.graphAppID)
        let uriToken = try harness.accessToken(scope: "openid https://graph.microsoft.com/User.Read")
        #expect(harness.graph("GET", "/v1.0/me", token: uriToken).status == 200)
    }

    @Test("401 InvalidAuthenticationToken in Graph's envelope with the WWW-Authenticate challenge",
          arguments: ["none", "empty", "garbled", "signature", "audience", "expired", "notYetValid"])
    func unauthenticated(_ kind: String) throws {
        let harness = try Harness()
        let good = try harness.accessToken()
        var token: String? = good
        var message = ""
        switch kind {
        case "none": token = nil; message = "Access token is empty."
        case "empty": token = ""; message = "Access token is empty."
        case "garbled": token = "abc.def"; message = "CompactToken parsing failed with error code: 80049217"
        case "signature":
            // Same header and signature, payload widened to User.ReadWrite.
            let parts = good.split(separator: ".").map(String.init)
            var claims = jwtClaims(good)
            claims["scp"] = "User.ReadWrite"
            let payload = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
            token = "\(parts[0]).\(payload).\(parts[2])"
            message = "Access token validation failure. Invalid signature."
        case "audience":
            token = try harness.accessToken(scope: "openid profile offline_access")
            message = "Access token validation failure. Invalid audience."
        case "expired":
            harness.advance(TimeInterval(harness.emulator.policy.tokens.accessTokenSeconds))
            message = "Access token has expired or is not yet valid."
        default:
            let now = Int(harness.emulator.clock.now.timeIntervalSince1970)
            let user = try #require(try harness.emulator.store.user(email: F.jane))
            var claims = JWTClaims(aud: F.graphAppID, iss: "x", iat: now, nbf: now + 600, exp: now + 3600, sub: user.id, oid: user.id,
                                   tid: harness.emulator.tenantID)
            claims.scp = "User.Read"
            token = try harness.emulator.issuer.jwt(claims)
            message = "Access token has expired or is not yet valid."
        }
        let response = harness.graph("GET", "/v1.0/me", token: token, headers: ["client-request-id": "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"])
        expectGraphEnvelope(response, status: 401, code: "InvalidAuthenticationToken", message: message)
        #expect(response.headers["WWW-Authenticate"]
                == #"Bearer realm="", authorization_uri="http://127.0.0.1/\#(harness.emulator.tenantID)/oauth2/v2.0/authorize", client_id="00000003-0000-0000-c000-000000000000""#)
        #expect(graphError(response).inner["client-request-id"] as? String == "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9")
    }

    @Test("a valid token without the needed scope is 403 Authorization_RequestDenied (GET needs User.Read, PATCH User.ReadWrite)")
    func missingScope() throws {
        let harness = try Harness()
        let auditOnly = try harness.accessToken(scope: F.auditScope)
        expectGraphEnvelope(harness.graph("GET", "/v1.0/me", token: auditOnly), status: 403, code: "Authorization_RequestDenied",
                            message: "Insufficient privileges to complete the operation.")
        let readOnly = try harness.accessToken()
        expectGraphEnvelope(harness.graph("PATCH", "/v1.0/me", token: readOnly, body: #"{"city":"Oslo"}"#), status: 403,
                            code: "Authorization_RequestDenied")
        #expect(harness.graph("GET", "/v1.0/me", token: try harness.accessToken(scope: "openid User.ReadWrite")).status == 200,
                "User.ReadWrite also reads")
    }

    @Test("GET /me without $select: exactly Graph's default set and the users/$entity context")
    func defaultSet() throws {
        let harness = try Harness()
        let answer = try harness.signIn()
        let response = harness.graph("GET", "/v1.0/me", token: answer["access_token"] as? String)
        #expect(response.status == 200)
        #expect(response.headers["request-id"] != nil && response.headers["client-request-id"] != nil)
        let body = try #require(response.jsonObject)
        #expect(Set(body.keys) == Set(GraphUserProfile.defaultSet + ["@odata.context"]))
        #expect(Set(GraphUserProfile.defaultSet) == ["businessPhones", "displayName", "givenName", "id", "jobTitle", "mail", "mobilePhone",
                                                     "officeLocation", "preferredLanguage", "surname", "userPrincipalName"])
        #expect(body["@odata.context"] as? String == "https://graph.microsoft.com/v1.0/$metadata#users/$entity")
        #expect(body["id"] as? String == jwtClaims(answer["id_token"] as? String ?? "")["oid"] as? String)
        #expect(body["displayName"] as? String == "Jane Doe" && body["jobTitle"] as? String == "Product Manager")
        #expect(body["givenName"] as? String == "Jane" && body["surname"] as? String == "Doe")
        #expect(body["mail"] as? String == F.jane)
        #expect(body["mobilePhone"] is NSNull && body["officeLocation"] is NSNull && body["preferredLanguage"] is NSNull)
        #expect((body["businessPhones"] as? [Any])?.isEmpty == true)
        #expect((body["userPrincipalName"] as? String)?.range(of: #"^[0-9a-f]{16}@contoso\.onmicrosoft\.com$"#, options: .regularExpression) != nil)
        #expect(body["city"] == nil, "city needs $select (trap 14)")
    }

    @Test("GET /me?$select: only the named properties, unset → null, collections → [], identities and createdDateTime")
    func selected() throws {
        let harness = try Harness()
        let token = try harness.accessToken()
        let response = harness.graph("GET", "/v1.0/me?$select=displayName,city,postalCode,otherMails,identities,createdDateTime", token: token)
        #expect(response.status == 200)
        let body = try #require(response.jsonObject)
        #expect(Set(body.keys) == ["@odata.context", "displayName", "city", "postalCode", "otherMails", "identities", "createdDateTime"])
        #expect(body["@odata.context"] as? String
                == "https://graph.microsoft.com/v1.0/$metadata#users(displayName,city,postalCode,otherMails,identities,createdDateTime)/$entity")
        #expect(body["city"] as? String == "Seattle")
        #expect(body["postalCode"] is NSNull, "selected but unset: null, not absent")
        #expect((body["otherMails"] as? [Any])?.isEmpty == true)
        #expect(body["id"] == nil, "id only when selected")
        let created = body["createdDateTime"] as? String ?? ""
        #expect(created.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#, options: .regularExpression) != nil, "\(created)")
        let upn = try #require(harness.graph("GET", "/v1.0/me?$select=userPrincipalName", token: token).jsonObject?["userPrincipalName"] as? String)
        let identities = try #require(body["identities"] as? [[String: String]])
        #expect(identities == [["signInType": "emailAddress", "issuer": "contoso.onmicrosoft.com", "issuerAssignedId": F.jane],
                               ["signInType": "userPrincipalName", "issuer": "contoso.onmicrosoft.com", "issuerAssignedId": upn]])
        let more = try #require(harness.graph("GET", "/v1.0/me?$select=streetAddress,state,country,companyName,department,id", token: token).jsonObject)
        #expect(more["country"] as? String == "United States" && more["streetAddress"] is NSNull && more["id"] is String)
    }

    @Test("an unknown $select name is 400 Request_BadRequest naming it")
    func unknownSelect() throws {
        let harness = try Harness()
        let response = harness.graph("GET", "/v1.0/me?$select=displayName,shoeSize", token: try harness.accessToken())
        expectGraphEnvelope(response, status: 400, code: "Request_BadRequest",
                            message: "Could not find a property named 'shoeSize' on type 'microsoft.graph.user'.")
    }

    @Test("PATCH /me with customer-writable properties: 204 No Content, stored, shown by the next GET; null clears")
    func patchAllowed() throws {
        let harness = try Harness()
        let token = try harness.accessToken(scope: "openid offline_access User.ReadWrite")
        let body = #"{"displayName":"Contoso Lee","givenName":"Contoso","surname":"Lee","jobTitle":"Chef","city":"Oslo","country":"Norway","#
            + #""postalCode":"0150","state":"Oslo","streetAddress":"Karl Johans gate 1","preferredLanguage":"nb-NO"}"#
        let patched = harness.graph("PATCH", "/v1.0/me", token: token, body: body)
        #expect(patched.status == 204 && patched.body.isEmpty)
        let select = "displayName,givenName,surname,jobTitle,city,country,postalCode,state,streetAddress,preferredLanguage"
        let read = try #require(harness.graph("GET", "/v1.0/me?$select=\(select)", token: token).jsonObject)
        for (key, value) in try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]) {
            #expect(read[key] as? String == value, "\(key)")
        }
        #expect(harness.graph("PATCH", "/v1.0/me", token: token, body: #"{"city":null}"#).status == 204)
        #expect(harness.graph("GET", "/v1.0/me?$select=city", token: token).jsonObject?["city"] is NSNull)
    }

    @Test("PATCH with a property a customer may not change is 403 and nothing is stored (case 021)",
          arguments: [#"{"mail":"x@contoso.com"}"#, #"{"id":"00000000-0000-0000-0000-000000000000"}"#,
                      #"{"@odata.context":"https://graph.microsoft.com/v1.0/$metadata#users/$entity","displayName":"Echo"}"#,
                      #"{"displayName":"Echo","mobilePhone":"+14255550100"}"#, #"{"userPrincipalName":"a@contoso.onmicrosoft.com"}"#,
                      #"{"otherMails":["a@b.c"]}"#, #"{"identities":[]}"#])
    func patchRefused(_ body: String) throws {
        let harness = try Harness()
        let token = try harness.accessToken(scope: "openid User.ReadWrite")
        expectGraphEnvelope(harness.graph("PATCH", "/v1.0/me", token: token, body: body), status: 403, code: "Authorization_RequestDenied",
                            message: "Insufficient privileges to complete the operation.")
        let user = try #require(try harness.emulator.store.user(email: GraphFixture.jane))
        #expect(user.attributes["displayName"] == "Jane Doe" && user.attributes.count == 6, "\(user.attributes)")
    }

    @Test("PATCH: displayName cannot be cleared; malformed JSON and non-string values are 400; nothing stored",
          arguments: [#"{"displayName":null}"#, #"{"displayName":"  "}"#, #"{"city":"Oslo""#, #"["city"]"#, #"{"city":5}"#, ""])
    func patchBadRequest(_ body: String) throws {
        let harness = try Harness()
        let token = try harness.accessToken(scope: "openid User.ReadWrite")
        expectGraphEnvelope(harness.graph("PATCH", "/v1.0/me", token: token, body: body), status: 400, code: "Request_BadRequest")
        let user = try #require(try harness.emulator.store.user(email: GraphFixture.jane))
        #expect(user.attributes["displayName"] == "Jane Doe" && user.attributes["city"] == "Seattle")
    }

    @Test("unknown Graph segments are 400, wrong methods 405, a deleted user 404, all in Graph's envelope")
    func routing() throws {
        let harness = try Harness()
        let token = try harness.accessToken()
        expectGraphEnvelope(harness.graph("GET", "/v1.0/users", token: token), status: 400, code: "BadRequest")
        expectGraphEnvelope(harness.graph("DELETE", "/v1.0/me", token: token), status: 405, code: "Request_BadRequest")
        #expect(harness.graph("GET", "/v1.0/Me/", token: token).status == 200, "Graph paths are case-insensitive")
        #expect(harness.control("DELETE", "users").status == 200)
        expectGraphEnvelope(harness.graph("GET", "/v1.0/me", token: token), status: 404, code: "Request_ResourceNotFound")
    }
}
