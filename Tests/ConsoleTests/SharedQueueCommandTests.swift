import Foundation
import TestSupport
import Testing

/// `enrol --load`, `enrol --status` and `record verify|export` on a postgresql:// URL, run as a user runs them
/// against the test process's own PostgreSQL over TLS.
@Suite struct SharedQueueCommandTests {
    static let list = "email,displayName\njane@contoso.com,Jane Doe\nraj@contoso.com,Raj Patel\nnot-an-email,Nobody\n"

    @Test("--load reports rows as --check does, loads the rest once, and names a row changed since")
    func loadThenLoadAgain() async throws {
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let folder = try EnrolCommandTests.Folder()
        let list = try folder.file("people.csv", Self.list)
        let load = ["enrol", "--load", list, "--into", url, "--event", "Intake day"]
        let first = try await EnrolCommandTests.tophhie(load)
        #expect(first.status == 1)
        #expect(first.stdout.hasPrefix("row 4, column email: "))
        #expect(first.stderr.contains("3 people; event Intake day created: 2 added, 0 loaded before; 1 cannot be enrolled"))
        let again = try await EnrolCommandTests.tophhie(load)
        #expect(again.stderr.contains("2 loaded before") && again.stderr.contains(": 0 added"))
        _ = try folder.file("people.csv", Self.list.replacingOccurrences(of: "Raj Patel", with: "Raj P."))
        let changed = try await EnrolCommandTests.tophhie(load)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("row 3: displayName was \"Raj Patel\", now \"Raj P.\"; kept as loaded."))
        let status = try await EnrolCommandTests.tophhie(["enrol", "--status", url, "--event", "Intake day"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("Event Intake day: 2 people, 1 row not offered (invalid)"))
        #expect(status.stdout.contains("Done with 0 of 2 · at desks now 0 · waiting 2"))
        let report = folder.path + "/report.csv"
        #expect(try await EnrolCommandTests.tophhie(["enrol", "--status", url, "--event", "Intake day", "--report", report]).status == 0)
        let reported = try String(contentsOfFile: report, encoding: .utf8)
        #expect(reported.contains("3,raj@contoso.com,not reached") && reported.contains("4,not-an-email,invalid"))
        let verify = try await EnrolCommandTests.tophhie(["record", "verify", url, "--event", "Intake day"])
        #expect(verify.status == 0 && verify.stdout == "event Intake day: no record lines yet\n")
    }

    /// Issue 41: a desk on a shared queue draws the rows not offered in its language, as a desk on a list does; the
    /// database keeps them in English too, for the report and `enrol --status`.
    @Test("a shared queue's rows not offered are in the desk's language")
    func notOfferedInTheDesksLanguage() async throws {
        let url = try await PostgreSQLServer.shared().createDatabase()
        let folder = try EnrolCommandTests.Folder()
        let list = try folder.file("people.csv", Self.list)
        _ = try await EnrolCommandTests.tophhie(["enrol", "--load", list, "--into", url, "--event", "day"])
        let desk = try await EnrolCommandTests.tophhie(["--enrol", "--line", "--queue", url, "--event", "day"],
                                                       wrapper: ["/usr/bin/env", "LANG=de_DE.UTF-8"], input: "q\n")
        #expect(desk.stdout.contains("Nicht angeboten: Zeile 4: E-Mail: Geben Sie eine E-Mail-Adresse wie name@example.com ein."),
                "\(desk.stdout)\n\(desk.stderr)")
        #expect(!desk.stdout.contains("Enter an email address"), "\(desk.stdout)")
        let polish = try await EnrolCommandTests.tophhie(["--enrol", "--line", "--queue", url, "--event", "day", "--language", "pl"], input: "q\n")
        #expect(polish.stdout.contains("wiersz 4: E-mail: Wpisz adres e-mail, np. nazwa@example.com."), "\(polish.stdout)")
    }

    @Test("a database URL with a password is refused before anything is sent, and the password is not repeated")
    func passwordRefused() async throws {
        let folder = try EnrolCommandTests.Folder()
        let list = try folder.file("people.csv", Self.list)
        let run = try await EnrolCommandTests.tophhie(["enrol", "--load", list, "--into", "postgresql://desk:Hunter2-secret@127.0.0.1:1/x",
                                                       "--event", "x"])
        #expect(run.status == 2)
        // Refused arguments and failures of the command itself carry one prefix.
        #expect(run.stderr.hasPrefix("tophhie enrol: --into: "), "\(run.stderr)")
        #expect(run.stderr.contains("~/.pgpass"))
        #expect(!(run.stdout + run.stderr).contains("Hunter2"))
    }

    @Test("an event nobody loaded is named, exit 2")
    func unknownEvent() async throws {
        let url = try await PostgreSQLServer.shared().createDatabase()
        let run = try await EnrolCommandTests.tophhie(["enrol", "--status", url, "--event", "missing"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("tophhie enrol: the database has no event named missing; load its list first"), "\(run.stderr)")
    }

    @Test("a desk on another tenant than the event's, or with another form, is refused at start naming both and the way in")
    func deskOnAnotherTenantOrForm() async throws {
        let url = try await PostgreSQLServer.shared().createDatabase()
        let folder = try EnrolCommandTests.Folder()
        let list = try folder.file("people.csv", "email,displayName\njane@contoso.com,Jane Doe\n")
        let contoso = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
        #expect(try await EnrolCommandTests.tophhie(["enrol", "--load", list, "--into", url, "--event", "real", "--tenant", contoso]).status == 0)
        let emulatorDesk = try await EnrolCommandTests.tophhie(["--enrol", "--line", "--queue", url, "--event", "real"], input: "q\n")
        #expect(emulatorDesk.status == 2)
        #expect(emulatorDesk.stderr.contains("event real was loaded for the tenant \(contoso), and this desk is on the embedded emulator (email-password)"))
        #expect(emulatorDesk.stderr.contains("tophhie console --authority \(contoso) --client-id APP --enrol --queue \(url) --event real"))
        // The same tenant (a final slash aside) with a form that asks one more attribute.
        let attributes = try folder.file("attributes.json", #"[{"name": "displayName", "required": true}, {"name": "city", "required": true}]"#)
        let realDesk = try await EnrolCommandTests.tophhie(["console", "--authority", contoso + "/", "--client-id", "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48",
                                                            "--enrol", "--line", "--sign-up-attributes", attributes, "--queue", url, "--event", "real"],
                                                           input: "q\n")
        #expect(realDesk.status == 2)
        #expect(realDesk.stderr.contains("checked against the sign-up form email, displayName, and this desk's form is email, displayName, city (city added)"))
        // A real tenant's form alone does not say which tenant: --load asks for it.
        let unnamed = try await EnrolCommandTests.tophhie(["enrol", "--load", list, "--into", url, "--event", "other", "--sign-up-attributes", attributes])
        #expect(unnamed.status == 2 && unnamed.stderr.contains("needs --tenant AUTHORITY"))
    }

    @Test("--watch shows the board full screen, redraws it when a desk keeps an outcome, and q quits")
    func watchBoard() async throws {
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let folder = try EnrolCommandTests.Folder()
        let list = try folder.file("people.csv", Self.list)
        _ = try await EnrolCommandTests.tophhie(["enrol", "--load", list, "--into", url, "--event", "day"])
        let console = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tophhie-console").path
        let status = folder.path + "/status"
        let tmux = try TmuxSession(command: "'\(console)' enrol --status '\(url)' --event day --watch; echo $? > '\(status)'", width: 80, height: 20)
        defer { tmux.stop() }
        #expect(await tmux.waitForScreen(containing: "Done with 0 of 2 · at desks now 0 · waiting 2"))
        // At 80 columns the outcome counts wrap, each label beside its number.
        #expect(await tmux.waitForScreen(containing: "not reached 2"), "\(tmux.capture())")
        let database = String(url.split(separator: "/")[2].prefix { $0 != "?" })
        try await server.superuser("UPDATE enrolment_people SET outcome = 'skipped', desk = 'desk 9', finished_at = now() WHERE list_row = 2",
                                   database: database)
        #expect(await tmux.waitForScreen(containing: "By desk: desk 9 1"))
        tmux.send(keys: "q")
        #expect(await tmux.wait { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })
    }
}
