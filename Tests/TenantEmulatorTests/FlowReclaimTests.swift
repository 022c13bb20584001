import Foundation
import Testing
@testable import TenantEmulator

/// Flows that expire are dropped once the continuation-token lifetime has passed on the virtual clock, so a
/// long-running emulator's memory returns (issue 15); clients still get `expired_token`, not an unknown token.
@Suite("Flow reclaim")
struct FlowReclaimTests {
    func initiate(_ harness: Harness) throws -> String {
        try harness.token(.signInInitiate, ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": allTypes])
    }

    @Test("expired flows are dropped when the next flow starts after the lifetime, and their tokens answer expired_token")
    func expiredFlowsAreDropped() throws {
        let harness = try Harness()
        let old = try (0..<5).map { _ in try initiate(harness) }
        #expect(harness.emulator.flows.count == 5)
        harness.advance(TimeInterval(harness.emulator.policy.tokens.continuationTokenSeconds))
        let fresh = try initiate(harness)
        #expect(harness.emulator.flows.count == 1)
        for token in old {
            let answer = harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes])
            #expect(answer.jsonObject?["error"] as? String == "expired_token")
            #expect(firstCode(answer) == 55112)
        }
        #expect(harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": fresh, "challenge_type": allTypes]).status == 200)
    }

    @Test("a token the emulator never issued is still unknown (invalid_grant), not expired")
    func unknownTokenStaysUnknown() throws {
        let harness = try Harness()
        let issued = try initiate(harness)
        // Same length and alphabet as an issued token, but a made-up one.
        let forged = String(repeating: "x", count: issued.count)
        let answer = harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": forged, "challenge_type": allTypes])
        #expect(answer.jsonObject?["error"] as? String != "expired_token")
        #expect(answer.status == 400)
    }
}
