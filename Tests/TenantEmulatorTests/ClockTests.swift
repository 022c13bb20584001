import Foundation
import Testing
@testable import TenantEmulator

@Suite("Virtual clock")
struct ClockTests {
    @Test("continuation tokens live tokens.continuationTokenSeconds, then answer expired_token")
    func continuationTokenLifetime() throws {
        let harness = try Harness()
        let early = try harness.token(.signInInitiate, ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": allTypes])
        let late = try harness.token(.signInInitiate, ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": allTypes])
        #expect(harness.control("POST", "clock", body: #"{"advanceSeconds": 599}"#).status == 200)
        #expect(harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": early, "challenge_type": allTypes]).status == 200)
        #expect(harness.control("POST", "clock", body: #"{"advanceSeconds": 2}"#).status == 200)
        let expired = harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": late, "challenge_type": allTypes])
        #expect(expired.jsonObject?["error"] as? String == "expired_token")
        #expect(firstCode(expired) == 55112)
    }

    @Test("the control API reports the advanced time and refuses bad bodies")
    func controlRoute() throws {
        let harness = try Harness()
        let before = harness.emulator.clock.now
        let answer = harness.control("POST", "clock", body: #"{"advanceSeconds": 3600}"#)
        let now = try #require(answer.jsonObject?["now"] as? String)
        let reported = try #require(ISO8601DateFormatter().date(from: now))
        #expect(reported.timeIntervalSince(before) >= 3599)
        #expect(harness.control("POST", "clock", body: #"{"advanceSeconds": -5}"#).status == 400)
        #expect(harness.control("POST", "clock", body: #"{"seconds": 5}"#).status == 400)
        #expect(harness.control("GET", "clock").status == 405)
    }

    @Test("refresh tokens expire after tokens.refreshTokenSeconds")
    func refreshExpiry() throws {
        let harness = try Harness()
        let answer = harness.passwordGrant(try harness.signInPasswordToken("jane.doe@contoso.com"), "jane.doe@contoso.com", "Blue-Harbor-7419!")
        let refresh = try #require(answer.jsonObject?["refresh_token"] as? String)
        harness.advance(86_401)
        let expired = harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh, "scope": "openid offline_access"])
        #expect(firstCode(expired) == 700082)
    }
}
