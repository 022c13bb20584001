import CommandGrammar
import ConsoleCommandLine
import EmulatorServer
import FlowRunner
import Foundation
import TenantEmulator
import TerminalUI
import TophhieCloudAuthentication

/// `tophhie doctor`: the checklist (or `--json`) for an app registration and tenant, or a fresh emulator.
///
/// Exit codes: 0 every check passed (advice marked `!` may remain); 1 a check failed (✗); 2 usage or
/// configuration error (bad authority, unreadable CA file, an emulator that does not start).
public enum DoctorCommand {
    /// - Parameters:
    ///   - output: receives the checklist or the JSON (standard output by default).
    ///   - errors: receives usage and configuration problems (standard error by default).
    /// - Returns: the exit code.
    public static func run(_ options: DoctorOptions, output: (String) -> Void = { print($0) },
                           errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) async -> Int32 {
        var embedded: EmulatorServer?
        defer { embedded?.stop() }
        let target: TenantTarget
        if let preset = options.emulator {
            do {
                // Any policy, even one whose app is broken: that is what the doctor is for. The app checked is the
                // first that could serve the console, else the first.
                let policy = try TenantPreset.resolve(preset)
                let client = policy.clients.first { $0.nativeAuth && $0.publicClient } ?? policy.clients[0]
                let server = try EmulatorServer.start(policy: policy, port: 0)
                embedded = server
                target = TenantTarget(authority: server.authority, clientID: client.clientID,
                                      capabilities: options.capabilities ?? CommandTable.capabilityNames,
                                      challengeTypes: options.challengeTypes ?? client.challengeTypes.map(\.wireValue))
            } catch {
                errors("tophhie doctor: the embedded emulator did not start: \(error)")
                return 2
            }
        } else if let given = options.target {
            // Entra app (client) ids are GUIDs; anything else (an app name, an object id typo) cannot pass the
            // checks, and would read as "native authentication is off".
            guard UUID(uuidString: given.clientID) != nil else {
                errors("tophhie doctor: --client-id \(PrintableText.make(given.clientID)): not an app (client) id, which is a GUID such as "
                       + "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48 (Entra admin center, App registrations, Overview).")
                return 2
            }
            target = given
        } else {
            errors("tophhie doctor: no tenant; pass --authority and --client-id, --profile, or --emulator.")
            return 2
        }
        let doctor: TenantDoctor
        do {
            let transport = try makeTransport(caFile: options.caFile)
            doctor = try TenantDoctor(target: target, transport: options.debugHTTP
                ? ObservingTransport(base: transport, observer: HTTPDebugLog.observer()) : transport)
        } catch {
            errors("tophhie doctor: \(error.localizedDescription)")
            return 2
        }
        let checks = await doctor.run()
        let ready = !checks.contains { $0.status == .fail }
        if options.json {
            output(AccountCommandRunner.json([
                "authority": target.authority.absoluteString, "clientId": target.clientID, "ready": ready,
                "checks": checks.map { check -> [String: Any] in
                    var item: [String: Any] = ["id": check.id, "status": check.status.rawValue, "summary": check.summary]
                    if let fix = check.fix { item["fix"] = fix }
                    return item
                },
            ]))
        } else {
            output(PrintableText.make("tophhie doctor: \(target.authority.absoluteString) · client \(target.clientID)"))
            for check in checks {
                output(PrintableText.make("\(check.status.mark) \(check.summary)"))
                if let fix = check.fix, check.status != .pass { output(PrintableText.make("    fix: \(fix)")) }
            }
            output(ready ? "Ready for the console." : "Not ready: fix the ✗ lines above.")
        }
        return ready ? 0 : 1
    }
}
