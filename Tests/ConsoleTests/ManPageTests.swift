import CommandGrammar
@testable import ConsoleCommandLine
import Foundation
import Testing

/// `tophhie.1` from the table: `man -l` renders it with no warning at `groff -ww`, and it has every command,
/// every option and the ENVIRONMENT, FILES and EXIT STATUS sections.
@Suite struct ManPageTests {
    @Test func manRendersThePageWithoutAWarning() async throws {
        let sandbox = try CompletionScriptTests.Sandbox()
        let page = sandbox.folder + "/tophhie.1"
        try Data(ManPage.text().utf8).write(to: URL(fileURLWithPath: page))
        // Warnings go to stderr, the rendered page to /dev/null: anything printed is a warning.
        let warnings = try await sandbox.run("/bin/sh", ["-c", "MANROFFOPT=-ww LANG=C.UTF-8 man -l \(page) >/dev/null; "
                                                         + "LANG=C MANROFFOPT=-ww man -l \(page) >/dev/null; groff -ww -z -man -Tutf8 \(page)"])
        #expect(warnings.isEmpty, "\(warnings)")
        let rendered = try await sandbox.run("/bin/sh", ["-c", "LANG=C.UTF-8 MANWIDTH=100 man -l \(page) | col -b"])
        for section in ["NAME", "SYNOPSIS", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
            #expect(rendered.contains("\n\(section)\n"), "\(section)")
        }
        for command in CommandTable.namedCommands {
            #expect(rendered.contains("tophhie \(command.name)"), "\(command.name)")
            for option in command.visibleOptions {
                #expect(rendered.contains(option.name), "\(command.name) \(option.name)")
            }
        }
        for status in ExitStatus.allCases {
            #expect(rendered.contains("\(status.rawValue)"))
        }
        #expect(rendered.contains("TOPHHIE_AUTHORITY") && rendered.contains("profiles.json"))
    }
}
