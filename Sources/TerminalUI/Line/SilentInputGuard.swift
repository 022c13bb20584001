import Glibc

/// Turns echo off for a secret prompt and guarantees it comes back: on return, and from
/// SIGINT/SIGTERM/SIGHUP and every other signal whose default action ends the process
/// (``TerminatingSignals``) while the prompt waits (the handlers only call `tcsetattr`, `write`,
/// `signal`, `raise` and `_exit`, which are async-signal-safe).
final class SilentInputGuard {
    /// What the handler restores; allocated before the handlers are installed.
    private struct Record {
        var descriptor: Int32
        var saved: termios
    }

    nonisolated(unsafe) private static var active: UnsafeMutablePointer<Record>?

    private let record: UnsafeMutablePointer<Record>
    private var previous: [(Int32, sighandler_t?)] = []
    private var ended = false

    /// Switches echo off on `descriptor`, or returns nil if it is not a terminal.
    init?(descriptor: Int32) {
        var saved = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &saved) == 0 else { return nil }
        record = .allocate(capacity: 1)
        record.initialize(to: Record(descriptor: descriptor, saved: saved))
        Self.active = record
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            previous.append((signal, Glibc.signal(signal, restoreEchoAndExit)))
        }
        for signal in TerminatingSignals.atDefault {
            previous.append((signal, Glibc.signal(signal, restoreEchoAndRaise)))
        }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(descriptor, TCSAFLUSH, &silent)
    }

    /// Puts echo and the previous handlers back. Idempotent; also run by `deinit`.
    func end() {
        guard !ended else { return }
        ended = true
        tcsetattr(record.pointee.descriptor, TCSAFLUSH, &record.pointee.saved)
        for (signal, handler) in previous { _ = Glibc.signal(signal, handler) }
        Self.active = nil
        record.deallocate()
    }

    deinit { end() }

    /// Called from the signal handler.
    fileprivate static func restoreFromSignal() {
        guard let record = active else { return }
        tcsetattr(record.pointee.descriptor, TCSANOW, &record.pointee.saved)
        var newline: UInt8 = 0x0A
        _ = write(STDOUT_FILENO, &newline, 1)
    }
}

/// The C callback for ``SilentInputGuard``; outside any actor, as signal handlers must be.
private func restoreEchoAndExit(_ signal: Int32) {
    SilentInputGuard.restoreFromSignal()
    _exit(128 + signal)
}

/// The C callback for the other signals that end the process: echo back, then the default action
/// (the signal is blocked in its handler, so the one raised here arrives as the handler returns).
private func restoreEchoAndRaise(_ signal: Int32) {
    SilentInputGuard.restoreFromSignal()
    _ = Glibc.signal(signal, SIG_DFL)
    _ = raise(signal)
}
