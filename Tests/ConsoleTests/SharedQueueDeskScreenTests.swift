import Foundation
import TestSupport
import Testing

/// Desks on one shared event, each a console process in its own terminal, as staff see them.
@Suite struct SharedQueueDeskScreenTests {
    static let list = "email,displayName\njan@contoso.com,Jan Novak\nraj@contoso.com,Raj Patel\nana@contoso.com,Ana Silva\n"

    /// A fresh database with the event `day` loaded from ``list`` for the embedded emulator.
    static func event() async throws -> (url: String, server: PostgreSQLServer, database: String) {
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let folder = try EnrolCommandTests.Folder()
        let load = try await EnrolCommandTests.tophhie(["enrol", "--load", try folder.file("people.csv", Self.list), "--into", url, "--event", "day"])
        #expect(load.status == 0, "\(load.stderr)")
        return (url, server, String(url.split(separator: "/")[2].prefix { $0 != "?" }))
    }

    /// `tophhie --enrol --queue URL --event day` in a terminal of its own (exec'd: the pane's process is the desk).
    static func desk(_ url: String, _ options: String = "") throws -> TmuxSession {
        let console = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tophhie-console").path
        return try TmuxSession(command: "exec '\(console)' --enrol \(options) --queue '\(url)' --event day", width: 100, height: 30)
    }

    @Test("a full-screen desk left alone offers a killed desk's person, with no key pressed")
    func killedDeskPersonOfferedToIdleDesk() async throws {
        let (url, _, _) = try await Self.event()
        let first = try Self.desk(url)
        defer { first.stop() }
        #expect(await first.waitForScreen(containing: "Next: Jan Novak"))
        first.send(keys: "Enter")
        #expect(await first.waitForScreen(containing: "jan@contoso.com"))
        #expect(await first.waitForScreen(containing: "Password"))
        let second = try Self.desk(url)
        defer { second.stop() }
        #expect(await second.waitForScreen(containing: "Next: Raj Patel"))
        // Killed: the desk tells nobody; its claim ends with its session.
        kill(pid_t(first.display("#{pane_pid}")) ?? 0, SIGKILL)
        #expect(await second.waitForScreen(containing: "Next: Jan Novak"), "\(second.capture())")
    }

    @Test("a row another desk finished meanwhile is said to be finished there, with its outcome, not taken")
    func rowFinishedElsewhereSaidSo() async throws {
        let (url, server, database) = try await Self.event()
        let desk = try Self.desk(url, "--line")
        defer { desk.stop() }
        #expect(await desk.waitForScreen(containing: "2. Raj Patel"))
        _ = try await server.superuser("UPDATE enrolment_people SET outcome = 'enrolled', desk = 'desk 9', finished_at = now() WHERE list_row = 3",
                                       database: database)
        desk.send(literal: "2")
        desk.send(keys: "Enter")
        #expect(await desk.waitForScreen(containing: "Row 3 was just finished at another desk (enrolled)"), "\(desk.capture())")
    }
}
