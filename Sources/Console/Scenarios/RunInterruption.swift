import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The signal that interrupted `tophhie run` (0: none), set by `noteRunSignal` in signal context: a lock-free
/// atomic is all a handler may touch.
private let receivedRunSignal = Atomic<Int32>(0)

/// SIGTERM, SIGINT, SIGHUP during `tophhie run`: note the first; the run's own threads read it and stop.
/// Outside any actor and free of allocation (async-signal-safe).
private func noteRunSignal(_ signal: Int32) {
    _ = receivedRunSignal.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
}

/// Whether a scenario run was interrupted, and by what: a CI time-out's SIGTERM, Ctrl-C's SIGINT, a closed
/// terminal's SIGHUP (field case 035).
///
/// The runner starts nothing new once it is set, the running scenarios stop at their next wait, and the reports
/// are written with every scenario accounted for; the exit status is 128 + the signal (143, 130, 129).
/// ``watchSignals()`` installs the handlers for the process; tests make their own and call ``receive(_:)``.
final class RunInterruption: Sendable {
    private let noted = Mutex<(signal: Int32, at: Date)?>(nil)
    /// Set while this one holds the process's handlers (``watchSignals()`` until ``stopWatching()``).
    private let watching: Mutex<Bool>

    /// The signals a run answers.
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Runs holding the handlers, and the dispositions found before the first: runs in one process (tests) may
    /// overlap, and only the last to stop may put the old handlers back.
    private static let installed = Mutex<(holders: Int, previous: [Int32: sigaction])>((0, [:]))

    private init(watching: Bool) { self.watching = Mutex(watching) }

    /// One that only ``receive(_:)`` sets.
    convenience init() { self.init(watching: false) }

    /// Installs handlers for ``signals`` until ``stopWatching()``.
    static func watchSignals() -> RunInterruption {
        installed.withLock { installed in
            installed.holders += 1
            guard installed.holders == 1 else { return }
            receivedRunSignal.store(0, ordering: .relaxed)
            for signal in signals {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = noteRunSignal
                sigemptyset(&action.sa_mask)
                // SA_RESTART: a read or wait the signal lands in goes on; the run's loops look at the flag.
                action.sa_flags = SA_RESTART
                var old = sigaction()
                if sigaction(signal, &action, &old) == 0 { installed.previous[signal] = old }
            }
        }
        // A parent may hand the signals over blocked (the mask survives fork and exec: a test runner, a CI agent);
        // blocked, they would wait unseen until the run ended. Threads started from here on inherit this mask.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in signals { sigaddset(&handled, signal) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        return RunInterruption(watching: true)
    }

    /// Puts the handlers back as they were, once no other run holds them. Idempotent.
    func stopWatching() {
        guard watching.withLock({ was in defer { was = false }; return was }) else { return }
        Self.installed.withLock { installed in
            installed.holders -= 1
            guard installed.holders == 0 else { return }
            for (signal, var old) in installed.previous { sigaction(signal, &old, nil) }
            installed.previous = [:]
        }
    }

    /// Notes `signal` as if it had arrived (the first one counts).
    func receive(_ signal: Int32) {
        noted.withLock { noted in
            if noted == nil { noted = (signal, Date()) }
        }
    }

    /// The signal and when it was first seen; nil while the run goes on.
    var signal: (number: Int32, at: Date)? {
        if watching.withLock({ $0 }) {
            let number = receivedRunSignal.load(ordering: .relaxed)
            if number != 0 { receive(number) }
        }
        return noted.withLock { $0.map { ($0.signal, $0.at) } }
    }

    var isSet: Bool { signal != nil }

    /// `SIGTERM`, `SIGINT`, `SIGHUP` (or `signal N`).
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}
