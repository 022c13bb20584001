import CommandGrammar
import ConsoleCommandLine
import ConsoleCommands
import EnrolmentFiles
import Foundation
import ScenarioFiles
import Synchronization
import TenantConfiguration
import TenantEmulator
import TerminalUI
import TophhieCloudAuthentication

/// `tophhie run --compare --account OPERATOR FILE…`: each scenario on its file's real tenant and on an embedded
/// emulator rehearsing a fresh snapshot of that tenant (read with the operator's cached account, docs/tenant-snapshot.md),
/// reported step by step where the two differ. `expect` steps are observed, not checked, so both sides run on where
/// they part ways; on the emulator every code comes from its outbox.
///
/// Exit codes: 0 the two agree at every step; 5 (``ExitStatus/differs``) they differ somewhere; 1 a snapshot could
/// not be read; 2 a file that does not parse, or whose tenant is the emulator.
enum ScenarioCompare {
    /// Runs the comparison on files already parsed; the caller's thread waits (never a thread of the cooperative pool).
    static func run(_ files: [ScenarioFile], options: ScenarioRunOptions, output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        guard let account = options.operatorAccount else {
            errors("tophhie run: --compare needs --account OPERATOR, whose cached account reads the tenant's configuration.")
            return ExitStatus.usage.rawValue
        }
        var targets: [(ScenarioFile, TenantTarget, String?)] = []
        for file in files {
            guard case .real(let target, _, let caFile, _) = file.tenant else {
                errors("tophhie run: \(file.path): --compare needs a real tenant in the file; this one runs on the emulator.")
                return ExitStatus.usage.rawValue
            }
            targets.append((file, target, caFile))
        }
        var differing = 0
        var compared = 0
        for (file, target, caFile) in targets {
            let snapshot: TenantSnapshot
            switch readSnapshot(target, caFile: caFile, account: account, tokenCachePath: options.tokenCachePath) {
            case .success(let read): snapshot = read
            case .failure(let problem):
                errors(PrintableText.make("tophhie run: \(file.path): the tenant's snapshot could not be read: \(problem.description)"))
                return ExitStatus.failed.rawValue
            }
            for (part, why) in snapshot.partsNotRead { errors(PrintableText.make("tophhie run: \(file.path): \(part) not read: \(why).")) }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-compare-\(UUID().uuidString).json").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                try AtomicFile.replace(path, with: Array(snapshot.encoded()))
                for note in try TenantPreset.rehearsal(path).notes {
                    output(PrintableText.make("\(file.path): the emulator does not model: \(note)") + "\n")
                }
            } catch {
                errors("tophhie run: \(file.path): the snapshot could not be rehearsed: \(error)")
                return ExitStatus.failed.rawValue
            }
            for scenario in file.scenarios {
                let comparison = ScenarioComparison(
                    file: file.path, name: scenario.name, steps: scenario.steps,
                    tenant: observe(scenario, on: file.tenant, timeout: options.timeout),
                    emulator: observe(onEmulator(scenario), on: .emulator(preset: path), timeout: options.timeout))
                compared += 1
                if !comparison.differences.isEmpty { differing += 1 }
                for line in comparison.lines { output(line + "\n") }
            }
        }
        output("\(compared) compared: \(compared - differing) agree, \(differing) differ\n")
        return differing > 0 ? ExitStatus.differs.rawValue : ExitStatus.done.rawValue
    }

    /// The scenario as the emulator runs it: codes from its outbox (a code typed as given stays).
    static func onEmulator(_ scenario: Scenario) -> Scenario {
        var copy = scenario
        copy.steps = scenario.steps.map { step in
            if case .answer(.code(let source)) = step, source != .outbox {
                if case .value = source { return step }
                return .answer(.code(.outbox))
            }
            return step
        }
        return copy
    }

    /// What each step led to on `tenant`, up to the one that could not be done; a stack that does not start is
    /// one observation saying why.
    private static func observe(_ scenario: Scenario, on tenant: ScenarioTenant, timeout: Int?) -> [StepObservation] {
        var scenario = scenario
        if let timeout { scenario.timeout = TimeInterval(timeout) }
        do {
            let stack = try ScenarioStack(tenant)
            defer { stack.stop() }
            let driver = ScenarioDriver(scenario: scenario, stack: stack, prompt: CodePrompt(), checksExpectations: false)
            _ = driver.run { _ in }
            return driver.observations
        } catch {
            return [StepObservation(step: "home", fields: [], failure: "the tenant could not be set up: \(error)")]
        }
    }

    /// Why the snapshot could not be read, in the snapshot command's words.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the snapshot on a task while this thread waits for it.
    private static func readSnapshot(_ target: TenantTarget, caFile: String?, account: String, tokenCachePath: String?) -> Result<TenantSnapshot, Problem> {
        let outcome = Mutex<Result<TenantSnapshot, Problem>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let auth = TophhieAuth()
                try auth.configure(clientId: target.clientID, authority: target.authority,
                                   tokenCachePath: tokenCachePath ?? TokenCacheFile.defaultPath(environment: ProcessInfo.processInfo.environment),
                                   caFile: caFile, graphEndpoint: target.defaultGraph)
                let operatorAccount = try AccountCommandRunner.find(account, auth: auth)
                let snapshot = try await auth.tenantSnapshot(account: operatorAccount)
                outcome.withLock { $0 = .success(snapshot) }
            } catch {
                outcome.withLock { $0 = .failure(Problem(description: "\(SnapshotFailure(error: error))")) }
            }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 } ?? .failure(Problem(description: "no answer"))
    }
}
