import CNcursesw
import Glibc
import TerminalUI

/// A ``Backend`` over ncursesw: the one owner of the terminal's state while the console runs.
///
/// Starting it saves the terminal modes, opens the screen with `newterm` (which reports failure
/// instead of exiting the process like `initscr`), switches to raw input, enables bracketed paste,
/// and installs signal handlers. ``stop()`` puts everything back; it is idempotent and also runs
/// from SIGINT/SIGTERM/SIGHUP, crash signals, and every other signal whose default action would end
/// the process (SIGUSR1, SIGALRM, SIGPIPE, …; async-signal-safe: `tcsetattr` + `write` only).
/// A stop (Ctrl-Z's SIGTSTP, SIGTTIN, SIGTTOU) gives the terminal back the same way until SIGCONT.
/// The screen is blanked row by row, never with a full clear (see `ScreenBlanking`).
///
/// ```swift
/// let backend = try CursesBackend()
/// defer { backend.stop() }
/// var session = FormSession(form: form)
/// let ending = session.run(on: backend)
/// ```
///
/// - Important: one instance at a time, used from one thread.
public final class CursesBackend: Backend {
    /// Columns and rows of the terminal, read at start and on each SIGWINCH; 80×24 when the tty cannot say.
    public private(set) var size: Size
    private let screen: OpaquePointer
    private let palette: CursesPalette
    private let input: TerminalInput
    private let record: UnsafeMutablePointer<RestoreRecord>
    /// Written by the signal handlers (a window change, a resume) and by ``wake()``.
    private let wakePipe = WakePipe()
    /// The signals of `TerminatingSignals` this backend took over (those left at their default).
    private let fatalSignals: [Int32]
    private var stopped = false
    /// False on `TERM=dumb`, which has no clipboard and would show the OSC 52 sequence as text.
    private let takesClipboard: Bool

    private static let pasteOn = "\u{1B}[?2004h"
    private static let pasteOff = "\u{1B}[?2004l"

    /// Takes over the terminal.
    /// - Parameters:
    ///   - environment: read for `NO_COLOR`, `TERM`, a launcher's ``TerminalHandover``, and the
    ///     escape delay (`ESCDELAY`, `SSH_CONNECTION`, `SSH_TTY`; see ``EscapeDelay``).
    ///   - escapeDelay: how long after an Esc byte to wait for the rest of a sequence before it
    ///     counts as the Esc key; nil for ``EscapeDelay/for(environment:)``.
    ///   - pasteQuietTime: how long a bracketed paste whose end marker has not come may go without
    ///     input before it is closed, its text kept, so keys work again.
    /// - Throws: ``CursesError`` when standard input/output is not a terminal, `TERM` is unknown,
    ///   or another backend is active. Nothing is changed on the terminal in that case.
    public init(environment: [String: String], escapeDelay: Duration? = nil,
                pasteQuietTime: Duration = .milliseconds(500)) throws(CursesError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        guard activeRestoreRecord == nil else { throw .alreadyActive }
        Self.chooseUTF8Locale()

        // Held until `installHandlers` unblocks them: one arriving while the terminal is already raw but this
        // backend's handlers are not yet in place (a hang-up 10 ms into a loaded machine's start) would end the
        // process with the terminal raw. Held, it waits for the handlers, which restore the terminal first.
        var previousMask = sigset_t()
        var held = Self.signalSet(HandledSignals.termination + HandledSignals.stop + TerminatingSignals.atDefault)
        pthread_sigmask(SIG_BLOCK, &held, &previousMask)

        record = .allocate(capacity: 1)
        record.initialize(to: RestoreRecord())
        _ = tcgetattr(STDIN_FILENO, &record.pointee.saved)
        if let handed = environment[TerminalHandover.variable] {
            // A launcher left the terminal raw: restore what it found, not what it left; when that
            // cannot be read, a sane line discipline rather than the raw one in force now.
            record.pointee.saved = TerminalHandover.decode(handed) ?? TerminalHandover.sane(record.pointee.saved)
            unsetenv(TerminalHandover.variable)
        }

        guard let opened = newterm(nil, cncursesw_stdout(), cncursesw_stdin()) else {
            record.deallocate()
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            throw .unknownTerminal(environment["TERM"] ?? "")
        }
        screen = opened
        _ = set_term(screen)
        _ = raw()
        _ = noecho()
        _ = nonl()
        palette = CursesPalette(environment: environment)
        takesClipboard = environment["TERM"] != "dumb"

        input = TerminalInput(input: STDIN_FILENO, wake: wakePipe, escapeDelay: escapeDelay ?? EscapeDelay.for(environment: environment),
                              pasteQuietTime: pasteQuietTime)
        size = Self.terminalSize()

        record.pointee.wakeDescriptor = wakePipe.writeDescriptor
        record.pointee.rows = Int32(size.height)
        record.pointee.blanking = ScreenBlanking.prepare()
        Self.storeResetSequence(in: record)
        record.pointee.restored = 0
        activeRestoreRecord = record
        fatalSignals = Self.installHandlers()
        Self.writeDirectly(Self.pasteOn)
    }

    deinit {
        stop()
    }

    /// Readies this terminal, as it stands, for a program this process is about to `exec` (see
    /// ``TerminalHandover``), and returns the environment entry to give it. Termination signals are
    /// blocked from here on: the mask survives `exec`, so a signal sent while that program loads waits
    /// for its backend's handlers (which unblock it) instead of killing it with the terminal raw. After
    /// the exec that program owns the terminal; if the exec fails, ``stop()`` this backend.
    public func handOver() -> (name: String, value: String) {
        var held = Self.signalSet(HandledSignals.termination + HandledSignals.stop + fatalSignals)
        pthread_sigmask(SIG_BLOCK, &held, nil)
        return (TerminalHandover.variable, TerminalHandover.encode(record.pointee.saved))
    }

    /// Restores the terminal: blanks the screen row by row, leaves curses, turns bracketed paste off,
    /// puts the saved modes back, removes the signal handlers. Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        Self.removeHandlers(fatalSignals)
        if record.pointee.restored == 0 {
            // Blank the screen first: a terminal without an alternate screen (or one that mixed the
            // screens up on a resize) must not keep a form, masked or not, after the console is gone.
            // The cursor goes where the blanking ends, so curses' idea of it stays true for endwin.
            _ = wmove(cncursesw_stdscr(), Int32(max(0, size.height - 1)), 0)
            _ = wrefresh(cncursesw_stdscr())
            _ = fflush(cncursesw_stdout())
            record.pointee.blanking.write(rows: size.height, to: STDOUT_FILENO)
            _ = endwin()
            Self.writeDirectly(Self.pasteOff)
            record.pointee.restored = 1
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &record.pointee.saved)
        }
        delscreen(screen)
        activeRestoreRecord = nil
        record.pointee.sequence?.deallocate()
        record.pointee.resumeSequence?.deallocate()
        record.pointee.blanking.release()
        record.deallocate()
        wakePipe.close()
    }

    /// Ends the current ``nextEvent(timeout:)`` wait at once with ``InputEvent/tick``, from any thread: an answer
    /// for the screen has come (the console's mailbox calls it). Does nothing once the backend has stopped.
    public var wake: @Sendable () -> Void { { [wakePipe] in wakePipe.wake() } }

    // MARK: Backend

    /// Writes every cell into `stdscr` with `mvwadd_wch`, its whole grapheme (see `CursesCell`), its
    /// style as attributes and a colour pair. Cells outside the window and wide graphemes that would
    /// cross its right edge are skipped.
    public func draw(_ buffer: Buffer) {
        guard let window = cncursesw_stdscr() else { return }
        Self.put(buffer, into: window, size: size, palette: palette)
    }

    /// ``draw(_:)`` into any curses window of `size`.
    static func put(_ buffer: Buffer, into window: UnsafeMutablePointer<WINDOW>, size: Size, palette: CursesPalette) {
        let rows = min(buffer.size.height, size.height)
        let columns = min(buffer.size.width, size.width)
        for y in 0..<rows {
            for x in 0..<columns {
                let cell = buffer[x, y]
                if cell.isContinuation || x + cell.width > columns { continue }
                for (offset, characters) in CursesCell.characters(of: cell.grapheme, width: cell.width).enumerated() {
                    var character = CursesCell.make(characters, attributes: palette.attributes(cell.style), pair: palette.pair(cell.style))
                    _ = mvwadd_wch(window, Int32(y), Int32(x + offset), &character)
                }
            }
        }
    }

    /// Moves the `stdscr` cursor (`wmove`); the terminal sees it on ``flush()``.
    public func moveCursor(to point: Point) {
        _ = wmove(cncursesw_stdscr(), Int32(point.y), Int32(point.x))
    }

    /// Shows or hides the terminal cursor with `curs_set` (1 or 0).
    public func setCursorVisible(_ visible: Bool) {
        _ = curs_set(visible ? 1 : 0)
    }

    /// `redrawwin` on `stdscr`: the next ``flush()`` repaints every row. Not `wclear`, whose full
    /// clear a terminal without an alternate screen may copy into its scrollback (field case 018, docs/field-cases.md).
    public func clear() {
        _ = redrawwin(cncursesw_stdscr())
    }

    /// `wrefresh` on `stdscr`: sends what changed since the last refresh to the terminal. Nothing while
    /// a stop signal has given the terminal to the shell (the repaint follows SIGCONT).
    public func flush() {
        guard record.pointee.suspended == 0 else { return }
        _ = wrefresh(cncursesw_stdscr())
    }

    /// Waits up to `timeout` for a key (decoded from raw bytes, not `get_wch`), a SIGWINCH, closed input, or a
    /// ``wake`` (returned as ``InputEvent/tick``).
    /// On a resize, curses is told the new size (`resizeterm`) before ``InputEvent/resized(_:)`` returns.
    public func nextEvent(timeout: Duration) -> InputEvent {
        switch input.next(timeout: timeout) {
        case .key(let key): return .key(key)
        case .timedOut, .woken: return .tick
        case .closed: return .inputClosed
        case .windowChanged:
            size = Self.terminalSize()
            record.pointee.rows = Int32(size.height)
            _ = resizeterm(Int32(size.height), Int32(size.width))
            // resizeterm asks for a full clear on the next refresh; the caller's clear() repaints every
            // row instead (a full clear would reach the scrollback of a terminal without an alternate screen).
            for window in [cncursesw_curscr(), cncursesw_newscr(), cncursesw_stdscr()] { _ = clearok(window, false) }
            if record.pointee.resumed == 1 {
                // Back from a stop, which showed the cursor: make curses' idea of it true again.
                record.pointee.resumed = 0
                _ = curs_set(1)
            }
            return .resized(size)
        }
    }

    // MARK: Setup

    /// Wide characters need a UTF-8 LC_CTYPE; keep the user's locale when it is one.
    private static func chooseUTF8Locale() {
        _ = setlocale(LC_ALL, "")
        let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? ""
        if !current.uppercased().contains("UTF-8") && !current.uppercased().contains("UTF8") {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    private static func terminalSize() -> Size {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cncursesw_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 else {
            return Size(width: 80, height: 24)
        }
        return Size(width: Int(columns), height: Int(rows))
    }

    /// Builds, once, the bytes a signal handler writes after blanking the screen: visible cursor,
    /// keypad and alternate screen off (from terminfo), bracketed paste off; and those that take the
    /// terminal back after a stop: alternate screen and bracketed paste on.
    private static func storeResetSequence(in record: UnsafeMutablePointer<RestoreRecord>) {
        (record.pointee.sequence, record.pointee.sequenceCount) = storage(["cnorm", "rmkx", "rmcup"], then: pasteOff)
        (record.pointee.resumeSequence, record.pointee.resumeSequenceCount) = storage(["smcup"], then: pasteOn)
    }

    /// The terminfo strings named in `capabilities` (those the terminal has), then `text`, in new memory.
    private static func storage(_ capabilities: [String], then text: String) -> (UnsafeMutablePointer<UInt8>, Int) {
        var bytes = capabilities.flatMap { ScreenBlanking.capability($0) ?? [] }
        bytes += Array(text.utf8)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        storage.initialize(from: bytes, count: bytes.count)
        return (storage, bytes.count)
    }

    /// - Returns: the signals of `TerminatingSignals` it took over.
    private static func installHandlers() -> [Int32] {
        for signal in HandledSignals.termination { _ = Glibc.signal(signal, handleTerminationSignal) }
        for signal in HandledSignals.crash { _ = Glibc.signal(signal, handleCrashSignal) }
        let fatal = TerminatingSignals.atDefault
        for signal in fatal { _ = Glibc.signal(signal, handleCrashSignal) }
        for signal in HandledSignals.stop { _ = Glibc.signal(signal, handleStopSignal) }
        _ = Glibc.signal(SIGWINCH, handleWindowChange)
        // Then unblock: a program started with these signals blocked (a launcher's hand-over, test
        // runners, some supervisors) would never run the handlers. Not before: a signal already
        // pending would meet the handler newterm installed, whose exit(1) skips this restore.
        var handled = signalSet(HandledSignals.termination + HandledSignals.crash + HandledSignals.stop + fatal + [SIGWINCH])
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        return fatal
    }

    private static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    private static func removeHandlers(_ fatal: [Int32]) {
        for signal in HandledSignals.termination + HandledSignals.crash + HandledSignals.stop + fatal + [SIGWINCH] {
            _ = Glibc.signal(signal, SIG_DFL)
        }
    }

    /// OSC 52 over SSH and tmux needs nothing but output; a dumb terminal would print the sequence.
    public func copyToClipboard(_ text: String) -> Bool {
        guard takesClipboard else { return false }
        Self.writeDirectly(Clipboard.osc52(text))
        return true
    }

    /// Writes straight to the terminal, past curses' own buffering, for modes curses does not know.
    private static func writeDirectly(_ text: String) {
        _ = fflush(cncursesw_stdout())
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
