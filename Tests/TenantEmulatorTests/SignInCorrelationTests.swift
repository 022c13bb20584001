import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// Each sign-in log row carries the correlation id its client was given, and `$filter=correlationId eq '…'`
/// finds it: the join of a client's failure with the tenant's side of the same attempt.
@Suite struct SignInCorrelationTests {
    typealias F = GraphFixture

    @Test func aFailedAttemptIsFoundByTheCorrelationIdItsClientSent() throws {
        let harness = try Harness()
        let flow = try harness.signInPasswordToken(F.jane)
        let sent = "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b"
        let answer = harness.post(.token, ["client_id": clientID, "continuation_token": flow, "grant_type": "password",
                                           "username": F.jane, "password": "Wrong-Password-1", "scope": "openid profile offline_access"],
                                  headers: ["client-request-id": sent.uppercased()])
        #expect(answer.status == 400)
        #expect(answer.jsonObject?["correlation_id"] as? String == sent)
        _ = try harness.signIn()
        let token = try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope)
        let filter = "correlationId eq '\(sent)'".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let found = harness.graph("GET", "/v1.0/auditLogs/signIns?$filter=\(filter)", token: token)
        let rows = found.jsonObject?["value"] as? [[String: Any]] ?? []
        #expect(rows.count == 1)
        #expect(rows.first?["correlationId"] as? String == sent)
        #expect((rows.first?["status"] as? [String: Any])?["errorCode"] as? Int == 50126)
    }
}
