import AccountFlow
import EnrolmentDesk
import Foundation
import Localization
import ScenarioFiles

/// The flow state plus what the console adds around it: applying events, performing effects,
/// ticking, and remembering how the session should end. Shared by the full-screen and line modes.
package final class ConsoleModel {
    package private(set) var state: FlowState
    private let runner: EffectRunner
    package let mailbox: Mailbox
    private let trace: TraceLog
    /// Enrolment mode: how many people are done; a front that shows anything per person (the outbox
    /// pane) starts afresh when it changes. The trace is cleared here, for every front and the HAR.
    package private(set) var peopleDone = 0
    private var lastTick: Date?
    /// "Now" for countdowns: the embedded emulator's virtual clock, else real time.
    private let clock: @Sendable () -> Date
    /// Set by the flow's `.quit` effect.
    package private(set) var quitRequested = false
    /// Why the last flow failed, in the screen's words (exit code 1 when the console closes on it, and stderr
    /// says this); nil when it did not.
    package private(set) var lastFlowFailure: String?
    /// `--record FILE`: appends a line per person who finished.
    package var recorder: EnrolmentRecorder?
    /// `--record-scenario FILE` or the record key: sees every event as it reaches the reducer, with the state after it.
    package var scenarioRecording: ScenarioRecording?
    /// `--queue FILE.csv`: the list at the desk, told each person's outcome.
    package var desk: EnrolmentDesk? { didSet { state.settings.deskHasList = desk != nil } }
    /// Says when the person at the desk finished, for the record and the desk.
    private let watcher = PersonWatcher()

    /// What the token cache has to say once (a damaged file moved aside), asked after the runner's answers.
    private let cacheNotice: @Sendable () -> String?
    /// That notice, until a front shows it.
    private var pendingNotice: String?

    package init(state: FlowState, runner: EffectRunner, mailbox: Mailbox, trace: TraceLog, clock: @escaping @Sendable () -> Date = { Date() },
         cacheNotice: @escaping @Sendable () -> String? = { nil }) {
        self.cacheNotice = cacheNotice
        self.state = state
        self.clock = clock
        self.runner = runner
        self.mailbox = mailbox
        self.trace = trace
    }

    /// Starts the start-up look into the token cache; its account arrives as `.accountRestored`.
    package func restoreCachedAccount() {
        mailbox.restoreStarted()
        runner.restoreCachedAccount(ended: mailbox.restoreEnded)
    }

    /// Whether the start-up restore may still bring an account: line mode prints home once, so it waits.
    package var isRestoring: Bool { mailbox.isRestoring }

    /// The person at an enrolment desk picked `tag` (a catalogue's language) until the idle reset.
    package func chooseLanguage(_ tag: String) {
        state.language = tag
    }

    /// Applies `event` and performs the effects it returns.
    package func apply(_ event: FlowEvent) {
        // A seated person's sign-up keeps their address: another would be enrolled and credited to them.
        if case .fieldEdited(.email, let text) = event, case .signUpStart = state.step, let seated = desk?.seatedEmail, text != seated {
            pendingNotice = tr("desk.emailIsTheRow", ["email": seated])
            return
        }
        let before = state.step
        let previous = scenarioRecording == nil ? nil : state
        let effects = state.reduce(event)
        if let previous { scenarioRecording?.observe(event, before: previous, after: state) }
        // What the user just asked for names the exchanges its requests make (the inspector's story).
        if let action = TraceStory.action(for: event, effects: effects) { trace.begin(action) }
        for effect in effects {
            if effect == .quit { quitRequested = true }
            if effect == .forgetPerson {
                trace.clear()
                peopleDone += 1
            }
            runner.perform(effect)
        }
        if let result = watcher.observe(event, from: before, to: state) {
            // The desk knows a walk-in from a listed person; the record says which.
            let kept = desk?.finished(result) ?? result
            recorder?.record(kept)
        } else if state.step == .home, before != .home {
            desk?.left()
        }
        // Said as the screen says it, taken when the failure arrives (not again at each tick it stays).
        if state.step.isFailure, state.step != before {
            // In English, as everything on standard error is, whatever language the screen shows.
            let screen = Localization.with(.english) { state.screen }
            lastFlowFailure = "the last flow ended on \u{201C}\(screen.title)\u{201D}: " + (screen.text.first ?? "")
        }
        if state.step.isCompletion { lastFlowFailure = nil }
    }

    /// Applies the runner's answers, and a tick when a second has passed (`now` defaults to the clock).
    package func pump(now given: Date? = nil) {
        let now = given ?? clock()
        for event in mailbox.drain() { apply(event) }
        // The cache is read and written by the runner's requests: a damaged file it moved aside is said once.
        if let notice = cacheNotice() { pendingNotice = notice }
        if lastTick.map({ now.timeIntervalSince($0) >= 1 }) ?? true {
            lastTick = now
            apply(.tick(now))
        }
    }

    package var isWorking: Bool { state.pending != nil }

    /// The token cache's notice, once: the front that shows it takes it.
    package func takeNotice() -> String? {
        defer { pendingNotice = nil }
        return pendingNotice
    }

    /// How long a loop may wait for input before the next tick is due (countdowns move once a second): a
    /// deadline, not a poll; answers wake the loop through the mailbox.
    package var untilNextTick: Duration {
        guard let lastTick else { return .zero }
        let left = 1 - clock().timeIntervalSince(lastTick)
        return .milliseconds(Int((min(1, max(0, left)) * 1000).rounded(.up)))
    }

    /// The input ended: a flow still in progress did not complete (a script's exit code says so).
    /// - Returns: whether a flow was in progress.
    @discardableResult
    package func inputEnded() -> Bool {
        let midFlow = state.step != .home && !state.step.isCompletion
        if midFlow { lastFlowFailure = "input ended before the flow finished" }
        return midFlow
    }

    /// Exit code: 0 done, 1 the last flow failed.
    package var exitCode: Int32 { lastFlowFailure == nil ? 0 : 1 }

    package func shutdown() {
        runner.shutdown()
        recorder?.finish()
        for failure in desk?.finish() ?? [] {
            FileHandle.standardError.write(Data("tophhie: --queue: \(failure)\n".utf8))
        }
    }
}
