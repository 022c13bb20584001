import AccountFlow
@testable import ConsoleCommandLine
@testable import ConsoleCommands
import EmulatorServer
@testable import FlowRunner
import Foundation
import TenantConfiguration
import TenantEmulator
import Testing
import TophhieCloudAuthentication

/// `tophhie tenant snapshot`, `tenant diff` and the rehearsal of a snapshot, against the emulator's Graph over
/// loopback HTTP with an operator's cached account. Source: docs/tenant-snapshot.md.
@Suite(.serialized) struct TenantSnapshotTests {
    /// `tenant snapshot` of `tenant`'s emulator: the exit status, the JSON printed, the reasons.
    static func snapshot(_ tenant: OperatorOnEmulator) async -> (status: Int32, output: String, errors: String) {
        var options = tenant.options
        options.graph = URL(string: tenant.server.origin + "/v1.0")
        return await AccountCommandTests.run(.tenantSnapshot, options)
    }

    static func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "tophhie-snapshot-\(UUID().uuidString).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `--out` into a folder that does not exist is refused before Graph is asked (exit 2), not after the read.
    @Test func anOutFileInAMissingFolderIsRefusedFirst() async throws {
        let tenant = try await OperatorOnEmulator(policy: try TenantPreset.load(TenantPreset.names[0]), scopes: ["EventListener.Read.All"])
        var options = tenant.options
        options.graph = URL(string: tenant.server.origin + "/v1.0")
        options.outPath = NSTemporaryDirectory() + "tophhie-missing-\(UUID().uuidString)/prod.json"
        let run = await AccountCommandTests.run(.tenantSnapshot, options)
        #expect(run.status == 2, "\(run.errors)")
        #expect(run.errors.contains("--out") && run.errors.contains("does not exist"), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test(arguments: TenantPreset.names)
    func everyPresetReadsBackAsThePolicyItRuns(_ preset: String) async throws {
        let policy = try TenantPreset.load(preset)
        let tenant = try await OperatorOnEmulator(policy: policy, scopes: ["EventListener.Read.All"])
        let first = await Self.snapshot(tenant)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.errors.isEmpty, "every part is read: \(first.errors)")
        #expect(first.output == String(decoding: policy.configurationSnapshot.encoded(), as: UTF8.self))
        let second = await Self.snapshot(tenant)
        #expect(second.output == first.output, "two reads of an unchanged tenant are byte-identical")
    }

    @Test(arguments: TenantPreset.names)
    func aSnapshotRehearsedOnTheEmulatorReadsBackByteForByte(_ preset: String) async throws {
        let policy = try TenantPreset.load(preset)
        let first = await Self.snapshot(try await OperatorOnEmulator(policy: policy, scopes: ["EventListener.Read.All"]))
        #expect(first.status == 0, "\(first.errors)")
        let path = try Self.file(first.output)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let rehearsal = try TenantPreset.rehearsal(path)
        #expect(rehearsal.notes.contains { $0.contains("password rules") }, "what a snapshot cannot carry is said")
        #expect(!rehearsal.notes.contains { $0.contains("not modelled") || $0.contains("not rehearsed") }, "\(rehearsal.notes)")
        var rehearsed = rehearsal.policy
        // A snapshot carries no users: the operator who reads it back is added for the test.
        rehearsed.users = policy.users
        rehearsed.operators = policy.operators
        let second = await Self.snapshot(try await OperatorOnEmulator(policy: rehearsed, scopes: ["EventListener.Read.All"]))
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output == first.output)
    }

    @Test func aDiffBetweenTwoPresetsNamesEachDifferenceAndExitsOne() async throws {
        let a = try Self.file(String(decoding: try TenantPreset.load("email-password").configurationSnapshot.encoded(), as: UTF8.self))
        let b = try Self.file(String(decoding: try TenantPreset.load("mfa").configurationSnapshot.encoded(), as: UTF8.self))
        let bad = try Self.file(#"{"format": "tophhie-tenant-snapshot/1", "signUpFlows": 3}"#)
        defer { [a, b, bad].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        var lines: [String] = []
        var errors: [String] = []
        #expect(TenantDiffCommand.run(a, b, json: false, output: { lines.append($0) }, errors: { errors.append($0) }) == 1)
        #expect(lines.contains("conditional access policy 'Require MFA for customers' added"), "\(lines)")
        let expected = try TenantPreset.load("email-password").configurationSnapshot
            .differences(to: try TenantPreset.load("mfa").configurationSnapshot).map(\.sentence)
        #expect(lines == expected && !lines.isEmpty)

        var json: [String] = []
        #expect(TenantDiffCommand.run(a, b, json: true, output: { json.append($0) }, errors: { _ in }) == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.joined().utf8)) as? [String: Any])
        #expect(object["equal"] as? Bool == false && (object["differences"] as? [Any])?.count == lines.count)

        #expect(TenantDiffCommand.run(a, a, json: false, output: { _ in Issue.record("equal snapshots print nothing") }, errors: { _ in }) == 0)
        #expect(TenantDiffCommand.run(a, bad, json: false, output: { _ in }, errors: { errors.append($0) }) == 2)
        #expect(errors.last?.contains("signUpFlows is not an array") == true, "\(errors)")
    }

    @Test func aForbiddenEndpointGivesAPartialSnapshotThatSaysSo() async throws {
        let tenant = try await OperatorOnEmulator(policy: try TenantPreset.load("mfa"), scopes: ["EventListener.Read.All"])
        let queued = tenant.server.emulator.handle(EmulatorRequest(
            method: "POST", path: "/emulator/v1/faults",
            body: Data(#"{"endpoint": "/v1.0/identity/conditionalAccess/policies", "kind": "http403"}"#.utf8)))
        #expect(queued.status == 200 || queued.status == 201)
        let run = await Self.snapshot(tenant)
        #expect(run.status == 0, "a part not read never fails the snapshot: \(run.errors)")
        #expect(run.errors.contains("mfaPolicies not read: HTTP 403 Authorization_RequestDenied"), "\(run.errors)")
        let snapshot = try TenantSnapshot.decode(Data(run.output.utf8))
        #expect(snapshot.mfaPolicies.reasonNotRead?.contains("Policy.Read.All") == true)
        #expect(snapshot.signUpFlows == (try TenantPreset.load("mfa")).configurationSnapshot.signUpFlows)
        #expect(try TenantPolicy.rehearsal(of: snapshot).notes.contains { $0.hasPrefix("mfaPolicies was not read") })
    }

    /// A read Graph keeps failing with 500 stops the snapshot (half a tenant would diff as a change), and the
    /// message names that read; a trial had seen only Graph's error, with no word of which read it was.
    @Test func aFailingReadIsNamed() async throws {
        let tenant = try await OperatorOnEmulator(policy: try TenantPreset.load("mfa"), scopes: ["EventListener.Read.All"])
        let queued = tenant.server.emulator.handle(EmulatorRequest(
            method: "POST", path: "/emulator/v1/faults",
            body: Data(#"{"endpoint": "/v1.0/identity/conditionalAccess/policies", "kind": "http500", "count": 5}"#.utf8)))
        #expect(queued.status == 200 || queued.status == 201)
        let run = await Self.snapshot(tenant)
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors.contains("the conditional access policies (GET /v1.0/identity/conditionalAccess/policies): "
                                    + "Microsoft Graph failed: HTTP 500"), "\(run.errors)")
        #expect(run.errors.components(separatedBy: "generalException").count == 2, "Graph's details said once: \(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test func theOperatorScreenReadsTheSummaryAndSavesTheSnapshot() async throws {
        let policy = try TenantPreset.load("attributes")
        let tenant = try await OperatorOnEmulator(policy: policy, scopes: ["EventListener.Read.All"])
        let auth = TophhieAuth()
        try auth.configure(clientId: tenant.clientID, authority: tenant.server.authority, tokenCachePath: tenant.cache,
                           graphEndpoint: URL(string: tenant.server.origin + "/v1.0"))
        let path = NSTemporaryDirectory() + "tophhie-snapshot-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let runner = GraphRunner(auth: auth, snapshotPath: path, send: { _ in })
        guard case .tenantLoaded(.success(let summary))? = await runner.loadTenant() else {
            Issue.record("the operator reads the tenant")
            return
        }
        #expect(summary == TenantSummary(policy.configurationSnapshot))
        #expect(summary.attributes.contains { $0.contains("extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_loyaltyNumber (text, required)") }, "\(summary.attributes)")
        #expect(await runner.saveTenant() == .tenantSaved(.success(path)))
        #expect(FileManager.default.contents(atPath: path) == policy.configurationSnapshot.encoded())
    }

    @Test func theCommandLineReadsSnapshotAndDiff() throws {
        let parser = InvocationParser(environment: ["TOPHHIE_AUTHORITY": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com",
                                                    "TOPHHIE_CLIENT_ID": "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48", "HOME": "/nonexistent"],
                                      readFile: { _ in nil })
        guard case .account(.tenantSnapshot, let options) = try parser.parse(["tenant", "snapshot", "--out", "prod.json", "--account", "ops@contoso.com"]) else {
            Issue.record("tenant snapshot is an account command")
            return
        }
        #expect(options.outPath == "prod.json" && options.account == "ops@contoso.com")
        #expect(try parser.parse(["tenant", "diff", "a.json", "b.json", "--json"]) == .tenantDiff(first: "a.json", second: "b.json", json: true))
        #expect(throws: UsageError.self) { try parser.parse(["tenant", "diff", "a.json"]) }
        #expect(throws: UsageError.self) { try parser.parse(["tenant", "diff", "a.json", "b.json", "--out", "c"]) }
        #expect(throws: UsageError.self) { try parser.parse(["tenant", "snapshot", "--json"]) }
        #expect(throws: UsageError.self) { try parser.parse(["tenant"]) }
    }

    /// The `attributes` preset, its configuration answers noisy as real Graph's may be.
    static func noisyTenant() async throws -> OperatorOnEmulator {
        var policy = try TenantPreset.load("attributes")
        policy.graph.noisyConfiguration = true
        return try await OperatorOnEmulator(policy: policy, scopes: ["EventListener.Read.All"])
    }

    /// Graph's noise between two reads of an unchanged tenant (sets in another order, `@odata.type` and
    /// `@odata.etag` added, empty lists as `[]`, `null` or nothing) changes no byte of the snapshot, and the
    /// snapshot is the tenant's own: the one a quiet Graph gives. Field case 041.
    @Test func noisyAnswersReadToTheSameBytes() async throws {
        let tenant = try await Self.noisyTenant()
        // The noise is real: two raw reads of the attribute definitions differ.
        let auth = TophhieAuth()
        try auth.configure(clientId: tenant.clientID, authority: tenant.server.authority, tokenCachePath: tenant.cache)
        let token = try await auth.acquireTokenSilent(scopes: ["IdentityUserFlow.Read.All"]).accessToken
        let raw = (0..<2).map { _ in
            tenant.server.emulator.handle(EmulatorRequest(method: "GET", path: "/v1.0/identity/userFlowAttributes",
                                                          headers: ["authorization": "Bearer \(token)"])).body
        }
        #expect(raw[0] != raw[1] && String(decoding: raw[0], as: UTF8.self).contains("@odata.etag"))

        let first = await Self.snapshot(tenant)
        let second = await Self.snapshot(tenant)
        #expect(first.status == 0 && second.status == 0, "\(first.errors)\(second.errors)")
        #expect(first.output == second.output, "byte-identical")
        var quiet = tenant.server.emulator.policy
        quiet.graph.noisyConfiguration = false
        #expect(first.output == String(decoding: quiet.configurationSnapshot.encoded(), as: UTF8.self))
        let a = try Self.file(first.output)
        let b = try Self.file(second.output)
        defer { [a, b].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        #expect(TenantDiffCommand.run(a, b, json: false, output: { Issue.record("no difference expected: \($0)") }, errors: { _ in }) == 0)

        // A list Graph did not write at all is still not a page: an answer without its value array fails.
        #expect(throws: GraphShapeError("the answer has no value array")) {
            try GraphConfigurationAnswer.userFlowAttributes(Data(#"{"@odata.context": "x", "value": null}"#.utf8))
        }
    }

    /// The order of a flow's attributes is the order of the sign-up form: a new order is one line naming the flow and
    /// the order, however many attributes moved.
    @Test func aNewAttributeOrderIsOneLine() async throws {
        let tenant = try await Self.noisyTenant()
        let before = await Self.snapshot(tenant)
        tenant.server.emulator.updatePolicy { policy in
            policy.signUp.attributes.swapAt(0, 3)
        }
        let after = await Self.snapshot(tenant)
        #expect(before.status == 0 && after.status == 0, "\(before.errors)\(after.errors)")
        let a = try Self.file(before.output)
        let b = try Self.file(after.output)
        defer { [a, b].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        var lines: [String] = []
        #expect(TenantDiffCommand.run(a, b, json: false, output: { lines.append($0) }, errors: { _ in }) == 1)
        let names = tenant.server.emulator.policy.signUp.attributes.map(\.name)
        var old = names
        old.swapAt(0, 3)
        let flow = tenant.server.emulator.policy.signUp.flowName
        #expect(lines == ["sign-up flow '\(flow)': attribute order changed to \((["email"] + names).joined(separator: ", ")) "
                          + "(was \((["email"] + old).joined(separator: ", ")))"], "\(lines)")
    }
}
