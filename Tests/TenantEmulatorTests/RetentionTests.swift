import Foundation
import Testing
@testable import TenantEmulator

/// What a long-running tenant keeps stays bounded (issues 15 and 16): an expired code's outbox message is
/// forgotten after the grace, the outbox and the sign-in log keep only their newest entries.
@Suite("Retention")
struct RetentionTests {
    let username = "new.person@contoso.com"

    func outbox(_ harness: Harness) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: harness.control("GET", "outbox").body) as? [[String: Any]] ?? []
    }

    @Test("an expired code's message reads expired during the grace, then the outbox forgets it")
    func expiredMessageIsForgottenAfterTheGrace() throws {
        let harness = try Harness()
        _ = try harness.signUpCodeToken(username)
        harness.advance(TimeInterval(harness.emulator.policy.otp.ttlSeconds))
        #expect(try outbox(harness).map { $0["status"] as? String } == ["expired"])
        harness.advance(Outbox.expiredGraceSeconds - 1)
        #expect(try outbox(harness).count == 1, "forgotten before the grace was over")
        harness.advance(1)
        #expect(try outbox(harness).isEmpty, "an expired code's message is still held after the grace")
        #expect(harness.emulator.outbox.latest(to: username) == nil)
        // A code sent afterwards is the only one held.
        _ = try harness.signUpCodeToken("later@contoso.com")
        #expect(try outbox(harness).map { $0["to"] as? String } == ["later@contoso.com"])
    }

    @Test("beyond its cap the outbox drops the oldest messages first")
    func outboxKeepsItsNewestMessages() throws {
        let harness = try Harness(retention: Retention(outboxMessages: 3))
        for index in 1...7 { _ = try harness.signUpCodeToken("person\(index)@contoso.com") }
        #expect(try outbox(harness).map { $0["to"] as? String } == (5...7).map { "person\($0)@contoso.com" })
    }

    @Test("the sign-in log keeps its newest rows")
    func signInLogKeepsItsNewestRows() throws {
        let harness = try Harness(retention: Retention(signInLogRows: 10))
        let user = "jane.doe@contoso.com"
        for _ in 1...14 {
            #expect(harness.passwordGrant(try harness.signInPasswordToken(user), user, "Blue-Harbor-7419!").status == 200)
        }
        #expect(harness.passwordGrant(try harness.signInPasswordToken(user), user, "Wrong-Harbor-0000!").status == 400)
        let rows = try JSONSerialization.jsonObject(with: harness.control("GET", "signins").body) as? [[String: Any]] ?? []
        #expect(rows.count == 10, "\(rows.count) rows kept")
        #expect((rows.first?["status"] as? [String: Any])?["errorCode"] as? Int == 50126, "the newest row, a wrong password, is gone")
    }
}
