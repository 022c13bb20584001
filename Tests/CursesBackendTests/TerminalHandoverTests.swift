@testable import CursesBackend
import Glibc
import Testing

/// The modes a launcher hands to the console are the ones restored at the end: they must survive the
/// trip through the environment exactly, and anything else must be ignored rather than applied.
@Suite struct TerminalHandoverTests {
    @Test func modesSurviveTheEnvironmentExactly() async throws {
        var modes = termios()
        modes.c_iflag = tcflag_t(ICRNL | IXON)
        modes.c_lflag = tcflag_t(ECHO | ICANON | ISIG)
        modes.c_cc.4 = 4 // VEOF: ^D
        let text = TerminalHandover.encode(modes)
        let decoded = try #require(TerminalHandover.decode(text))
        #expect(withUnsafeBytes(of: decoded) { Array($0) } == withUnsafeBytes(of: modes) { Array($0) })
    }

    /// A hand-over that cannot be read must not leave the launcher's raw modes to be "restored".
    @Test func saneModesUndoRawMode() async {
        var raw = termios()
        cfmakeraw(&raw)
        let sane = TerminalHandover.sane(raw)
        #expect(sane.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == tcflag_t(ICANON | ECHO | ISIG))
        #expect(sane.c_iflag & tcflag_t(ICRNL) != 0)
        #expect(sane.c_oflag & tcflag_t(OPOST | ONLCR) == tcflag_t(OPOST | ONLCR))
    }

    @Test(arguments: ["", "00", String(repeating: "0", count: MemoryLayout<termios>.size * 2 - 1),
                      String(repeating: "g", count: MemoryLayout<termios>.size * 2),
                      String(repeating: "0", count: MemoryLayout<termios>.size * 2 + 2)])
    func anythingButOneRecordIsRefused(text: String) {
        #expect(TerminalHandover.decode(text) == nil)
    }
}
