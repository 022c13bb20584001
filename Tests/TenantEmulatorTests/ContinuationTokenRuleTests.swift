import Foundation
import Testing
@testable import TenantEmulator

/// Continuation tokens are bearer secrets of one flow: spent by the step they carried, valid only for the
/// client they were issued to, and only at the steps of their own flow (docs/protocol.md §N1.4).
@Suite("Continuation token rules")
struct ContinuationTokenRuleTests {
    let jane = "jane.doe@contoso.com"

    func refused(_ response: EmulatorResponse) -> Bool {
        response.status == 400 && response.jsonObject?["continuation_token"] == nil && firstCode(response) == 55200
    }

    @Test("a step's success spends the token it came with: replaying it is refused")
    func singleUse() throws {
        let harness = try Harness.withSecondClient()
        let initiated = try harness.token(.signInInitiate, ["client_id": clientID, "username": jane, "challenge_type": allTypes])
        let challenge = ["client_id": clientID, "continuation_token": initiated, "challenge_type": allTypes]
        #expect(harness.post(.signInChallenge, challenge).status == 200)
        #expect(refused(harness.post(.signInChallenge, challenge)), "a spent token was accepted again")
    }

    @Test("a token works only for the client it was issued to")
    func boundToClient() throws {
        let harness = try Harness.withSecondClient()
        let token = try harness.signInPasswordToken(jane)
        let stolen = harness.post(.token, ["client_id": secondClientID, "continuation_token": token, "grant_type": "password",
                                           "password": "Blue-Harbor-7419!", "scope": "openid", "challenge_type": allTypes])
        #expect(refused(stolen), "another app redeemed the token: \(stolen.jsonObject ?? [:])")
        #expect(harness.passwordGrant(token, jane, "Blue-Harbor-7419!").status == 200, "the owner's token still works")
    }

    @Test("a token works only at the steps of its own flow: a sign-up token cannot reset a password or sign in")
    func boundToFlow() throws {
        let harness = try Harness.withSecondClient()
        let signUp = try harness.token(.signUpStart, ["client_id": clientID, "username": "new.person@contoso.com", "challenge_type": allTypes])
        #expect(refused(harness.post(.resetPasswordSubmit, ["client_id": clientID, "continuation_token": signUp,
                                                            "new_password": "Green-Field-8520!"])))
        #expect(refused(harness.post(.token, ["client_id": clientID, "continuation_token": signUp, "grant_type": "continuation_token",
                                              "scope": "openid"])))
        #expect(harness.post(.signUpChallenge, ["client_id": clientID, "continuation_token": signUp, "challenge_type": allTypes]).status == 200)
    }
}
