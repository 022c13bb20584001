import Glibc

/// What the signal handlers need to put the terminal back, in memory allocated before any handler
/// is installed, so a handler only reads plain memory and calls async-signal-safe functions.
struct RestoreRecord {
    /// The terminal modes before the console started.
    var saved = termios()
    var inputDescriptor: Int32 = STDIN_FILENO
    var outputDescriptor: Int32 = STDOUT_FILENO
    /// Bytes that reset the screen: leave the alternate screen, show the cursor, plain attributes,
    /// bracketed paste off. Taken from terminfo at start.
    var sequence: UnsafeMutablePointer<UInt8>?
    var sequenceCount = 0
    /// Write end of the pipe the SIGWINCH handler pokes.
    var wakeDescriptor: Int32 = -1
    /// Set once the terminal has been restored; a second restore does nothing.
    var restored: sig_atomic_t = 1
}

/// The single record of the single terminal session. Set up by `CursesBackend` before it installs
/// handlers; nil while no session is active.
nonisolated(unsafe) var activeRestoreRecord: UnsafeMutablePointer<RestoreRecord>?

/// Puts the terminal back from anywhere, including a signal handler: only `write` and `tcsetattr`.
/// Idempotent.
func restoreTerminalAsyncSignalSafe() {
    guard let record = activeRestoreRecord, record.pointee.restored == 0 else { return }
    record.pointee.restored = 1
    if let bytes = record.pointee.sequence {
        _ = write(record.pointee.outputDescriptor, bytes, record.pointee.sequenceCount)
    }
    _ = tcsetattr(record.pointee.inputDescriptor, TCSANOW, &record.pointee.saved)
}
