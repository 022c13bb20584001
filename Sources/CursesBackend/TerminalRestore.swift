import Glibc

/// What the signal handlers need to put the terminal back, in memory allocated before any handler
/// is installed, so a handler only reads plain memory and calls async-signal-safe functions.
struct RestoreRecord {
    /// The terminal modes before the console started.
    var saved = termios()
    /// The console's own modes, read when a stop signal takes the terminal away, put back on SIGCONT.
    var program = termios()
    var inputDescriptor: Int32 = STDIN_FILENO
    var outputDescriptor: Int32 = STDOUT_FILENO
    /// Bytes that blank the screen row by row (see ``ScreenBlanking``).
    var blanking = ScreenBlanking()
    /// Rows of the terminal, kept up to date on resize, for ``blanking``.
    var rows: Int32 = 24
    /// Bytes that reset the terminal's modes: visible cursor, keypad and alternate screen off,
    /// bracketed paste off. Taken from terminfo at start.
    var sequence: UnsafeMutablePointer<UInt8>?
    var sequenceCount = 0
    /// Bytes that take the terminal back after a stop: alternate screen, bracketed paste on.
    var resumeSequence: UnsafeMutablePointer<UInt8>?
    var resumeSequenceCount = 0
    /// Write end of the pipe the SIGWINCH handler (and a resume after a stop) pokes.
    var wakeDescriptor: Int32 = -1
    /// Set once the terminal has been restored; a second restore does nothing.
    var restored: sig_atomic_t = 1
    /// Set while a stop signal has given the terminal back to the shell; nothing is drawn meanwhile.
    var suspended: sig_atomic_t = 0
    /// Set when the terminal was taken back after a stop, until the backend has repainted.
    var resumed: sig_atomic_t = 0
}

/// The single record of the single terminal session. Set up by `CursesBackend` before it installs
/// handlers; nil while no session is active.
nonisolated(unsafe) var activeRestoreRecord: UnsafeMutablePointer<RestoreRecord>?

/// Puts the terminal back from anywhere, including a signal handler: only `write` and `tcsetattr`.
/// Idempotent.
func restoreTerminalAsyncSignalSafe() {
    guard let record = activeRestoreRecord, record.pointee.restored == 0 else { return }
    record.pointee.restored = 1
    releaseTerminalAsyncSignalSafe(record)
}

/// Blanks the screen row by row, resets the terminal's modes and puts the shell's modes back.
func releaseTerminalAsyncSignalSafe(_ record: UnsafeMutablePointer<RestoreRecord>) {
    let output = record.pointee.outputDescriptor
    record.pointee.blanking.write(rows: Int(record.pointee.rows), to: output)
    writeAllAsyncSignalSafe(output, record.pointee.sequence, record.pointee.sequenceCount)
    _ = tcsetattr(record.pointee.inputDescriptor, TCSANOW, &record.pointee.saved)
}

/// `write` until every byte is out (a terminal may take them in parts), giving up on an error.
func writeAllAsyncSignalSafe(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>?, _ count: Int) {
    guard let bytes else { return }
    var done = 0
    while done < count {
        let written = write(descriptor, bytes + done, count - done)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        done += written
    }
}
