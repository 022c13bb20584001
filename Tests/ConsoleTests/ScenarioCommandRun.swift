@testable import ConsoleCommandLine
import Foundation
@testable import ScenarioRuns
import Synchronization

/// Collects what a command prints.
final class Printed: Sendable {
    private let text = Mutex("")
    func add(_ line: String) { text.withLock { $0 += line } }
    var all: String { text.withLock { $0 } }
}

/// Runs `tophhie run` in-process (no live line) on a thread of its own and suspends until it ends: the
/// scenarios' requests run on the cooperative threads, which a test blocked in the run would take from them
/// while other tests run beside it.
/// - Returns: the exit code, standard output and standard error.
func runScenarioCommand(_ options: ScenarioRunOptions) async -> (Int32, String, String) {
    let output = Printed()
    let errors = Printed()
    let code = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
        Thread.detachNewThread {
            done.resume(returning: ScenarioCommand.run(options, output: { output.add($0) }, errors: { errors.add($0 + "\n") }, live: false))
        }
    }
    return (code, output.all, errors.all)
}
