import Glibc
import TerminalUI

// Signal handlers are C callbacks: they live here, in library code outside any actor, never in a
// `main.swift` (whose code is main-actor isolated and would trap when called from a signal).

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT: restore the terminal and leave with the conventional status.
func handleTerminationSignal(_ signal: Int32) {
    restoreTerminalAsyncSignalSafe()
    _exit(128 + signal)
}

/// SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, and every other signal whose default action ends the
/// process (`TerminatingSignals`, those still at their default): restore the terminal, then let the
/// default action happen (core dump, the signal's exit status) by re-raising with the default handler.
/// The signal is blocked while its handler runs, so the re-raised one arrives as the handler returns.
func handleCrashSignal(_ signal: Int32) {
    restoreTerminalAsyncSignalSafe()
    _ = Glibc.signal(signal, SIG_DFL)
    _ = raise(signal)
}

/// SIGWINCH: wake the input loop through its pipe; the loop reads the new size.
func handleWindowChange(_ signal: Int32) {
    let saved = errno
    wakeInputLoop()
    errno = saved
}

/// SIGTSTP, SIGTTIN, SIGTTOU (field case 015, docs/field-cases.md): give the terminal back as the shell had it (a shell such as
/// dash does not repair it, and ncurses' own handler would restore the raw modes a launcher handed
/// over), stop, and on SIGCONT take it back and have the loop repaint. Nothing typed is lost: decoded
/// keys stay queued, and the modes are switched without flushing input. A process continued in the
/// background leaves the terminal alone until it is in the foreground again (its next read stops it).
func handleStopSignal(_ signal: Int32) {
    let saved = errno
    if let record = activeRestoreRecord, record.pointee.restored == 0, record.pointee.suspended == 0, ownsForeground(record) {
        _ = tcgetattr(record.pointee.inputDescriptor, &record.pointee.program)
        record.pointee.suspended = 1
        releaseTerminalAsyncSignalSafe(record)
    }
    // Stop as the default action would; SIGSTOP cannot be caught, so this handler stays in place.
    _ = kill(getpid(), SIGSTOP)
    if let record = activeRestoreRecord, record.pointee.restored == 0, record.pointee.suspended == 1, ownsForeground(record) {
        _ = tcsetattr(record.pointee.inputDescriptor, TCSADRAIN, &record.pointee.program)
        writeAllAsyncSignalSafe(record.pointee.outputDescriptor, record.pointee.resumeSequence, record.pointee.resumeSequenceCount)
        record.pointee.suspended = 0
        record.pointee.resumed = 1
        wakeInputLoop()
    }
    errno = saved
}

/// Whether this process is the terminal's foreground process group (only that one may change it).
private func ownsForeground(_ record: UnsafeMutablePointer<RestoreRecord>) -> Bool {
    tcgetpgrp(record.pointee.inputDescriptor) == getpgrp()
}

/// One byte into the wake pipe: the input loop returns and reads the terminal's size again.
private func wakeInputLoop() {
    if let record = activeRestoreRecord, record.pointee.wakeDescriptor >= 0 {
        var byte: UInt8 = 1
        _ = write(record.pointee.wakeDescriptor, &byte, 1)
    }
}

/// The signals each handler is installed for.
enum HandledSignals {
    static let termination: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let crash: [Int32] = [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE]
    static let stop: [Int32] = [SIGTSTP, SIGTTIN, SIGTTOU]
}
