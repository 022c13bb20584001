@testable import Console
import Foundation
import TenantEmulator
import Testing
import TophhieCloudAuthentication

/// `tophhie lookup CORRELATION-ID`: the tenant's sign-in log entry of a failed attempt, found by the correlation
/// id its client was given, read with the operator's cached account from the emulator's Graph.
@Suite(.serialized) struct LookupCommandTests {
    /// A wrong-password sign-in of jane with `client-request-id: id`, in-process; returns the answer's correlation id.
    private static func failedSignIn(_ tenant: OperatorOnEmulator, id: String) throws -> String? {
        let emulator = tenant.server.emulator
        func post(_ path: String, _ form: String) -> [String: Any] {
            let answer = emulator.handle(EmulatorRequest(method: "POST", path: "/\(emulator.tenantID)/oauth2/v2.0/\(path)",
                                                         headers: ["client-request-id": id], body: Data(form.utf8)))
            return answer.jsonObject ?? [:]
        }
        let common = "client_id=\(tenant.clientID)&challenge_type=oob%20password%20redirect"
        let started = post("initiate", common + "&username=jane.doe%40contoso.com")
        func escaped(_ answer: [String: Any]) -> String {
            (answer["continuation_token"] as? String ?? "").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        }
        let challenged = post("challenge", common + "&continuation_token=\(escaped(started))")
        let token = escaped(challenged)
        let refused = post("token", "client_id=\(tenant.clientID)&grant_type=password&continuation_token=\(token)"
                           + "&username=jane.doe%40contoso.com&password=Wrong-Password-1&scope=openid")
        return refused["correlation_id"] as? String
    }

    @Test func aFailedAttemptShowsItsStatusReasonAndConditionalAccess() async throws {
        let tenant = try await OperatorOnEmulator(scopes: ["AuditLog.Read.All"])
        let id = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
        #expect(try Self.failedSignIn(tenant, id: id) == id)
        var options = tenant.options
        options.graph = URL(string: tenant.server.origin + "/v1.0")
        options.correlationID = id
        let run = await AccountCommandTests.run(.lookup, options)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("  Status: failure 50126\n"), "\(run.output)")
        #expect(run.output.contains("  Failure reason: Error validating credentials due to invalid username or password.\n"))
        #expect(run.output.contains("  Conditional access: notApplied\n  MFA: none recorded\n  Correlation id: \(id)\n"))

        options.json = true
        let json = await AccountCommandTests.run(.lookup, options)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let rows = try #require(object["value"] as? [[String: Any]])
        #expect(rows.count == 1 && rows.first?["errorCode"] as? Int == 50126 && object["fallback"] as? Bool == false)

        options.json = false
        options.correlationID = "ffffffff-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
        let missing = await AccountCommandTests.run(.lookup, options)
        #expect(missing.status == 1 && missing.errors.contains("no sign-in log entry has correlation id ffffffff-"), "\(missing.errors)")
        options.historyUser = "jane.doe@contoso.com"
        let fallback = await AccountCommandTests.run(.lookup, options)
        #expect(fallback.output.hasPrefix("No sign-in log entry has correlation id ffffffff-4e5f-4a6b-8c7d-9e0f1a2b3c4d yet"), "\(fallback.output)")
    }

    @Test func aFailedScenarioReportShowsTheTenantsSignInLogEntry() async throws {
        let tenant = try await OperatorOnEmulator(scopes: ["AuditLog.Read.All"])
        let folder = NSTemporaryDirectory() + "lookup-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/wrong.json"
        try Data("""
        {"tenant": {"authority": "\(tenant.server.authority.absoluteString)", "clientId": "\(tenant.clientID)"},
         "scenarios": [{"name": "a wrong password", "timeoutSeconds": 20, "steps": [
           {"start": {"flow": "signIn", "email": "jane.doe@contoso.com", "password": "Wrong-Password-1"}},
           {"expect": {"step": "signedIn"}}]}]}
        """.utf8).write(to: URL(fileURLWithPath: file))
        var options = ScenarioRunOptions()
        options.files = [file]
        options.junitPath = folder + "/junit.xml"
        options.reportPath = folder + "/report.md"
        options.harDirectory = folder
        options.operatorAccount = OperatorOnEmulator.username
        options.tokenCachePath = tenant.cache
        let (code, _, errors) = await runScenarioCommand(options)
        #expect(code == 1, "\(errors)")
        let report = try String(contentsOfFile: folder + "/report.md", encoding: .utf8)
        let junit = try String(contentsOfFile: folder + "/junit.xml", encoding: .utf8)
        #expect(report.contains("The tenant's sign-in log:\n\n```\nSign-in log "), "\(report)")
        for text in [report, junit] {
            #expect(text.contains("  Status: failure 50126\n"))
            #expect(text.contains("  Conditional access: notApplied\n"))
        }
    }
}
