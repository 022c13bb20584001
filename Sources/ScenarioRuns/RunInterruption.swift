import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The signal that interrupted `tophhie run` (0: none), set by `noteRunSignal` in signal context: a lock-free
/// atomic is all a handler may touch.
private let receivedRunSignal = Atomic<Int32>(0)

/// Posted by `noteRunSignal` for the signal watcher thread to wake on: `sem_post` is async-signal-safe
/// (signal-safety(7)); a Dispatch semaphore is not.
nonisolated(unsafe) private let runSignalPosted: UnsafeMutablePointer<sem_t> = {
    let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    sem_init(semaphore, 0, 0)
    return semaphore
}()

/// SIGTERM, SIGINT, SIGHUP during `tophhie run`: note the first and wake the watcher thread, which tells the
/// watching runs. Outside any actor and free of allocation (async-signal-safe).
private func noteRunSignal(_ signal: Int32) {
    _ = receivedRunSignal.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    sem_post(runSignalPosted)
}

/// Whether a scenario run was interrupted, and by what: a CI time-out's SIGTERM, Ctrl-C's SIGINT, a closed
/// terminal's SIGHUP (field case 035).
///
/// The runner starts nothing new once it is set, the running scenarios stop at their next wait, and the reports
/// are written with every scenario accounted for; the exit status is 128 + the signal (143, 130, 129).
/// ``watchSignals()`` installs the handlers for the process; tests make their own and call ``receive(_:)``.
final class RunInterruption: Sendable {
    /// The first signal noted, and who waits to be woken by it (``whenSet(_:)``).
    private let noted = Mutex<(first: (signal: Int32, at: Date)?, wakers: [@Sendable () -> Void])>((nil, []))
    /// Set while this one holds the process's handlers (``watchSignals()`` until ``stopWatching()``).
    private let watching: Mutex<Bool>

    /// The signals a run answers.
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Runs holding the handlers, and the dispositions found before the first: runs in one process (tests) may
    /// overlap, and only the last to stop may put the old handlers back.
    /// `watchers` are the runs holding them (the watcher thread tells each), `generation` counts installations
    /// (a watcher thread of an earlier one ends).
    private static let installed = Mutex<(holders: Int, previous: [Int32: sigaction], watchers: [RunInterruption], generation: Int)>(
        (0, [:], [], 0))

    private init(watching: Bool) { self.watching = Mutex(watching) }

    /// One that only ``receive(_:)`` sets.
    convenience init() { self.init(watching: false) }

    /// Installs handlers for ``signals`` until ``stopWatching()``.
    static func watchSignals() -> RunInterruption {
        let interruption = RunInterruption(watching: true)
        _ = runSignalPosted // made before any handler can post to it
        installed.withLock { installed in
            installed.holders += 1
            installed.watchers.append(interruption)
            guard installed.holders == 1 else { return }
            receivedRunSignal.store(0, ordering: .relaxed)
            installed.generation += 1
            let generation = installed.generation
            Thread.detachNewThread { watchPostedSignals(generation) }
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
        return interruption
    }

    /// The watcher thread of installation `generation`: on each post, tells the watching runs the signal noted;
    /// ends once that installation is over (passing a post it took on to a newer watcher).
    private static func watchPostedSignals(_ generation: Int) {
        while true {
            while sem_wait(runSignalPosted) == -1, errno == EINTR {}
            let watchers = installed.withLock { $0.generation == generation && $0.holders > 0 ? $0.watchers : nil }
            guard let watchers else {
                sem_post(runSignalPosted)
                return
            }
            let number = receivedRunSignal.load(ordering: .relaxed)
            if number != 0 { watchers.forEach { $0.receive(number) } }
        }
    }

    /// Puts the handlers back as they were, once no other run holds them. Idempotent.
    func stopWatching() {
        guard watching.withLock({ was in defer { was = false }; return was }) else { return }
        Self.installed.withLock { installed in
            installed.holders -= 1
            installed.watchers.removeAll { $0 === self }
            guard installed.holders == 0 else { return }
            for (signal, var old) in installed.previous { sigaction(signal, &old, nil) }
            installed.previous = [:]
            installed.generation += 1
            sem_post(runSignalPosted) // the watcher thread wakes and ends
        }
    }

    /// Notes `signal` as if it had arrived (the first one counts).
    func receive(_ signal: Int32) {
        let wakers = noted.withLock { noted in
            guard noted.first == nil else { return [@Sendable () -> Void]() }
            noted.first = (signal, Date())
            defer { noted.wakers = [] }
            return noted.wakers
        }
        wakers.forEach { $0() }
    }

    /// Calls `wake` once a signal is noted (at once when one is).
    func whenSet(_ wake: @escaping @Sendable () -> Void) {
        let already = noted.withLock { noted in
            if noted.first == nil { noted.wakers.append(wake) }
            return noted.first != nil
        }
        if already { wake() }
    }

    /// The signal and when it was first seen; nil while the run goes on.
    var signal: (number: Int32, at: Date)? {
        if watching.withLock({ $0 }) {
            let number = receivedRunSignal.load(ordering: .relaxed)
            if number != 0 { receive(number) }
        }
        return noted.withLock { $0.first.map { ($0.signal, $0.at) } }
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
