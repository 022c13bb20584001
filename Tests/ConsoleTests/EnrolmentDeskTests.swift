import AccountFlow
@testable import EnrolmentDesk
import EnrolmentFiles
@testable import FlowRunner
import Foundation
@testable import TenantEmulator
import Testing
import TestSupport

/// `--enrol --queue FILE.csv` against the emulator: a seated person's row fills sign-up, each outcome reaches
/// the progress file, the report and the record, and nothing typed at the desk does.
@Suite struct EnrolmentDeskTests {
    static let list = """
        email,displayName\r
        new.person@example.com,New Person\r
        not-an-email,Broken Row\r
        jane.doe@contoso.com,Jane Doe\r
        away@example.com,Away Person\r
        second@example.com,Second Person\r

        """

    /// A list in a fresh folder, and a desk and a recorder on `flow`'s model.
    static func desk(_ flow: FlowOnEmulator, report: String = "report.md", list: String = list) throws -> (desk: EnrolmentDesk, folder: String) {
        let folder = NSTemporaryDirectory() + "tophhie-desk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(list.utf8).write(to: URL(fileURLWithPath: folder + "/people.csv"))
        let desk = try EnrolmentDesk(listPath: folder + "/people.csv", reportPath: folder + "/" + report,
                                     form: EnrolmentForm(attributes: flow.tenant.signUpAttributes))
        let recorder = EnrolmentRecorder(file: try RecordFile(path: folder + "/record.jsonl"), staff: "desk-1", terminal: "none",
                                         tenant: flow.tenant.server.origin)
        desk.recorder = recorder
        flow.model.recorder = recorder
        flow.model.desk = desk
        return (desk, folder)
    }

    /// A desk started again on `list` in this process once the first has finished. A child process another test
    /// spawns shares the lock's open file until it execs (the descriptor is close-on-exec), so the lock may still be
    /// busy for that instant: wait until it is free.
    static func reopen(_ list: String, form: EnrolmentForm) async throws -> EnrolmentDesk {
        var desk: EnrolmentDesk?
        _ = await eventually { desk = try? EnrolmentDesk(listPath: list, reportPath: nil, form: form); return desk != nil }
        return try desk ?? EnrolmentDesk(listPath: list, reportPath: nil, form: form)
    }

    static func seat(_ flow: FlowOnEmulator, _ desk: EnrolmentDesk, row: Int) async throws {
        let person = try #require(desk.queue.person(at: row))
        for event in desk.seat(person) ?? [] { await flow.send(event) }
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func eachTypedPasswordAndCodeStaysOutOfTheRecordTheProgressFileAndTheReport() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let (desk, folder) = try Self.desk(flow)
        #expect(desk.queue.invalid.map(\.row) == [3])
        #expect(desk.queue.position == (1, 4))
        var planted: [String] = []

        // Row 2: the form opens filled from the row; the person types the password and the code.
        try await Self.seat(flow, desk, row: 2)
        #expect(flow.field(.email)?.value == "new.person@example.com")
        #expect(flow.field(.attribute("displayName"))?.value == "New Person")
        let password = "Quince-Lantern-9081!"
        planted.append(password)
        await flow.fill(.password, password)
        await flow.fill(.confirmPassword, password)
        await flow.send(.submitted)
        let code = flow.code(to: "new.person@example.com")
        #expect(code.count >= 6)
        planted.append(code)
        await flow.fill(.code, code)
        await flow.send(.submitted)
        #expect(flow.state.step == .enrolled(email: "new.person@example.com"), "\(flow.state.step)")
        // "Enrol another" goes back to the queue, not to an empty form.
        await flow.send(.enrolAnotherRequested)
        #expect(flow.state.step == .home)
        #expect(desk.queue.next?.row == 4)

        // Row 4: an account exists already; a password was typed all the same.
        try await Self.seat(flow, desk, row: 4)
        let second = "Marble-Orchard-5523?"
        planted.append(second)
        await flow.fill(.password, second)
        await flow.fill(.confirmPassword, second)
        await flow.send(.submitted)
        #expect(flow.field(.email)?.error?.contains("already exists") == true, "\(flow.screen)")
        await flow.send(.homeRequested)

        // Row 5: absent.
        desk.mark(try #require(desk.queue.person(at: 5)), .absent)
        #expect(desk.queue.next?.row == 6)
        #expect(desk.queue.position == (3, 4))

        await desk.written()
        await flow.model.recorder?.finished()
        let progress = try Self.read(folder + "/people.csv.progress")
        let report = try Self.read(folder + "/report.md")
        let record = try Self.read(folder + "/record.jsonl")
        let entries = try ProgressFile.load(folder + "/people.csv.progress").entries
        #expect(entries.map(\.row) == [2, 4, 5])
        #expect(entries.map(\.outcome) == [.enrolled, .alreadyExists, .absent])
        #expect(report.contains("| 2 | new.person@example.com | enrolled |"), "\(report)")
        #expect(report.contains("| 3 | not-an-email | invalid |"))
        #expect(report.contains("| 6 | second@example.com | not reached |"))
        #expect(record.split(separator: "\n").count == 3)
        #expect(record.contains(#""outcome":"absent""#))
        for secret in planted {
            #expect(!progress.contains(secret), "in the progress file")
            #expect(!report.contains(secret), "in the report")
            #expect(!record.contains(secret), "in the record")
        }
        for file in ["people.csv.progress", "report.md", "record.jsonl"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder + "/" + file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file)")
        }
    }

    @Test func aDeskStartedAgainResumesAtTheRightPersonAndRefusesAProgressFileItCannotRead() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let (desk, folder) = try Self.desk(flow, report: "report.csv")
        desk.mark(try #require(desk.queue.person(at: 2)), .skipped)
        desk.mark(try #require(desk.queue.person(at: 4)), .absent)
        await desk.written()
        #expect(desk.finish().isEmpty)

        let form = EnrolmentForm(attributes: flow.tenant.signUpAttributes)
        let again = try await Self.reopen(folder + "/people.csv", form: form)
        #expect(again.queue.next?.row == 5)
        #expect(again.queue.position == (2, 4))
        #expect(again.finish().isEmpty)

        let progress = folder + "/people.csv.progress"
        let cut = String(try Self.read(progress).dropLast(12))
        try Data(cut.utf8).write(to: URL(fileURLWithPath: progress))
        let error = #expect(throws: EnrolmentDeskError.self) {
            try EnrolmentDesk(listPath: folder + "/people.csv", reportPath: nil, form: form)
        }
        #expect(error?.message.hasPrefix(progress + ": line 4") == true, "\(error?.message ?? "")")
        #expect(try Self.read(progress) == cut, "the file is left as it was")
        let report = try Self.read(folder + "/report.csv")
        #expect(report.contains("2,new.person@example.com,skipped,"), "\(report)")
    }
}

extension EnrolmentDeskTests {
    /// Seats the person on `row` and signs them up, as they would type it; back to the queue after.
    static func enrol(_ flow: FlowOnEmulator, _ desk: EnrolmentDesk, row: Int) async throws {
        let email = try #require(desk.queue.person(at: row)).email
        try await seat(flow, desk, row: row)
        await flow.fill(.password, "Quince-Lantern-9081!")
        await flow.fill(.confirmPassword, "Quince-Lantern-9081!")
        await flow.send(.submitted)
        await flow.fill(.code, flow.code(to: email))
        await flow.send(.submitted)
        #expect(flow.state.step == .enrolled(email: email), "\(flow.state.step)")
        await flow.send(.enrolAnotherRequested)
    }

    /// Three people; the second is not there when called. Marked absent, they wait after the third and are enrolled
    /// when they turn up: the report says enrolled, and the record keeps both lines.
    @Test func aPersonMarkedAbsentIsEnrolledWhenTheyTurnUp() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let (desk, folder) = try Self.desk(flow, list: "email,displayName\r\nann@example.com,Ann Lee\r\nbo@example.com,Bo Chan\r\n"
                                                      + "cy@example.com,Cy Diaz\r\n")
        try await Self.enrol(flow, desk, row: 2)
        desk.mark(try #require(desk.queue.person(at: 3)), .absent)
        #expect(desk.queue.next?.row == 4)
        #expect(desk.queue.position == (2, 3))
        #expect(desk.queue.matching("").map { QueueScreen.line($0, queue: desk.queue) }
                == ["Cy Diaz <cy@example.com> (row 4)", "Bo Chan <bo@example.com> (row 3) · absent before"])
        try await Self.enrol(flow, desk, row: 4)
        #expect(desk.queue.next?.row == 3, "the absent person comes last")
        #expect(desk.queue.position == (3, 3))
        try await Self.enrol(flow, desk, row: 3)
        #expect(desk.queue.next == nil)

        await desk.written()
        await flow.model.recorder?.finished()
        let report = try Self.read(folder + "/report.md")
        #expect(report.contains("3 rows: 3 enrolled."), "\(report)")
        #expect(report.contains("| 3 | bo@example.com | enrolled |"), "\(report)")
        let record = try Self.read(folder + "/record.jsonl").split(separator: "\n")
        let bo = record.filter { $0.contains(#""email":"bo@example.com""#) }
        #expect(bo.count == 2 && bo[0].contains(#""outcome":"absent""#) && bo[1].contains(#""outcome":"enrolled""#), "\(record)")
        #expect(record.count == 4)
    }
}

extension EnrolmentDeskTests {
    /// The address of a person seated from the list is not changed at the desk: an account made for another address
    /// was credited to the listed person (enrolled, with the other account's object id) and never offered again.
    @Test func aSeatedPersonsAddressIsNotChangedAtTheDesk() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let (desk, folder) = try Self.desk(flow, list: "email,displayName\r\nhal@example.com,Hal Ng\r\n")
        try await Self.seat(flow, desk, row: 2)
        await flow.fill(.email, "ola@example.com")
        #expect(flow.field(.email)?.value == "hal@example.com")
        #expect(flow.model.takeNotice()?.hasPrefix("The address is the seated person's (hal@example.com)") == true)
        await flow.send(.homeRequested)
        try await Self.enrol(flow, desk, row: 2)
        await desk.written()
        #expect(try Self.read(folder + "/report.md").contains("| 2 | hal@example.com | enrolled |"))
    }

    /// A seated person who walks away is forgotten by the idle reset as without a list: the queue is home again,
    /// they are next again, and nothing of theirs is in the progress file.
    @Test func aSeatedPersonWhoWalksAwayIsForgottenAndStaysNext() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let (desk, folder) = try Self.desk(flow)
        try await Self.seat(flow, desk, row: 2)
        await flow.fill(.password, "Juniper-Signal-6604!")
        #expect(desk.queue.atDesk == 2)
        let start = Date()
        await flow.send(.tick(start), .tick(start.addingTimeInterval(Double(flow.state.settings.idleReset) + 1)))
        #expect(flow.state.step == .home)
        #expect(flow.screen.notice?.contains("Cleared after") == true)
        #expect(desk.queue.atDesk == nil)
        #expect(desk.queue.next?.row == 2)
        await desk.written()
        #expect(!FileManager.default.fileExists(atPath: folder + "/people.csv.progress"), "no outcome, no progress")
    }
}

extension EnrolmentDeskTests {
    /// A desk on a list in a fresh folder, written as `bytes`.
    static func desk(_ flow: FlowOnEmulator, list bytes: [UInt8], named name: String) throws -> (desk: EnrolmentDesk, folder: String) {
        let folder = NSTemporaryDirectory() + "tophhie-desk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        let desk = try EnrolmentDesk(listPath: folder + "/" + name, reportPath: folder + "/report.csv",
                                     form: EnrolmentForm(attributes: flow.tenant.signUpAttributes))
        flow.model.desk = desk
        return (desk, folder)
    }

    /// Field case 037 at the desk: "Unicode Text" (UTF-16LE, TAB-separated) is the same two people as for the dry
    /// run, the desk says how it read the list, and the progress file beside it resumes the queue.
    @Test func aUnicodeTextListIsQueuedAndResumedFromItsProgressFile() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let text = "email\tdisplayName\r\nann@contoso.com\tAnn Lee\r\njörg@contoso.com\tJörg Müller\r\n"
        let (desk, folder) = try Self.desk(flow, list: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                                           named: "people.txt")
        #expect(desk.queue.people.map(\.email) == ["ann@contoso.com", "jörg@contoso.com"])
        #expect(desk.queue.people.last?.value(of: "displayName") == "Jörg Müller")
        #expect(desk.listNotice == folder + "/people.txt: read as TAB-separated UTF-16LE text.")
        desk.mark(try #require(desk.queue.person(at: 3)), .absent)
        await desk.written()
        #expect(try Self.read(folder + "/people.txt.progress").contains("3,jörg@contoso.com,absent,"))
        #expect(desk.finish().isEmpty)
        let again = try await Self.reopen(folder + "/people.txt", form: EnrolmentForm(attributes: flow.tenant.signUpAttributes))
        #expect(again.queue.outcomes[3]?.outcome == .absent)
        #expect(again.queue.next?.row == 2)
    }

    /// Field case 038 on the emulator over loopback: of one address written three ways, the queue offers the first
    /// row only, and the emulator keeps one account however the address is written.
    @Test func oneAddressWrittenThreeWaysMakesOneAccount() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let list = "email,displayName\r\némile@contoso.com,Émile Roux\r\nÉMILE@contoso.com,Émile Roux\r\ne\u{301}mile@contoso.com,Émile Roux\r\n"
        let (desk, _) = try Self.desk(flow, list: Array(list.utf8), named: "people.csv")
        #expect(desk.queue.people.map(\.row) == [2])
        #expect(desk.queue.invalid.map(\.row) == [3, 4])
        #expect(desk.queue.invalid.allSatisfy { $0.problems == ["email: This email is listed already, on row 2 — the same address written another way."] })

        let seeded = try flow.tenant.server.emulator.store.allUsers().count
        try await Self.seat(flow, desk, row: 2)
        let password = "Quince-Lantern-9081!"
        await flow.fill(.password, password)
        await flow.fill(.confirmPassword, password)
        await flow.send(.submitted)
        await flow.fill(.code, flow.code(to: "e\u{301}mile@contoso.com"))
        await flow.send(.submitted)
        #expect(flow.state.step == .enrolled(email: "émile@contoso.com"), "\(flow.state.step)")
        await flow.send(.enrolAnotherRequested)

        // A walk-in typing the decomposed spelling is told the account exists.
        await flow.send(.menuChosen(.signUp))
        await flow.fill(.email, "E\u{301}MILE@contoso.com")
        await flow.fill(.attribute("displayName"), "Émile Roux")
        await flow.fill(.password, password)
        await flow.fill(.confirmPassword, password)
        await flow.send(.submitted)
        #expect(flow.field(.email)?.error?.contains("already exists") == true, "\(flow.screen)")
        #expect(try flow.tenant.server.emulator.store.allUsers().count == seeded + 1)
    }
}
