import AccountFlow
import ConsoleCommandLine
import CursesBackend
import EnrolmentDesk
import FlowRunner
import Foundation
import ScenarioFiles
import ScreenPresentation
import Launcher
import Localization
import TerminalUI
import TophhieCloudAuthentication
#if canImport(Glibc)
import Glibc
#endif

/// The user-facing side: a curses screen when there is a terminal, else the line mode. Owns the
/// terminal from the first frame to the end, so the first frame is painted before the tenant starts.
final class Front {
    private let environment: [String: String]
    private var backend: CursesBackend?
    private let lineMode: Bool

    init(options: ConsoleOptions, environment: [String: String]) {
        self.environment = environment
        let needsLines = options.lineMode
            || LineTerminal.isNeeded(environment: environment, standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1)
        if needsLines {
            lineMode = true
        } else {
            do {
                backend = try CursesBackend(environment: environment)
                lineMode = false
            } catch {
                FileHandle.standardError.write(Data("tophhie: \(error); using line mode.\n".utf8))
                lineMode = true
            }
        }
    }

    /// Paints the home screen at once (full-screen only).
    func paintFirstFrame(settings: FlowSettings, header: HeaderInfo) {
        backend?.present(Self.firstFrame(settings: withBrowserAbsence(settings), header: header))
    }

    /// `settings` with why no browser can be expected here, read as the launcher reads it (so its first frame
    /// and the console's agree).
    private func withBrowserAbsence(_ settings: FlowSettings) -> FlowSettings {
        var settings = settings
        settings.browserAbsence = switch NoBrowserHere.detect(environment: environment) {
        case .overSSH: .overSSH
        case .noDisplay: .noDisplay
        case nil: nil
        }
        return settings
    }

    /// The home screen before the session starts: no outbox key yet.
    static func firstFrame(settings: FlowSettings, header: HeaderInfo) -> FormView {
        var form = ScreenPresenter.formView(for: FlowState(settings: settings).screen, header: header, previous: nil)
        form.keymap = ConsoleKeys.keymap(withOutbox: false)
        return form
    }

    /// Runs the session to its end and restores the terminal; with `--queue`, first opens the desk's list and its
    /// progress file (one place for every tenant), and ends with exit 2 saying why when they cannot be opened.
    /// - Returns: the exit code.
    /// - Parameters:
    ///   - interactive: the interactive stack, configured with the token cache; nil in enrolment mode.
    ///   - emulator: the embedded emulator's controls; its virtual clock then drives the countdowns on screen.
    ///   - eventTenant: the tenant as a shared queue's event names it (``EventTenant``): a desk on another is refused.
    ///   - mode: the header's mode, put into words at each frame in the language shown (an enrolment desk's person picks theirs).
    ///   - recording: what F9 and `--record-scenario` record into (started at once with `--record-scenario`); written
    ///     at the end if still recording.
    func run(auth: TophhieNativeAuth, interactive: TophhieAuth?, settings: FlowSettings, header: HeaderInfo, eventTenant: String, mode: HeaderMode, outbox: (any CodeOutbox)?,
             emulator: EmulatorControl? = nil, options: ConsoleOptions, recording: ScenarioRecording? = nil, notice: String? = nil) -> Int32 {
        let settings = withBrowserAbsence(settings)
        let desk: EnrolmentDesk?
        do throws(EnrolmentDeskError) {
            desk = try EnrolmentDesk.opened(options, attributes: settings.upFrontAttributes, tenant: header.authority,
                                           eventTenant: eventTenant)
        } catch {
            close()
            return ConsoleApp.fail("--queue " + PrintableText.make(error.message))
        }
        // How the list was read, on screen at the start and on stderr at the end.
        let notice = [notice, desk?.listNotice.map { PrintableText.make($0) }].compactMap { $0 }.joined(separator: " ")
        let trace = TraceLog()
        let mailbox = Mailbox()
        // Each exchange goes to the trace and wakes the loop, so the trace pane shows it while the request is out.
        let observer: ExchangeObserver = { exchange in
            trace.observer(exchange)
            mailbox.nudge()
        }
        // Another desk's claim or outcome on the shared queue wakes the loop to read it again.
        desk?.store.onChange { mailbox.nudge() }
        auth.observe(observer)
        interactive?.observe(observer)
        let runner = EffectRunner(auth: auth, interactive: interactive) { mailbox.post($0) }
        let model = ConsoleModel(state: FlowState(settings: settings), runner: runner, mailbox: mailbox, trace: trace,
                                 clock: { emulator?.now ?? Date() }, cacheNotice: { interactive?.takeCacheNotice() })
        model.restoreCachedAccount()
        model.recorder = EnrolmentRecorder.opened(options, tenant: header.authority)
        desk?.recorder = model.recorder
        model.desk = desk
        model.scenarioRecording = recording
        if options.scenarioPath != nil { recording?.start() }
        // Enrolment: the person at the terminal gets no emulator tools; the panel lists earlier people's emails
        // and can remove accounts. The emulator's clock still drives the countdowns.
        let tools = options.enrol ? nil : emulator
        if let backend {
            mailbox.onPost(backend.wake)
            FullScreenSession(model: model, header: header, mode: mode, outbox: outbox, trace: trace, emulator: tools, desk: desk, recording: recording,
                              heldFiles: HeldFiles(options: options, recording: recording?.path, environment: environment), notice: notice.isEmpty ? nil : notice)
                .run(on: backend)
        } else {
            let terminal = LineTerminal()
            terminal.say(tr("line.header", ["tenant": header.tenant, "authority": header.authority, "mode": header.mode]))
            if !notice.isEmpty { terminal.say(notice) }
            if options.enrol {
                terminal.say(tr("line.enrolScrollback"))
            }
            if tools != nil { terminal.say(EmulatorLineCommand.announcement) }
            LineSession(model: model, terminal: terminal, outbox: outbox, emulator: tools, desk: desk).run()
        }
        model.shutdown()
        close()
        if let listNotice = desk?.listNotice { FileHandle.standardError.write(Data("tophhie: \(PrintableText.make(listNotice))\n".utf8)) }
        // Exit code 1 says why on stderr, after the terminal is restored, so a script's log has the reason.
        if let failure = model.lastFlowFailure {
            FileHandle.standardError.write(Data("tophhie: \(PrintableText.make(failure))\n".utf8))
        }
        if let recording, recording.isRecording {
            do {
                FileHandle.standardError.write(Data("tophhie: \(PrintableText.make(try recording.stop()))\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("tophhie: could not write \(recording.path): \(error.localizedDescription)\n".utf8))
                return 1
            }
        }
        guard let path = options.harPath else { return model.exitCode }
        do {
            try trace.exportHAR(to: path)
            return model.exitCode
        } catch {
            // The session's record is lost: a script must not read this run as done.
            FileHandle.standardError.write(Data("tophhie: could not write \(path): \(error.localizedDescription)\n".utf8))
            return 1
        }
    }

    /// Restores the terminal (idempotent).
    func close() {
        backend?.stop()
        backend = nil
    }
}
