import AccountFlow
import Foundation

/// The flow state plus what the console adds around it: applying events, performing effects,
/// ticking, and remembering how the session should end. Shared by the full-screen and line modes.
final class ConsoleModel {
    private(set) var state: FlowState
    private let runner: EffectRunner
    let mailbox: Mailbox
    private var lastTick: Date?
    /// Set by the flow's `.quit` effect.
    private(set) var quitRequested = false
    /// Whether the last flow ended in a failure (exit code 1 when the console closes on it).
    private(set) var lastFlowFailed = false

    init(state: FlowState, runner: EffectRunner, mailbox: Mailbox) {
        self.state = state
        self.runner = runner
        self.mailbox = mailbox
    }

    /// Applies `event` and performs the effects it returns.
    func apply(_ event: FlowEvent) {
        for effect in state.reduce(event) {
            if effect == .quit { quitRequested = true } else { runner.perform(effect) }
        }
        switch state.step {
        case .failure, .webFallback: lastFlowFailed = true
        case .signedIn, .enrolled, .enrolmentSignedIn, .resetDone: lastFlowFailed = false
        default: break
        }
    }

    /// Applies the runner's answers, and a tick when a second has passed.
    func pump(now: Date = Date()) {
        for event in mailbox.drain() { apply(event) }
        if lastTick.map({ now.timeIntervalSince($0) >= 1 }) ?? true {
            lastTick = now
            apply(.tick(now))
        }
    }

    var isWorking: Bool { state.pending != nil }

    /// The input ended: a flow still in progress did not complete (a script's exit code says so).
    func inputEnded() {
        switch state.step {
        case .home, .signedIn, .enrolled, .enrolmentSignedIn, .resetDone: break
        default: lastFlowFailed = true
        }
    }

    /// Exit code: 0 done, 1 the last flow failed.
    var exitCode: Int32 { lastFlowFailed ? 1 : 0 }

    func shutdown() { runner.shutdown() }
}
