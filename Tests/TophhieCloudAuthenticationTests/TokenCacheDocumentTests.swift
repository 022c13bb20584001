import Foundation
import Testing
@testable import TophhieCloudAuthentication

/// The cache document: reading what MSAL writes, writing what MSAL reads. Source: docs/protocol.md §I1.
@Suite struct TokenCacheDocumentTests {
    typealias F = TokenCacheFixtures

    @Test("a token answer's description, debug description and dump show scope and lifetimes, never a token")
    func tokenAnswerIsRedacted() {
        let answer = F.section18Answer
        var dumped = ""
        dump(answer, to: &dumped)
        for text in [String(describing: answer), String(reflecting: answer), dumped, "\(ValidatedResponse.tokens(answer))"] {
            #expect(!text.contains(F.accessSecret) && !text.contains(F.refreshSecret), "\(text)")
            #expect(text.contains("<redacted>"), "\(text)")
        }
    }

    @Test func section18ExampleGivesItsAccountAndTokens() throws {
        let cache = try MSALTokenCache(json: Data(F.section18.utf8))
        let account = try #require(cache.account(homeAccountID: F.home, environment: F.environment))
        #expect(account.username == "river@contoso.com")
        #expect(account.localAccountID == "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968")
        #expect(account.realm == F.realm)
        #expect(account.authorityType == "MSSTS")
        #expect(account.accountSource == F.deviceCode)
        #expect(cache.accounts() == [account])
        #expect(cache.accounts(clientID: F.client) == [account])
        #expect(cache.accounts(clientID: "another-app").isEmpty)

        let access = try #require(cache.accessToken(homeAccountID: F.home, environment: F.environment, clientID: F.client,
                                                    realm: F.realm, scopes: ["User.Read"]))
        #expect(access.secret.revealed == F.accessSecret)
        #expect(access.scopes == ["User.Read", "email", "openid", "profile"])
        #expect(access.cachedAt == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(access.expiresOn == Date(timeIntervalSince1970: 1_767_229_199))
        #expect(access.tokenType == "Bearer")
        #expect(access.refreshOn == nil)

        let refresh = try #require(cache.refreshToken(homeAccountID: F.home, environment: F.environment, clientID: F.client))
        #expect(refresh.secret.revealed == F.refreshSecret)
        #expect(refresh.lastModified == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(refresh.familyID == nil)

        let id = try #require(cache.idToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: nil))
        #expect(id.secret.revealed == F.idToken)
        #expect(id.realm == F.realm)
    }

    @Test func scopesCompareAsCaseInsensitiveSets() throws {
        let cache = try MSALTokenCache(json: Data(F.section18.utf8))
        func find(_ scopes: [String], realm: String? = nil) -> Bool {
            cache.accessToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: realm, scopes: scopes) != nil
        }
        #expect(find(["user.read", "EMAIL"]))
        #expect(find(["profile", "openid", "email", "User.Read"]))
        #expect(find([]))
        #expect(!find(["User.Read", "Mail.Read"]))
        #expect(!find(["User.Read"], realm: "another-tenant"))
        #expect(cache.accessToken(homeAccountID: F.home, environment: F.environment, clientID: "another-app", realm: nil, scopes: []) == nil)
    }

    @Test func rewrittenDocumentKeepsShapeUnknownMembersAndFields() throws {
        var text = F.section18
        text = text.replacingOccurrences(of: #""token_type": "Bearer","#, with: #""token_type": "Bearer", "x_future_field": {"n": 1.50, "list": [true, null]},"#)
        text = text.replacingOccurrences(of: #""AppMetadata": {"#, with: #""FutureMember": {"k": ["v", 12345678901234567890]}, "AppMetadata": {"#)
        let input = Data(text.utf8)
        let output = try MSALTokenCache(json: input).serialized()

        #expect(NSDictionary(dictionary: try F.foundationJSON(output)) == NSDictionary(dictionary: try F.foundationJSON(input)))
        let written = String(decoding: output, as: UTF8.self)
        #expect(written.contains("1.50"), "number literals of unknown fields are written as read")
        #expect(written.contains("12345678901234567890"))
        #expect(written.contains(#""cached_at": "1767225600""#), "timestamps stay strings")
        let again = try MSALTokenCache(json: output)
        #expect(again == (try MSALTokenCache(json: input)))
        #expect(again.accessToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: nil, scopes: ["User.Read"]) != nil)
    }

    @Test func storingTheSection18AnswerWritesWhatMSALPythonWrote() throws {
        var cache = MSALTokenCache()
        try cache.store(F.section18Answer, clientID: F.client, environment: "https://Contoso.CIAMLogin.com:443/tenant", realm: F.realm,
                        requestedScopes: ["User.Read"], accountSource: F.deviceCode, now: F.signInTime)
        let ours = try F.foundationJSON(cache.serialized())
        let python = try F.foundationJSON(Data(F.section18.utf8))
        // MSAL Python does not write the account's display name; Node and .NET do, and so do we.
        var accounts = try #require(ours["Account"] as? [String: [String: Any]])
        let accountKey = try #require(accounts.keys.first)
        #expect(accounts[accountKey]?["name"] as? String == "River Tam")
        accounts[accountKey]?["name"] = nil
        var expected = ours
        expected["Account"] = accounts
        #expect(NSDictionary(dictionary: expected) == NSDictionary(dictionary: python))
    }

    /// Field case 043: a proof-of-possession token filed as a plain `AccessToken` (`token_type` `pop`, `keyid`) and a
    /// Bearer token bound to requested claims, both for `User.Read` and valid longer than the plain Bearer one: the
    /// lookup serves the plain one, and storing a new answer for the scopes replaces only it.
    @Test func onlyPlainBearerTokensAreServedOrReplaced() throws {
        var document = try F.foundationJSON(Data(F.section18.utf8))
        var access = try #require(document["AccessToken"] as? [String: [String: Any]])
        let plain = try #require(access.values.first)
        var pop = plain, claimsBound = plain
        pop.merge(["secret": "pop-secret", "token_type": "pop", "keyid": "kid-1", "expires_on": "1767300000"]) { $1 }
        claimsBound.merge(["secret": "claims-secret", "requested_claims": #"{"access_token":{"acrs":{"essential":true}}}"#,
                           "expires_on": "1767300000"]) { $1 }
        access["other-app-pop"] = pop
        access["other-app-claims"] = claimsBound
        document["AccessToken"] = access
        var cache = try MSALTokenCache(json: JSONSerialization.data(withJSONObject: document))
        let served = try #require(cache.accessToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: F.realm,
                                                    scopes: ["User.Read"]))
        #expect(served.secret.revealed == F.accessSecret)

        try cache.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: ["User.Read"],
                        accountSource: nil, now: F.signInTime.addingTimeInterval(60))
        let after = try #require(try F.foundationJSON(cache.serialized())["AccessToken"] as? [String: [String: Any]])
        #expect(after.count == 3)
        #expect(NSDictionary(dictionary: after["other-app-pop"] ?? [:]) == NSDictionary(dictionary: pop))
        #expect(NSDictionary(dictionary: after["other-app-claims"] ?? [:]) == NSDictionary(dictionary: claimsBound))
    }

    @Test func pythonFileWithMissingMembersAndNumericTimestampsLoads() throws {
        let text = #"""
        {"AccessToken": {"any label": {"credential_type": "AccessToken", "secret": "s", "home_account_id": "h.t",
          "environment": "contoso.ciamlogin.com", "client_id": "c", "realm": "t", "target": "User.Read",
          "cached_at": 1767225600, "expires_on": 1767229199, "extended_expires_on": 1767229200, "refresh_on": 1767227400}}}
        """#
        let cache = try MSALTokenCache(json: Data(text.utf8))
        let access = try #require(cache.accessToken(homeAccountID: "H.T", environment: "contoso.ciamlogin.com", clientID: "c",
                                                    realm: "T", scopes: ["user.read"]))
        #expect(access.expiresOn == Date(timeIntervalSince1970: 1_767_229_199))
        #expect(access.extendedExpiresOn == Date(timeIntervalSince1970: 1_767_229_200))
        #expect(access.refreshOn == Date(timeIntervalSince1970: 1_767_227_400))
        #expect(cache.refreshToken(homeAccountID: "h.t", environment: "contoso.ciamlogin.com", clientID: "c") == nil)
        let members = try F.foundationJSON(cache.serialized())
        #expect(Set(members.keys) == ["AccessToken", "RefreshToken", "IdToken", "Account", "AppMetadata"])
    }

    @Test func emptyInputIsAnEmptyCacheAndJunkIsRefused() throws {
        #expect(try MSALTokenCache(json: Data()) == MSALTokenCache())
        #expect(try MSALTokenCache(json: Data(" \n\t".utf8)) == MSALTokenCache())
        for junk in ["[]", "{\"AccessToken\": []}", "{} {}", "{\"a\": 1,}", "\u{FEFF}{}", String(repeating: "[", count: 100_000)] {
            #expect(throws: TokenCacheError.self) { try MSALTokenCache(json: Data(junk.utf8)) }
        }
    }

    @Test func storeWritesStringTimestampsAndSortedTarget() throws {
        var cache = MSALTokenCache()
        let answer = TokenGrant(accessToken: "at", refreshToken: nil, idToken: nil, clientInfo: F.clientInfo,
                                            scope: "", expiresIn: 100, extExpiresIn: 200, refreshIn: 50)
        try cache.store(answer, clientID: F.client, environment: F.environment, realm: F.realm,
                        requestedScopes: ["profile", "User.Read", "email"], accountSource: nil, now: F.signInTime)
        let entry = try #require(try F.entries("AccessToken", in: cache.serialized()).values.first)
        #expect(entry["target"] as? String == "User.Read email profile")
        #expect(entry["cached_at"] as? String == "1767225600")
        #expect(entry["expires_on"] as? String == "1767225700")
        #expect(entry["extended_expires_on"] as? String == "1767225800")
        #expect(entry["refresh_on"] as? String == "1767225650")
        #expect(entry["environment"] as? String == "contoso.ciamlogin.com")
    }

    @Test func storeReplacesSameScopeAccessTokenAndRotatesRefreshToken() throws {
        var cache = try MSALTokenCache(json: Data(F.section18.utf8))
        let later = F.signInTime.addingTimeInterval(3000)
        let answer = TokenGrant(accessToken: "at-2", refreshToken: "rt-2", idToken: Secret(F.idToken), clientInfo: F.clientInfo,
                                            scope: "USER.READ Email openid profile", expiresIn: 3599)
        try cache.store(answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [],
                        accountSource: nil, now: later)
        let data = cache.serialized()
        #expect(try F.entries("AccessToken", in: data).count == 1)
        #expect(try F.entries("RefreshToken", in: data).values.map { $0["secret"] as? String } == ["rt-2"])
        #expect(cache.accessToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: F.realm, scopes: ["User.Read"])?.secret == "at-2")
        #expect(cache.refreshToken(homeAccountID: F.home, environment: F.environment, clientID: F.client)?.lastModified == later)
        #expect(cache.account(homeAccountID: F.home, environment: F.environment)?.accountSource == F.deviceCode, "a refresh keeps how the account signed in")

        let other = TokenGrant(accessToken: "at-mail", clientInfo: F.clientInfo, scope: "Mail.Read", expiresIn: 60)
        try cache.store(other, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: later)
        #expect(try F.entries("AccessToken", in: cache.serialized()).count == 2, "a different scope set is a second token")
    }

    @Test func storeWithoutAccountIdentityThrowsAndStoresNothing() throws {
        var cache = MSALTokenCache()
        let answer = TokenGrant(accessToken: "at", idToken: Secret(F.jwt(["sub": "only-sub"])), scope: "User.Read", expiresIn: 60)
        #expect(throws: TokenCacheError.noAccountIdentity) {
            try cache.store(answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime)
        }
        #expect(cache == MSALTokenCache())
        // Without client_info the id token's oid and tid name the account, with upn as username.
        let fallback = TokenGrant(accessToken: "at", idToken: Secret(F.jwt(["oid": "o", "tid": "t", "upn": "u@x", "sub": "s"])),
                                              scope: "User.Read", expiresIn: 60)
        try cache.store(fallback, clientID: F.client, environment: F.environment, realm: "t", requestedScopes: [], accountSource: nil, now: F.signInTime)
        let account = try #require(cache.account(homeAccountID: "o.t", environment: F.environment))
        #expect(account.username == "u@x")
        #expect(account.localAccountID == "o")
    }

    @Test func removeAccountRemovesOnlyThatAccount() throws {
        var cache = try MSALTokenCache(json: Data(F.section18.utf8))
        let otherInfo = Data(#"{"uid":"other","utid":"9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "")
        let other = TokenGrant(accessToken: "at-other", refreshToken: "rt-other",
                                           idToken: Secret(F.jwt(["oid": "other", "tid": F.realm, "preferred_username": "kaylee@contoso.com"])),
                                           clientInfo: otherInfo, scope: "User.Read", expiresIn: 60)
        try cache.store(other, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime)
        let otherHome = "other.\(F.realm)"

        cache.removeAccount(homeAccountID: F.home.uppercased(), environment: "Contoso.CIAMLogin.com")

        #expect(cache.account(homeAccountID: F.home, environment: F.environment) == nil)
        #expect(cache.accessToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: nil, scopes: []) == nil)
        #expect(cache.refreshToken(homeAccountID: F.home, environment: F.environment, clientID: F.client) == nil)
        #expect(cache.idToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: nil) == nil)
        #expect(cache.accounts().map(\.username) == ["kaylee@contoso.com"])
        #expect(cache.refreshToken(homeAccountID: otherHome, environment: F.environment, clientID: F.client)?.secret == "rt-other")
        #expect(cache.accessToken(homeAccountID: otherHome, environment: F.environment, clientID: F.client, realm: F.realm, scopes: ["User.Read"]) != nil)
        #expect(cache.idToken(homeAccountID: otherHome, environment: F.environment, clientID: F.client, realm: F.realm) != nil)
        #expect(try F.entries("AppMetadata", in: cache.serialized()).count == 1)

        cache.removeRefreshToken(homeAccountID: otherHome, environment: F.environment, clientID: F.client)
        #expect(cache.refreshToken(homeAccountID: otherHome, environment: F.environment, clientID: F.client) == nil)
        #expect(cache.account(homeAccountID: otherHome, environment: F.environment) != nil)
    }

    @Test func secretsNeverShowInDescriptionsOrDumps() throws {
        let cache = try MSALTokenCache(json: Data(F.section18.utf8))
        let access = try #require(cache.accessToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: nil, scopes: []))
        let refresh = try #require(cache.refreshToken(homeAccountID: F.home, environment: F.environment, clientID: F.client))
        let id = try #require(cache.idToken(homeAccountID: F.home, environment: F.environment, clientID: F.client, realm: nil))
        let values: [Any] = [cache, access, refresh, id, F.section18Answer]
        for value in values {
            var dumped = ""
            dump(value, to: &dumped)
            for text in [dumped, String(describing: value), String(reflecting: value)] {
                for secret in [F.accessSecret, F.refreshSecret, F.idToken, "PLACEHOLDER", "QVQtUExBQ0VIT0xERVI"] {
                    #expect(!text.contains(secret), "\(type(of: value)) shows a secret")
                }
            }
        }
        #expect(String(describing: access).contains("<redacted>"))
    }
}
