import CNcursesw
import Glibc

/// Bytes that blank the screen one row at a time, prepared from terminfo before any handler runs.
///
/// A full clear (`clear`, or `ed` from the top-left corner) is what ncurses would send, and a terminal
/// without an alternate screen may copy the cleared screen into its scrollback: tmux does, so under
/// `TERM=vt100` a person's email stayed in the history after the console ended (field case 018, docs/field-cases.md). Erasing each
/// row (`el`) and moving down one (`cud1`) leaves nothing to copy. The bytes are laid out once for
/// ``rowLimit`` rows; blanking `n` rows writes a prefix of them.
struct ScreenBlanking {
    /// The most rows blanked; a taller terminal keeps its lower rows (none seen so far).
    static let rowLimit = 1024
    private var bytes: UnsafeMutablePointer<UInt8>?
    /// Bytes before the first row: plain attributes, cursor home.
    private var head = 0
    /// Bytes per row: erase the line, then move down one.
    private var row = 0
    /// Bytes of the move down, not needed after the last row.
    private var down = 0

    /// Nothing to write (before ``prepare()``).
    init() {}

    /// Reads `sgr0`, `home` (or `cup` to 0,0), `el` and `cud1` from the current terminal's terminfo.
    /// Without `el` nothing can be blanked this way and ``write(rows:to:)`` writes nothing.
    static func prepare() -> ScreenBlanking {
        var blanking = ScreenBlanking()
        guard let erase = capability("el") else { return blanking }
        let home = capability("home") ?? cncursesw_tigetstr("cup").flatMap { cup in
            tgoto(cup, 0, 0).map { withoutPadding(Array(String(cString: $0).utf8)) }
        } ?? []
        let prefix = (capability("sgr0") ?? []) + home
        let step = erase + (capability("cud1") ?? Array("\n".utf8))
        let total = prefix.count + step.count * rowLimit
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        storage.initialize(from: prefix, count: prefix.count)
        for index in 0..<rowLimit { (storage + prefix.count + index * step.count).initialize(from: step, count: step.count) }
        blanking.bytes = storage
        blanking.head = prefix.count
        blanking.row = step.count
        blanking.down = step.count - erase.count
        return blanking
    }

    /// Blanks `rows` rows from the top, leaving the cursor at the start of the last one. Only `write`.
    func write(rows: Int, to descriptor: Int32) {
        guard let bytes else { return }
        let count = head + max(1, min(rows, Self.rowLimit)) * row - down
        writeAllAsyncSignalSafe(descriptor, bytes, count)
    }

    /// Frees the bytes.
    func release() {
        bytes?.deallocate()
    }

    /// The terminfo string `name` as bytes to write, without its padding (`$<3>`, which `tputs` would
    /// turn into a delay and a plain `write` would print).
    static func capability(_ name: String) -> [UInt8]? {
        cncursesw_tigetstr(name).map { withoutPadding(Array(String(cString: $0).utf8)) }
    }

    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        return kept
    }
}
