import Foundation
import Testing
@testable import TenantEmulator

/// Refresh tokens rotate (each works once and is replaced) and are bound to the app they were issued to.
/// Source: docs/protocol.md §N6; docs/protocol.md §I3.3.
@Suite("Refresh token rules")
struct RefreshTokenRuleTests {
    let jane = "jane.doe@contoso.com"

    func refresh(_ harness: Harness, _ token: String, client: String = clientID) -> EmulatorResponse {
        harness.post(.token, ["client_id": client, "grant_type": "refresh_token", "refresh_token": token, "scope": "openid offline_access"])
    }

    func signedIn() throws -> (Harness, String) {
        let harness = try Harness.withSecondClient()
        let answer = harness.passwordGrant(try harness.signInPasswordToken(jane), jane, "Blue-Harbor-7419!")
        return (harness, try #require(answer.jsonObject?["refresh_token"] as? String))
    }

    @Test("a refresh token works once: its replacement works, a replay is invalid_grant")
    func rotation() throws {
        let (harness, first) = try signedIn()
        let second = try #require(refresh(harness, first).jsonObject?["refresh_token"] as? String)
        #expect(second != first)
        let replay = refresh(harness, first)
        #expect(replay.status == 400 && replay.jsonObject?["error"] as? String == "invalid_grant", "a used refresh token worked again")
        #expect(refresh(harness, second).status == 200)
    }

    @Test("a refresh token presented by another app is invalid_grant")
    func boundToClient() throws {
        let (harness, token) = try signedIn()
        let stolen = refresh(harness, token, client: secondClientID)
        #expect(stolen.status == 400 && stolen.jsonObject?["error"] as? String == "invalid_grant", "another app redeemed it")
    }
}
