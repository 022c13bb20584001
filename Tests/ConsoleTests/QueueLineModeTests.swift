@testable import AccountFlow
@testable import Console
@testable import EnrolmentDesk
import EnrolmentFiles
@testable import FlowRunner
import Foundation
import Testing
import TerminalUI
import TophhieCloudAuthentication

/// Line mode's queue, as a screen reader meets it: a numbered list, text to find someone, `a`/`s` to mark.
@Suite struct QueueLineModeTests {
    static let attributes = [RequiredAttribute(name: "displayName", type: "string", required: true, regex: "^.{1,64}$", label: "Display name")]

    /// A line session on a desk for `list`, with `input` piped in; returns the model, the desk and the transcript.
    static func run(list: String, input: String) throws -> (ConsoleModel, EnrolmentDesk, String) {
        let folder = NSTemporaryDirectory() + "tophhie-queue-line-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(list.utf8).write(to: URL(fileURLWithPath: folder + "/people.csv"))
        let desk = try EnrolmentDesk(listPath: folder + "/people.csv", reportPath: nil, form: EnrolmentForm(attributes: attributes))
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        _ = Array(input.utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        defer { close(fds[0]) }
        final class Sink: @unchecked Sendable { var text = "" }
        let sink = Sink()
        let mailbox = Mailbox()
        let runner = EffectRunner(auth: TophhieNativeAuth()) { mailbox.post($0) }
        let settings = FlowSettings(upFrontAttributes: attributes, enrolmentMode: true)
        let model = ConsoleModel(state: FlowState(settings: settings), runner: runner, mailbox: mailbox, trace: TraceLog())
        model.desk = desk
        LineSession(model: model, terminal: LineTerminal(input: fds[0], output: { sink.text += $0 }), outbox: nil, desk: desk).run()
        model.shutdown()
        return (model, desk, sink.text)
    }

    static let list = "email,displayName\r\nana@example.com,Ana Silva\r\nnot-an-email,Broken\r\nben@example.com,Ben Okafor\r\n"
        + "cleo@example.com,Cleo Martin\r\n"

    @Test func staffFindMarkAndSeatPeopleFromANumberedList() throws {
        let (model, desk, transcript) = try Self.run(list: Self.list, input: "okafor\na\ns 3\n\n")
        #expect(transcript.contains("Next: Ana Silva <ana@example.com> (row 2) · 1 of 3"), "\(transcript)")
        #expect(transcript.contains("Not offered: row 3: Email:"))
        #expect(transcript.contains("  1. Ben Okafor <ben@example.com> (row 4)\nEnter"), "the filter shows Ben alone:\n\(transcript)")
        #expect(transcript.contains("Row 4 marked absent."))
        #expect(transcript.contains("  2. Ben Okafor <ben@example.com> (row 4) · absent before\n"), "still listed:\n\(transcript)")
        #expect(transcript.contains("Row 5 marked skipped."))
        #expect(transcript.contains("Sign-up for row 2."))
        guard case .signUpStart(let form) = model.state.step else {
            Issue.record("not on sign-up: \(model.state.step)")
            return
        }
        #expect(form.email == "ana@example.com")
        #expect(form.attributes.values["displayName"] == "Ana Silva")
        #expect(desk.queue.outcomes.mapValues(\.outcome) == [4: .absent, 5: .skipped])
    }

    /// `w` adds someone not on the list: asked for the email and each attribute, checked as a row is (an address
    /// the list has is refused, saying the row), then signed up like a row, after the list's last one.
    @Test func aWalkInIsAskedCheckedAgainstTheListAndSeated() throws {
        let (model, desk, transcript) = try Self.run(list: Self.list, input: "w\nBEN@example.com\nBen Again\nw\nzoe@example.com\nZoe Park\n")
        #expect(transcript.contains("Not added: Email: This email is listed already, on row 4 — the same address written another way."),
                "\(transcript)")
        #expect(transcript.contains("Walk-in added as row 6. Sign-up for row 6."), "\(transcript)")
        guard case .signUpStart(let form) = model.state.step else {
            Issue.record("not on sign-up: \(model.state.step)")
            return
        }
        #expect(form.email == "zoe@example.com")
        #expect(form.attributes.values["displayName"] == "Zoe Park")
        #expect(desk.queue.walkIns.map(\.email) == ["zoe@example.com"])
    }

    @Test func answersAreReadAsSeatMarkFindOrQuit() {
        #expect(QueueLineAnswer("") == .seat(0))
        #expect(QueueLineAnswer(" 3 ") == .seat(2))
        #expect(QueueLineAnswer("a") == .mark(0, .absent))
        #expect(QueueLineAnswer("S 2") == .mark(1, .skipped))
        #expect(QueueLineAnswer("q") == .quit)
        #expect(QueueLineAnswer("*") == .filter(""))
        #expect(QueueLineAnswer("W") == .walkIn)
        #expect(QueueLineAnswer("w 2") == .filter("w 2"))
        #expect(QueueLineAnswer("ana silva") == .filter("ana silva"))
        #expect(QueueLineAnswer("a b") == .filter("a b"))
    }
}
