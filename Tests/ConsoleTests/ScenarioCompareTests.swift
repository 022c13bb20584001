import CommandGrammar
@testable import ConsoleCommandLine
import Foundation
import TenantEmulator
import Testing

/// `tophhie run --compare`: a scenario on "the tenant" (an emulator reached over loopback HTTP as a real tenant, with a
/// setting no snapshot carries) and on the emulator rehearsing that tenant's snapshot, read with an operator's account.
@Suite(.serialized) struct ScenarioCompareTests {
    @Test func theStepWhereTheTenantAndItsRehearsalDifferIsNamed() async throws {
        var policy = try TenantPreset.load("attributes")
        // Password rules are not in a snapshot: the rehearsal runs the emulator's defaults, which take 17 characters.
        policy.password.minLength = 20
        let tenant = try await OperatorOnEmulator(policy: policy, scopes: ["EventListener.Read.All"])
        let path = NSTemporaryDirectory() + "tophhie-compare-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = """
            {"tenant": {"authority": "\(tenant.server.authority.absoluteString)", "clientId": "\(tenant.clientID)", "codeCommand": "false"},
             "scenarios": [
               {"name": "sign up with a 17-character password", "steps": [
                 {"start": {"flow": "signUp", "email": "new.customer@example.com", "password": "Quiet-River-2290!"}},
                 {"expect": {"step": "codeEntry"}},
                 {"answer": {"code": "command"}},
                 {"expect": {"step": "attributes"}}]},
               {"name": "no such account", "steps": [
                 {"start": {"flow": "signIn", "email": "nobody@example.com", "password": "Quiet-River-2290!"}},
                 {"expect": {"step": "signInStart"}}]}]}
            """
        try Data(file.utf8).write(to: URL(fileURLWithPath: path))
        var options = ScenarioRunOptions()
        options.files = [path]
        options.compare = true
        options.operatorAccount = OperatorOnEmulator.username
        options.tokenCachePath = tenant.cache
        options.timeout = 120
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == ExitStatus.differs.rawValue, "\(output)\(errors)")
        #expect(output.contains("\u{201C}sign up with a 17-character password\u{201D}: the emulator and the tenant differ from step 1 (start)"),
                "\(output)")
        #expect(output.contains("tenant:   signUpStart (invalid_grant password_too_short"), "\(output)")
        #expect(output.contains("emulator: codeEntry"), "\(output)")
        #expect(output.contains("\u{201C}no such account\u{201D}: the emulator and the tenant agree at every step"), "\(output)")
        #expect(output.contains("the emulator does not model") && output.contains("password rules"), "what the rehearsal leaves out is said:\n\(output)")
        #expect(output.contains("2 compared: 1 agree, 1 differ"), "\(output)")
    }

    @Test func aFileOnTheEmulatorIsRefused() async throws {
        var options = ScenarioRunOptions()
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        options.files = [repository.appendingPathComponent("Resources/scenarios/email-otp.json").path]
        options.compare = true
        options.operatorAccount = OperatorOnEmulator.username
        let (code, _, errors) = await runScenarioCommand(options)
        #expect(code == 2)
        #expect(errors.contains("--compare needs a real tenant"), "\(errors)")
    }
}
