import Foundation
import Testing
@testable import TophhieCloudAuthentication

/// Field case 020 (docs/field-cases.md): entries found by fields compared ignoring case; duplicates collapse to the newest.
@Suite struct TokenCacheKeyCaseTests {
    typealias F = TokenCacheFixtures

    @Test func newerRefreshTokenIsChosenWhateverTheCase() throws {
        let cache = try MSALTokenCache(json: Data(F.case020.utf8))
        for environment in ["contoso.ciamlogin.com", "Contoso.CIAMLogin.com", "https://Contoso.ciamlogin.com/utid/v2.0", "CONTOSO.ciamlogin.com:443"] {
            #expect(cache.refreshToken(homeAccountID: "UID.UTID", environment: environment, clientID: F.case020Client)?.secret == "rt-new")
            #expect(cache.account(homeAccountID: "uid.utid", environment: environment)?.username == "river@contoso.com")
        }
    }

    @Test func idTokenSpelledIDTokenIsFound() throws {
        let cache = try MSALTokenCache(json: Data(F.case020.utf8))
        #expect(cache.idToken(homeAccountID: "uid.utid", environment: "Contoso.CIAMLogin.com", clientID: F.case020Client, realm: "UTID")?.secret == "id-token-020")
    }

    @Test func newestWinsInEitherKeyOrder() throws {
        // The revoked token sorts last by key here: map or key order must not decide.
        let swapped = F.case020
            .replacingOccurrences(of: #""last_modification_time": "1700000000""#, with: #""last_modification_time": "X""#)
            .replacingOccurrences(of: #""last_modification_time": "1800000000""#, with: #""last_modification_time": "1700000000""#)
            .replacingOccurrences(of: #""last_modification_time": "X""#, with: #""last_modification_time": "1800000000""#)
            .replacingOccurrences(of: #""secret": "rt-old""#, with: #""secret": "rt-NEWEST""#)
        let cache = try MSALTokenCache(json: Data(swapped.utf8))
        #expect(cache.refreshToken(homeAccountID: "uid.utid", environment: "contoso.ciamlogin.com", clientID: F.case020Client)?.secret == "rt-NEWEST")
    }

    @Test func updateWritesOneLowerCaseRefreshTokenBack() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("cache.json", Data(F.case020.utf8))
        let file = TokenCacheFile(path: folder.file("cache.json"))

        let (found, notice) = try file.update { cache in
            cache.refreshToken(homeAccountID: "uid.utid", environment: "Contoso.CIAMLogin.com", clientID: F.case020Client)?.secret
        }
        #expect(found == "rt-new")
        #expect(notice == nil)

        let written = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let refreshTokens = try F.entries("RefreshToken", in: written)
        #expect(refreshTokens.count == 1)
        let (key, entry) = try #require(refreshTokens.first)
        #expect(key == "uid.utid-contoso.ciamlogin.com-refreshtoken-00000000-0000-0000-0000-0000000000c1--")
        #expect(key == key.lowercased())
        #expect(entry["secret"] as? String == "rt-new")
        #expect(entry["environment"] as? String == "contoso.ciamlogin.com")
        #expect(entry["last_modification_time"] as? String == "1800000000")
        let (cache, _) = try file.load()
        #expect(cache.idToken(homeAccountID: "uid.utid", environment: "contoso.ciamlogin.com", clientID: F.case020Client, realm: nil) != nil)
        #expect(cache.account(homeAccountID: "uid.utid", environment: "Contoso.CIAMLogin.com") != nil)
    }

    @Test func rotationReplacesBothOldTokens() throws {
        var cache = try MSALTokenCache(json: Data(F.case020.utf8))
        let info = Data(#"{"uid":"uid","utid":"utid"}"#.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        let answer = TokenGrant(accessToken: "at", refreshToken: "rt-rotated", clientInfo: info, scope: "User.Read", expiresIn: 60)
        try cache.store(answer, clientID: F.case020Client, environment: "https://Contoso.CIAMLogin.com/utid", realm: "utid",
                        requestedScopes: [], accountSource: nil, now: Date(timeIntervalSince1970: 1_900_000_000))
        let tokens = try F.entries("RefreshToken", in: cache.serialized())
        #expect(tokens.values.map { $0["secret"] as? String } == ["rt-rotated"])
        #expect(tokens.keys.allSatisfy { $0 == $0.lowercased() })
        #expect(cache.accounts().count == 1)
    }
}
