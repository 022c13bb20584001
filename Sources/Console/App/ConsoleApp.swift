import AccountFlow
import ConsoleCommandLine
import CursesBackend
import EnrolmentDesk
import FlowRunner
import Foundation
import ScenarioFiles
import Launcher
import Localization
import TerminalUI
import TophhieCloudAuthentication
#if canImport(Glibc)
import Glibc
#endif

/// The console, composed: the tenant (embedded emulator or a real authority), the framework, the
/// effect runner, and the full-screen or line front. Returns the process exit code.
public enum ConsoleApp {
    /// Runs the console for `invocation` (`.embedded` or `.console`).
    /// - Returns: 0 done, 1 the last flow failed, 2 usage or configuration error.
    public static func run(_ invocation: Invocation, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        // The files checked before the session, so no run or person is lost to one; the record is opened (and its chain
        // checked) here.
        if let options = invocation.consoleOptions,
           let problem = outputProblem("--har", options.harPath, "a HAR", options, environment: environment)
               ?? outputProblem("--record-scenario", options.scenarioPath, "the recorded scenario", options, without: \.scenarioPath,
                                environment: environment)
               ?? EnrolmentRecorder.problem(options.recordPath)
               ?? outputProblem("--report", options.reportPath, "the report", options, without: \.reportPath, environment: environment) {
            if case .embedded = invocation { TerminalHandover.release(environment: environment) }
            return fail(problem)
        }
        // The screens' language for the whole session; an enrolment desk's person may change it until the idle reset.
        let language = Localizer.resolved(option: invocation.consoleOptions?.language, environment: environment)
        return Localization.$choice.withValue(LanguageChoice(language)) { runSession(invocation, environment: environment) }
    }

    private static func runSession(_ invocation: Invocation, environment: [String: String]) -> Int32 {
        switch invocation {
        case .embedded(let preset, let options):
            return runEmbedded(preset: preset, options: options, environment: environment)
        case .console(let target, let options):
            // Configured before the terminal is taken: a refused configuration is a usage error (exit 2).
            let auth: TophhieNativeAuth
            let interactive: TophhieAuth?
            let configuration: NativeAuthConfiguration
            do {
                auth = TophhieNativeAuth(transport: try makeTransport(caFile: options.caFile))
                try auth.configure(clientId: target.clientID, authority: target.authority,
                                   capabilities: target.capabilities.map(Capability.init(wireValue:)),
                                   challengeTypes: target.challengeTypes.map(ChallengeType.init(wireValue:)),
                                   scopes: options.scopes ?? TophhieConfiguration.defaultScopes)
                guard let configured = auth.currentConfiguration else { return fail("the configuration was not kept") }
                configuration = configured
                interactive = try InteractiveRunner.stack(clientID: target.clientID, authority: target.authority, options: options,
                                                   cachePath: options.tokenCachePath ?? TokenCacheFile.defaultPath(environment: environment),
                                                   graph: options.graph ?? target.defaultGraph)
            } catch {
                return fail("\(error.localizedDescription)")
            }
            // The web-fallback screen says what was sent: the configuration as the framework sends it.
            var settings = FlowSettings(passwordAccounts: options.passwordAccounts, upFrontAttributes: options.signUpAttributes,
                                        enrolmentMode: options.enrol, challengeTypes: configuration.challengeTypes,
                                        capabilities: configuration.capabilities)
            if let seconds = options.idleReset { settings.idleReset = seconds }
            settings.deskLanguage = Localization.current.tag
            let mode = HeaderMode(enrolment: options.enrol, emulator: false)
            let header = HeaderInfo(tenant: target.authority.host ?? "tenant", authority: target.authority.absoluteString, mode: mode.words)
            let front = Front(options: options, environment: environment)
            front.paintFirstFrame(settings: settings, header: header)
            if options.exitAfterFirstFrame { front.close(); return 0 }
            let notices = [target.authorityNote, interactive?.takeCacheNotice()].compactMap { $0 }
            let recording = scenarioRecording(options, preset: nil, target: target)
            return front.run(auth: auth, interactive: interactive, settings: settings, header: header,
                             eventTenant: target.authority.absoluteString, mode: mode, outbox: nil, options: options,
                             recording: recording, notice: notices.isEmpty ? nil : notices.joined(separator: " "))
        case .emulator, .account, .run, .runMerge, .doctor, .enrol, .tenantDiff, .recordVerify, .recordDatabase, .help, .version,
             .completion, .complete:
            return fail("not a console invocation")
        }
    }

    private static func runEmbedded(preset: String, options: ConsoleOptions, environment: [String: String]) -> Int32 {
        let front = Front(options: options, environment: environment)
        front.paintFirstFrame(settings: FlowSettings(enrolmentMode: options.enrol), header: FirstFrame.startingHeader(preset: preset))
        if options.exitAfterFirstFrame { front.close(); return 0 }
        let tenant: EmbeddedTenant
        do {
            tenant = try EmbeddedTenant(preset: preset, port: options.emulatorPort)
        } catch {
            front.close()
            return fail("the embedded emulator did not start: \(error)")
        }
        defer { tenant.stop() }
        // The console plays the tenant's app: it sends the challenge types that app is registered with, so
        // a narrowly configured client meets the web fallback and its screen can name what is missing.
        let auth = TophhieNativeAuth(clock: tenant.clock)
        let interactive: TophhieAuth?
        var settings = tenant.settings(enrolmentMode: options.enrol)
        if !options.signUpAttributes.isEmpty { settings.upFrontAttributes = options.signUpAttributes }
        do {
            try auth.configure(clientId: tenant.clientID, authority: tenant.authority,
                               capabilities: settings.capabilities, challengeTypes: tenant.challengeTypes,
                               scopes: options.scopes ?? TophhieConfiguration.defaultScopes)
            // A new tenant each run: tokens stay in memory unless a cache file is named.
            interactive = try InteractiveRunner.stack(clientID: tenant.clientID, authority: tenant.authority, options: options,
                                               cachePath: options.tokenCachePath,
                                               graph: options.graph ?? URL(string: tenant.server.origin + "/v1.0"),
                                               clock: tenant.clock)
        } catch {
            front.close()
            return fail("\(error.localizedDescription)")
        }
        settings.challengeTypes = auth.currentConfiguration?.challengeTypes ?? settings.challengeTypes
        if let seconds = options.idleReset { settings.idleReset = seconds }
        settings.deskLanguage = Localization.current.tag
        let presetName = URL(fileURLWithPath: preset).lastPathComponent
        // The origin (with its port) is what an operator needs for the control API; the tenant path follows it.
        let mode = HeaderMode(enrolment: options.enrol, emulator: true)
        let header = HeaderInfo(tenant: "\(tenant.policy.tenant.name) (\(presetName))", authority: tenant.server.origin, mode: mode.words)
        // A rehearsed snapshot says what the emulator leaves out: on screen at start, and in full on standard error at the end.
        let notes = tenant.rehearsalNotes
        let rehearsal = notes.isEmpty ? nil : "Rehearsing a tenant snapshot; not modelled: " + notes.joined(separator: "; ")
        let notice = [rehearsal, interactive?.takeCacheNotice()].compactMap { $0 }
        let recording = scenarioRecording(options, preset: preset, target: nil)
        let status = front.run(auth: auth, interactive: interactive, settings: settings, header: header,
                               eventTenant: EventTenant.emulator(preset: preset), mode: mode,
                               outbox: EmulatorOutbox(outbox: tenant.server.emulator.outbox),
                               emulator: EmulatorControl(emulator: tenant.server.emulator, recording: recording), options: options,
                               recording: recording, notice: notice.isEmpty ? nil : notice.joined(separator: " "))
        for note in notes { FileHandle.standardError.write(Data("tophhie: snapshot rehearsal: \(PrintableText.make(note))\n".utf8)) }
        return status
    }

    /// What F9 and `--record-scenario` record into; nil in enrolment mode, which keeps nothing of the people it serves.
    private static func scenarioRecording(_ options: ConsoleOptions, preset: String?, target: TenantTarget?) -> ScenarioRecording? {
        guard !options.enrol else { return nil }
        let path = options.scenarioPath ?? "tophhie-scenario-\(HARPrompt.fileStamp(Date())).json"
        return ScenarioRecording(path: path, preset: preset, target: target, caFile: options.caFile)
    }

    /// Why the output file `flag` names cannot be written: its folder, or another file the session holds
    /// (``HeldFiles``: `--report` naming the `--record` file would replace the record), checked before the session so no
    /// run or person is lost to it. `own` is the option's own entry among the held files, left out.
    static func outputProblem(_ flag: String, _ path: String?, _ what: String, _ options: ConsoleOptions,
                              without own: WritableKeyPath<ConsoleOptions, String?>? = nil, environment: [String: String]) -> String? {
        guard let path else { return nil }
        var others = options
        if let own { others[keyPath: own] = nil }
        return HeldFiles(options: others, environment: environment).problem(path, replacedBy: what).map { "\(flag) \(PrintableText.make(path)): \($0)" }
            ?? OutputFile.problem(path, flag: flag)
    }

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("tophhie: \(message)\n".utf8))
        return 2
    }
}
