@testable import Console
@testable import FlowRunner
import Foundation
import Launcher
import TerminalUI
import TestSupport
import TophhieCloudAuthentication

/// The console's embedded tenant on loopback, the framework on it reporting to the console's trace, and
/// the workbench (inspector, emulator panel, HAR question) over both, drawn into an in-memory screen.
final class WorkbenchFixture {
    let tenant: EmbeddedTenant
    let auth = TophhieNativeAuth()
    let trace = TraceLog()
    let control: EmulatorControl
    let workbench: Workbench

    init(preset: String = "email-password", heldFiles: HeldFiles = HeldFiles([])) throws {
        tenant = try EmbeddedTenant(preset: preset, signingKey: TestSigningKey.shared)
        control = EmulatorControl(emulator: tenant.server.emulator)
        try auth.configure(clientId: tenant.clientID, authority: tenant.authority, challengeTypes: tenant.challengeTypes)
        auth.observe(trace.observer)
        workbench = Workbench(trace: trace, emulator: control, hasOutbox: true, heldFiles: heldFiles)
    }

    deinit { tenant.stop() }

    /// Opens the tool a console key names, on the 80×24 terminal ``screen(size:)`` draws by default.
    func open(_ tool: ConsoleKeys) { workbench.open(tool, size: Size(width: 80, height: 24)) }

    /// Applies keys in order; returns the last notice for the status line.
    @discardableResult
    func press(_ keys: Key...) -> StatusLine? {
        keys.reduce(nil) { _, key in workbench.handle(key) }
    }

    func type(_ text: String) {
        for character in text { _ = workbench.handle(.character(character)) }
    }

    /// The screen the workbench draws, with what changes from run to run (ports, ids, times, durations)
    /// replaced by fixed words and trailing blanks dropped, so it compares with a stored snapshot.
    func screen(size: Size = Size(width: 80, height: 24), outbox: [String] = []) -> String {
        var buffer = Buffer(size: size)
        let cursor = workbench.draw(over: &buffer, formCursor: nil, outbox: outbox)
        return Self.normalised(TestBackend.snapshot(buffer, cursor: cursor))
    }

    static func normalised(_ text: String) -> String {
        let rules = [
            ("127\\.0\\.0\\.1:[0-9]+", "127.0.0.1:PORT"),
            ("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", "GUID"),
            ("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z?", "DATETIME"),
            ("[0-9]{4}-[0-9]{2}-[0-9]{2}", "DATE"),
            ("[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?", "TIME"),
            ("[0-9]+ ms", "N ms"),
            // A scroll mark sits at the right edge, however long the duration before it was.
            ("N ms +([↑↓])", "N ms $1"),
            ("[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} TIME GMT", "HTTP-DATE"),
        ]
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var row = String(line)
            for (pattern, word) in rules {
                row = row.replacingOccurrences(of: pattern, with: word, options: .regularExpression)
            }
            while row.hasSuffix(" |") { row = String(row.dropLast(2)) + "|" }
            return row
        }.joined(separator: "\n")
    }
}
