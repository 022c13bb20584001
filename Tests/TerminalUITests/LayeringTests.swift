import Foundation
import Testing

/// TerminalUI builds and tests without a terminal: only CursesBackend may import curses. The
/// `tophhie` launcher links TerminalUI, CursesBackend and Launcher (with a static Swift runtime) to
/// paint the first frame before anything heavier loads, so none of them, nor the launcher itself, may
/// import Foundation or the flow and framework layers.
@Suite struct LayeringTests {
    static let heavy = ["import Foundation", "import FoundationEssentials", "import FoundationNetworking",
                        "import AccountFlow", "import TophhieCloudAuthentication", "import NativeAuthWire"]

    /// The Swift files under `Sources/<folder>` and what each must not contain.
    func check(_ folder: String, forbidding forbidden: [String], atLeast minimum: Int) throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/\(folder)")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for phrase in forbidden {
                #expect(!text.contains(phrase), "\(folder)/\(file.lastPathComponent) has \(phrase)")
            }
            checked += 1
        }
        #expect(checked >= minimum, "\(folder): only \(checked) files found")
    }

    @Test func terminalUIImportsNoCursesAndNothingHeavy() throws {
        try check("TerminalUI", forbidding: ["import CNcursesw", "import CursesBackend", "ncurses.h"] + Self.heavy, atLeast: 20)
    }

    @Test(arguments: [("CursesBackend", 5), ("Launcher", 3), ("tophhie", 1)])
    func theLaunchersModulesImportNothingHeavy(folder: String, files: Int) throws {
        try check(folder, forbidding: Self.heavy, atLeast: files)
    }
}
