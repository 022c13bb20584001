import Foundation
import Testing

/// TerminalUI builds and tests without a terminal: only CursesBackend may import curses. It also
/// stays free of Foundation and of the flow layers, because the `tophhie` launcher links it (with a
/// static Swift runtime) to paint the first frame before anything heavier is loaded.
@Suite struct LayeringTests {
    @Test func terminalUIImportsNoCurses() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TerminalUI")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for forbidden in ["import CNcursesw", "import CursesBackend", "ncurses.h", "import Foundation", "import AccountFlow"] {
                #expect(!text.contains(forbidden), "\(file.lastPathComponent) has \(forbidden)")
            }
            checked += 1
        }
        #expect(checked > 20)
    }
}
