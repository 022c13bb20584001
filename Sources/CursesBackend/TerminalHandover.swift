import Glibc

/// Hands the terminal from one process to the program it `exec`s, without a visible restore between.
///
/// The `tophhie` launcher paints the first frame, then execs the console. The screen and the raw
/// modes stay as they are (a key typed in between waits in the terminal's queue, Ctrl-C included,
/// instead of being echoed or killing a half-started process); what must cross is the terminal's
/// modes from *before* the launcher, because only those are right to restore at the end. They travel
/// in ``variable`` as the hex bytes of the `termios` record.
public enum TerminalHandover {
    /// The environment variable that carries the modes to restore.
    public static let variable = "TOPHHIE_SHELL_MODES"

    /// `modes` as the value of ``variable``.
    static func encode(_ modes: termios) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        withUnsafeBytes(of: modes) { bytes in
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
        }
        return text
    }

    /// The modes in a value of ``variable``; nil unless it is exactly one `termios` record in hex.
    static func decode(_ text: String) -> termios? {
        let digits = Array(text.utf8)
        guard digits.count == MemoryLayout<termios>.size * 2 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        var modes = termios()
        withUnsafeMutableBytes(of: &modes) { $0.copyBytes(from: bytes) }
        return modes
    }

    /// `modes` with the line discipline a shell expects (as `stty sane` sets it): canonical input with
    /// echo and signals, CR read as NL, NL written as CR NL.
    static func sane(_ modes: termios) -> termios {
        var sane = modes
        sane.c_iflag |= tcflag_t(ICRNL | IXON)
        sane.c_oflag |= tcflag_t(OPOST | ONLCR)
        sane.c_lflag |= tcflag_t(ISIG | ICANON | IEXTEN | ECHO | ECHOE | ECHOK)
        return sane
    }

    /// Puts back a terminal handed over by a launcher when this process will not take it after all
    /// (a usage error, `--help`): clears the launcher's frame, leaves its screen and restores the
    /// modes. Does nothing when `environment` holds no handover.
    public static func release(environment: [String: String]) {
        guard environment[variable] != nil, let backend = try? CursesBackend(environment: environment) else { return }
        // The launcher hid the cursor; this process's curses never did, so it would not show it again.
        backend.setCursorVisible(true)
        backend.stop()
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
