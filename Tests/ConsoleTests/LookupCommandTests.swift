import CommandGrammar
@testable import ConsoleCommandLine
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
        #expect(missing.status == 5 && missing.errors.contains("no sign-in log entry has correlation id ffffffff-"), "\(missing.errors)")
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

    /// The waits a lookup asked for, each also moving the emulator's virtual clock on: the test drives the lag
    /// without waiting.
    final class VirtualWaits: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds: [Double] = []
        var all: [Double] { lock.withLock { seconds } }

        /// A framework whose every wait advances `clock` instead of sleeping.
        func auth(advancing clock: VirtualClock) -> TophhieAuth {
            TophhieAuth(sleeper: { [self] wait in
                lock.withLock { seconds.append(wait) }
                clock.advance(by: wait)
            })
        }
    }

    /// Right after a failure the log has no entry yet: not a final "not found" but its own exit status, saying the
    /// log lags and how to wait; `--wait` then looks again 2, 4, 8, 16, then 30 s apart and prints the entry when
    /// the (virtual) minutes have passed. Field case 040.
    @Test func aLaggingLogIsNotAFinalAnswer() async throws {
        var policy = try TenantPreset.load("email-password")
        policy.graph.signInLogLagSeconds = 240
        let tenant = try await OperatorOnEmulator(policy: policy, scopes: ["AuditLog.Read.All"])
        let id = "6d1f0e2a-3b4c-4d5e-8f60-718293a4b5c6"
        #expect(try Self.failedSignIn(tenant, id: id) == id)
        var options = tenant.options
        options.graph = URL(string: tenant.server.origin + "/v1.0")
        options.correlationID = id
        let atOnce = await AccountCommandTests.run(.lookup, options)
        #expect(atOnce.status == ExitStatus.notInLogYet.rawValue && atOnce.status == 5, "\(atOnce.errors)")
        #expect(atOnce.errors.contains("no sign-in log entry has correlation id \(id) yet. This is not final"), "\(atOnce.errors)")
        #expect(atOnce.errors.contains("tophhie lookup \(id) --wait 10m"))
        #expect(atOnce.output.isEmpty)

        let waits = VirtualWaits()
        options.waitSeconds = 300
        let waited = await AccountCommandTests.run(.lookup, options, auth: waits.auth(advancing: tenant.server.emulator.clock))
        #expect(waited.status == 0, "\(waited.errors)")
        #expect(waits.all == [2, 4, 8, 16, 30, 30, 30, 30, 30, 30, 30], "240 s of virtual waiting, growing to 30 s")
        #expect(waited.errors.contains("tophhie lookup: not in the sign-in log yet; looking again in 2 s (waited 0 s of 300 s)\n"))
        #expect(waited.errors.contains("looking again in 30 s (waited 210 s of 300 s)\n"), "\(waited.errors)")
        #expect(waited.output.contains("  Status: failure 50126\n") && waited.output.contains("  Correlation id: \(id)\n"), "\(waited.output)")
    }

    /// `--wait` ends when its time is up, still exit 5; a lookup Graph throttles beyond its own retries waits the
    /// `Retry-After` before the next look instead of failing.
    @Test func waitingHonoursRetryAfterAndEndsWhenTheTimeIsUp() async throws {
        var policy = try TenantPreset.load("email-password")
        policy.graph.signInLogLagSeconds = 60
        let tenant = try await OperatorOnEmulator(policy: policy, scopes: ["AuditLog.Read.All"])
        let id = "7e2a1f3b-4c5d-4e6f-9071-8293a4b5c6d7"
        #expect(try Self.failedSignIn(tenant, id: id) == id)
        let queued = tenant.server.emulator.handle(EmulatorRequest(
            method: "POST", path: "/emulator/v1/faults",
            body: Data(#"{"endpoint": "/v1.0/auditLogs/signIns", "kind": "http429", "seconds": 150}"#.utf8)))
        #expect(queued.status == 200 || queued.status == 201)
        var options = tenant.options
        options.graph = URL(string: tenant.server.origin + "/v1.0")
        options.correlationID = id
        options.waitSeconds = 300
        let waits = VirtualWaits()
        let throttled = await AccountCommandTests.run(.lookup, options, auth: waits.auth(advancing: tenant.server.emulator.clock))
        #expect(throttled.status == 0, "\(throttled.errors)")
        #expect(waits.all == [150], "the Retry-After, not the 2 s first interval")
        #expect(throttled.errors.contains("Retry-After: 150 s") && throttled.errors.contains("looking again in 150 s"), "\(throttled.errors)")
        #expect(throttled.output.contains("  Status: failure 50126\n"))

        options.correlationID = "ffffffff-0000-4000-8000-000000000000"
        options.waitSeconds = 10
        let never = VirtualWaits()
        let timedOut = await AccountCommandTests.run(.lookup, options, auth: never.auth(advancing: tenant.server.emulator.clock))
        #expect(timedOut.status == 5 && never.all == [2, 4, 4], "\(timedOut.errors)")
        #expect(timedOut.errors.contains("no sign-in log entry has correlation id ffffffff-0000-4000-8000-000000000000 after waiting 10 s."))
    }

    /// A failed scenario whose entry the log has not written yet says so in both reports, with a lookup command
    /// ready to paste, which the command line reads back as `lookup ID --wait 10m` for the same tenant and operator.
    @Test func aFailedScenarioBeforeTheLogHasItSaysHowToLookLater() async throws {
        var policy = try TenantPreset.load("email-password")
        policy.graph.signInLogLagSeconds = 600
        let tenant = try await OperatorOnEmulator(policy: policy, scopes: ["AuditLog.Read.All"])
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
        let command = try #require(report.split(separator: "\n").first { $0.hasPrefix("Look it up later with: ") }, "\(report)")
            .dropFirst("Look it up later with: ".count)
        for text in [report, junit] {
            #expect(text.contains("Not in the sign-in log yet: no entry has correlation id "), "\(text)")
            #expect(text.contains("Look it up later with: \(command)"))
        }
        let words = command.split(separator: " ").map(String.init)
        #expect(words.prefix(2) == ["tophhie", "lookup"] && !junit.contains("Status: failure"))
        let parser = InvocationParser(environment: ["HOME": "/nonexistent"], readFile: { _ in nil })
        guard case .account(.lookup, let looked) = try parser.parse(Array(words.dropFirst())) else {
            Issue.record("the printed command is a lookup: \(command)")
            return
        }
        #expect(looked.waitSeconds == 600 && looked.account == OperatorOnEmulator.username && looked.tokenCachePath == tenant.cache)
        #expect(looked.target.authority.absoluteString == tenant.server.authority.absoluteString && looked.target.clientID == tenant.clientID)
        #expect(UUID(uuidString: looked.correlationID ?? "") != nil)
    }
}
