import Glibc

// Signal handlers are C callbacks: they live here, in library code outside any actor, never in a
// `main.swift` (whose code is main-actor isolated and would trap when called from a signal).

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT: restore the terminal and leave with the conventional status.
func handleTerminationSignal(_ signal: Int32) {
    restoreTerminalAsyncSignalSafe()
    _exit(128 + signal)
}

/// SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE: restore the terminal, then let the default action
/// happen (core dump, crash status) by re-raising with the default handler.
func handleCrashSignal(_ signal: Int32) {
    restoreTerminalAsyncSignalSafe()
    _ = Glibc.signal(signal, SIG_DFL)
    _ = raise(signal)
}

/// SIGWINCH: wake the input loop through its pipe; the loop reads the new size.
func handleWindowChange(_ signal: Int32) {
    let saved = errno
    if let record = activeRestoreRecord, record.pointee.wakeDescriptor >= 0 {
        var byte: UInt8 = 1
        _ = write(record.pointee.wakeDescriptor, &byte, 1)
    }
    errno = saved
}

/// The signals each handler is installed for.
enum HandledSignals {
    static let termination: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let crash: [Int32] = [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE]
}
