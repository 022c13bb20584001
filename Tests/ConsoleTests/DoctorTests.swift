@testable import ConsoleCommandLine
@testable import ConsoleCommands
import EmulatorServer
import Foundation
import Synchronization
import TenantEmulator
import TestSupport
import Testing
import TophhieCloudAuthentication

/// `tophhie doctor` against emulators whose policy breaks one check each.
@Suite struct DoctorTests {
    /// Runs the doctor on a fresh emulator of `preset` changed by `adjust`, as an app declaring `capabilities`,
    /// through `authorityPath` (the tenant id by default); returns the checks by id.
    private func checks(preset: String = "email-password", clientID: String? = nil, authorityPath: String? = nil,
                        capabilities: [String] = ["mfa_required", "registration_required"],
                        adjust: (inout TenantPolicy) -> Void = { _ in },
                        before: (EmulatorServer) -> Void = { _ in }) async throws -> [String: DoctorCheck] {
        var policy = try TenantPreset.load(preset)
        adjust(&policy)
        let server = try EmulatorServer.start(policy: policy, port: 0, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        defer { server.stop() }
        before(server)
        let authority = try Authority(parsing: server.origin + "/" + (authorityPath ?? policy.tenant.id)).url
        let target = TenantTarget(authority: authority, clientID: clientID ?? policy.clients[0].clientID, capabilities: capabilities,
                                  challengeTypes: ["oob", "password", "redirect"])
        let doctor = try TenantDoctor(target: target, transport: makeTransport(caFile: nil))
        let list = await doctor.run()
        #expect(list.map(\.id) == ["https", "discovery", "issuer", "clock", "nativeAuth", "challengeTypes", "capabilities", "smsAuthority"])
        return Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
    }

    @Test("a healthy emulator passes every check")
    func healthy() async throws {
        let found = try await checks(preset: "mfa")
        for check in found.values { #expect(check.status == .pass, "\(check)") }
        #expect(found["nativeAuth"]?.summary.contains("user_not_found") == true)
    }

    @Test("native authentication disabled for the app: ✗ with the setting to change")
    func nativeAuthDisabled() async throws {
        let all = try await checks { $0.clients[0].nativeAuth = false }
        let check = try #require(all["nativeAuth"])
        #expect(check.status == .fail)
        #expect(check.summary.contains("invalid_client, nativeauthapi_disabled"))
        #expect(check.fix?.contains("enable native authentication") == true)
        // Every start is refused then, which is no sign that sign-up starts natively.
        #expect(all["challengeTypes"]?.status == .warn, "\(String(describing: all["challengeTypes"]))")
    }

    @Test("a confidential client (AADSTS550022): ✗ explained as not a public client")
    func confidentialClient() async throws {
        let check = try #require(try await checks { $0.clients[0].publicClient = false }["nativeAuth"])
        #expect(check.status == .fail)
        #expect(check.summary.contains("AADSTS550022"))
        #expect(check.fix?.contains("allow public client flows") == true)
    }

    @Test("a client id the tenant does not know (unauthorized_client): ✗ pointing at the app's Overview")
    func unknownClient() async throws {
        let check = try #require(try await checks(clientID: "00000000-1111-2222-3333-444444444444")["nativeAuth"])
        #expect(check.status == .fail)
        #expect(check.summary.contains("unauthorized_client"))
        #expect(check.fix?.contains("Application (client) ID") == true)
    }

    @Test("an app registration without password: sign-up of password accounts is sent to the browser")
    func challengeTypesForceARedirect() async throws {
        let check = try #require(try await checks { $0.clients[0].challengeTypes = [.oob, .redirect] }["challengeTypes"])
        #expect(check.status == .fail)
        #expect(check.summary.contains("(oob,password)"))
        #expect(check.fix?.contains("--challenge-types oob,password") == true)
        // With everything allowed, the narrower sets that redirect are named.
        let healthy = try #require(try await checks()["challengeTypes"])
        #expect(healthy.status == .pass)
        #expect(healthy.summary.contains("sending only oob or only password would be sent to the browser"), "\(healthy.summary)")
    }

    @Test("the tenant's Date an hour ahead: ✗ clock")
    func clockSkew() async throws {
        let check = try #require(try await checks(before: { $0.emulator.clock.advance(by: 3600) })["clock"])
        #expect(check.status == .fail)
        #expect(check.summary.contains("s behind the tenant"), "\(check.summary)")
    }

    @Test("a tenant path that names no tenant: ✗ discovery")
    func discoveryFails() async throws {
        let check = try #require(try await checks(authorityPath: "nobody.onmicrosoft.com")["discovery"])
        #expect(check.status == .fail)
        #expect(check.summary.contains("HTTP 404"))
    }

    @Test("a domain-name authority: the SMS known issue, with the tenant-id authority to use instead")
    func domainAuthority() async throws {
        let found = try await checks(preset: "mfa", authorityPath: "woodgrove.onmicrosoft.com")
        let check = try #require(found["smsAuthority"])
        #expect(check.status == .warn)
        #expect(check.summary.contains("woodgrove.onmicrosoft.com"))
        #expect(check.fix?.hasSuffix("/0d9e8f7a-6b5c-4d3e-a2f1-0e9d8c7b6a54.") == true)
        #expect(found["nativeAuth"]?.status == .pass)
    }

    @Test("no capabilities declared: advice to declare mfa_required and registration_required")
    func capabilitiesMissing() async throws {
        let check = try #require(try await checks(capabilities: [])["capabilities"])
        #expect(check.status == .warn)
        #expect(check.summary.contains("mfa_required, registration_required"))
    }

    @Test("issuer shapes: a workforce tenant's is refused, an external tenant's accepted")
    func issuerShapes() throws {
        let target = TenantTarget(authority: try Authority(parsing: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com").url,
                                  clientID: "c", capabilities: [], challengeTypes: ["oob"])
        let doctor = try TenantDoctor(target: target, transport: makeTransport(caFile: nil))
        let guid = "5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"
        #expect(doctor.issuerShape("https://login.microsoftonline.com/\(guid)/v2.0").0.status == .fail)
        #expect(doctor.issuerShape("https://\(guid).ciamlogin.com/\(guid)/v2.0").0.status == .pass)
        #expect(doctor.issuerShape("https://contoso.ciamlogin.com/contoso/v2.0").0.status == .fail)
        #expect(doctor.https().status == .pass)
    }

    @Test("tophhie doctor --emulator FILE --json: a policy that breaks a check exits 1 and says ready false")
    func commandExitCodes() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: repository.appendingPathComponent("Resources/tenants/email-password.json"))
        var policy = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var clients = try #require(policy["clients"] as? [[String: Any]])
        clients[0]["nativeAuth"] = false
        policy["clients"] = clients
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: policy).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        var options = DoctorOptions()
        options.emulator = file.path
        options.json = true
        let printed = Mutex("")
        let code = await DoctorCommand.run(options, output: { line in printed.withLock { $0 += line } })
        #expect(code == 1)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(printed.withLock { $0 }.utf8)) as? [String: Any])
        #expect(answer["ready"] as? Bool == false)
        let checks = try #require(answer["checks"] as? [[String: Any]])
        #expect(checks.first { $0["id"] as? String == "nativeAuth" }?["status"] as? String == "fail")

        options.emulator = "email-otp"
        options.json = false
        printed.withLock { $0 = "" }
        #expect(await DoctorCommand.run(options, output: { line in printed.withLock { $0 += line + "\n" } }) == 0)
        #expect(printed.withLock { $0 }.contains("✓ Native authentication is enabled"))
        #expect(printed.withLock { $0 }.hasSuffix("Ready for the console.\n"))
    }
}
