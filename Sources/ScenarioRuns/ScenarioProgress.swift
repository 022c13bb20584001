import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TerminalUI

/// What `tophhie run` prints while it runs: a line per finished scenario (pass/fail, elapsed, the failing
/// step); on a terminal also a live status line under them for the scenarios still running (step, elapsed),
/// redrawn in place several times a second.
final class ScenarioProgress: Sendable {
    private struct Running {
        var name: String
        var steps: Int
        var step = 0
        var started = ContinuousClock.now
    }

    private struct State {
        var running: [Int: Running] = [:]
        var nextID = 0
        /// Whether the live line is on screen (to be erased before the next output).
        var liveShown = false
        /// The run has returned (``end()``): a scenario an interruption left running says nothing more.
        var ended = false
    }

    private let live: Bool
    /// Terminal columns (the live line is cut to fit).
    private let width: Int
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// - Parameters:
    ///   - live: draw the status line (standard output is a terminal).
    ///   - write: receives text exactly as printed (standard output by default).
    init(live: Bool, write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) {
        self.live = live
        self.write = write
        var size = winsize()
        width = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    func started(_ name: String, steps: Int) -> Int {
        let id = state.withLock { state in
            state.nextID += 1
            if !state.ended { state.running[state.nextID] = Running(name: name, steps: steps) }
            return state.nextID
        }
        redraw()
        return id
    }

    func step(_ id: Int, index: Int) {
        state.withLock { if !$0.ended { $0.running[id]?.step = index } }
        redraw()
    }

    func finished(_ id: Int, _ result: ScenarioResult) {
        var line = "\(Self.mark(result.outcome)) \(PrintableText.make(result.name))  \(DurationText.seconds(result.elapsed, decimals: 2)) s"
        if let failure = result.failure { line += "  \(PrintableText.make(failure.headline))" }
        if case .during(let signal, let at) = result.interruption { line += "  interrupted by \(signal) at \(at)" }
        if let har = result.harPath { line += "  (HAR: \(PrintableText.make(har)))" }
        state.withLock { state in
            guard !state.ended else { return }
            state.running[id] = nil
            write((state.liveShown ? "\r\u{1B}[K" : "") + line + "\n")
            state.liveShown = false
        }
        redraw()
    }

    /// Erases the live line before the run's summary; whatever a scenario still running after an interruption
    /// reports later is not printed under it.
    func end() {
        state.withLock { state in
            if state.liveShown { write("\r\u{1B}[K") }
            state.liveShown = false
            state.running = [:]
            state.ended = true
        }
    }

    /// Redraws the live line (also called by a ticker so elapsed time moves during a long step).
    func redraw() {
        guard live else { return }
        state.withLock { state in
            let now = ContinuousClock.now
            let parts = state.running.sorted { $0.key < $1.key }.map { _, running in
                "\(PrintableText.make(running.name)) · step \(running.step + 1)/\(running.steps) · "
                    + DurationText.seconds(ScenarioRunner.seconds(now - running.started), decimals: 1) + " s"
            }
            guard !parts.isEmpty else {
                if state.liveShown { write("\r\u{1B}[K") }
                state.liveShown = false
                return
            }
            // One screen line at most: a wrapped line could not be redrawn in place.
            write("\r\u{1B}[K" + String(("… " + parts.joined(separator: "  |  ")).prefix(max(10, width - 1))))
            state.liveShown = true
        }
    }

    /// ✓ passed, ✗ failed, ⚠ the service throttled or a signal cut it short, – not run.
    static func mark(_ outcome: ScenarioResult.Outcome) -> String {
        switch outcome {
        case .passed: "✓"
        case .failed: "✗"
        case .throttled, .interrupted: "⚠"
        case .notRun: "–"
        }
    }
}
