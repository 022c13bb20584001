import CNcursesw
@testable import CursesBackend
import Foundation
import TerminalUI
import Testing

/// Field case 016 (docs/field-cases.md): a grapheme cluster reaches the terminal whole, in the columns the console counted for it.
@Suite(.serialized) struct GraphemeCellTests {
    static let farmer = "\u{1F9D1}\u{200D}\u{1F33E}"
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F467}"

    @Test func joinedEmojiIsOneCellHoldingEveryCharacter() async {
        #expect(CursesCell.characters(of: Self.farmer, width: 2) == [[0x1F9D1, 0x200D, 0x1F33E]])
        #expect(CursesCell.characters(of: "e\u{301}", width: 1) == [[0x65, 0x301]])
        #expect(DisplayWidth.of(Character(Self.farmer)) == 2)
        #expect(DisplayWidth.of(Character(Self.family)) == 2)
    }

    /// A cell holds `CCHARW_MAX` (5) characters: a longer grapheme is cut, never after a joiner that would
    /// glue the next cell to it.
    @Test func longerGraphemeIsCutBeforeAJoiner() async {
        #expect(CursesCell.characters(of: Self.family, width: 2) == [[0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467]])
        let astronautOnFire = "\u{1F469}\u{1F3FD}\u{200D}\u{1F680}\u{200D}\u{1F525}"
        #expect(Character(astronautOnFire).unicodeScalars.count == 6)
        #expect(CursesCell.characters(of: astronautOnFire, width: 2) == [[0x1F469, 0x1F3FD, 0x200D, 0x1F680]])
    }

    /// A flag is two one-column regional indicators that terminals draw in two columns.
    @Test func flagIsTwoColumnsInTwoCells() async {
        #expect(DisplayWidth.of(Character("\u{1F1EB}\u{1F1F7}")) == 2)
        #expect(CursesCell.characters(of: "\u{1F1EB}\u{1F1F7}", width: 2) == [[0x1F1EB], [0x1F1F7]])
    }

    /// What ncurses sends for a row holding the case's values: each cluster whole, `B` straight after it.
    @Test(arguments: [("Jo \(farmer) B", "Jo \(farmer) B"), ("\(family)\(family)B", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}B")])
    func ncursesSendsEachClusterWholeBeforeTheNextCell(_ text: String, _ sent: String) async throws {
        let output = try painted(text)
        #expect(output.contains(sent), "\(output.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Paints `text` on row 0 of an 80×24 `xterm-256color` screen that writes to a file, and returns the bytes.
    private func painted(_ text: String) throws -> String {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cells-\(UUID().uuidString)").path
        defer { unlink(path) }
        let output = try #require(fopen(path, "w"))
        let input = try #require(fopen("/dev/null", "r"))
        let screen = try #require(newterm("xterm-256color", output, input))
        _ = set_term(screen)
        var buffer = Buffer(size: Size(width: 80, height: 24))
        buffer.write(text, at: Point(x: 0, y: 0))
        let window = try #require(cncursesw_stdscr())
        CursesBackend.put(buffer, into: window, size: buffer.size, palette: CursesPalette(environment: ["NO_COLOR": "1"]))
        _ = wrefresh(window)
        _ = endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
