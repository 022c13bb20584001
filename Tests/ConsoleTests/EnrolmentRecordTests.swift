import AccountFlow
@testable import EnrolmentDesk
import EnrolmentFiles
import Foundation
import Testing
import TophhieCloudAuthentication

/// `--record FILE` in enrolment mode: one chained line per finished person, against the emulator, and nothing
/// typed at the desk in it.
@Suite struct EnrolmentRecordTests {
    static let password = "Plum-Harbour-4417!"

    /// A record file in a fresh folder, and a recorder on it for `flow`.
    static func recorder(tenant: String) throws -> (EnrolmentRecorder, String) {
        let folder = NSTemporaryDirectory() + "tophhie-record-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/enrolment.jsonl"
        let recorder = EnrolmentRecorder(file: try RecordFile(path: path), staff: "desk-2", terminal: "none", tenant: tenant,
                                         clock: { Date(timeIntervalSince1970: 1796169600) })
        return (recorder, path)
    }

    static func signUp(_ flow: FlowOnEmulator, _ email: String) async {
        await flow.send(.menuChosen(.signUp))
        await flow.fill(.email, email)
        await flow.fill(.password, password)
        await flow.fill(.confirmPassword, password)
        await flow.send(.submitted)
    }

    /// The next person at the desk does not find the last one's exchanges in the trace: it is emptied when a person
    /// is done with, and the count the outbox pane starts afresh by moves on.
    @Test func theTraceIsEmptiedWhenAPersonIsDoneWith() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        await Self.signUp(flow, "new.person@example.com")
        #expect(!flow.trace.all.isEmpty)
        await flow.fill(.code, flow.code(to: "new.person@example.com"))
        await flow.send(.submitted)
        await flow.fill(.attribute("displayName"), "New Person")
        await flow.send(.submitted)
        #expect(flow.state.step == .enrolled(email: "new.person@example.com"), "\(flow.state.step)")
        #expect(flow.trace.all.isEmpty, "\(flow.trace.all.map(\.endpoint))")
        #expect(flow.model.peopleDone == 1)
    }

    @Test func anEnrolledPersonAndAnExistingAccountAreRecordedAndNoPasswordOrCodeIs() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let (recorder, path) = try Self.recorder(tenant: flow.tenant.server.origin)
        flow.model.recorder = recorder

        await Self.signUp(flow, "new.person@example.com")
        let code = flow.code(to: "new.person@example.com")
        #expect(code.count >= 6)
        await flow.fill(.code, code)
        await flow.send(.submitted)
        await flow.fill(.attribute("displayName"), "New Person")
        await flow.send(.submitted)
        #expect(flow.state.step == .enrolled(email: "new.person@example.com"), "\(flow.state.step)")
        await flow.send(.enrolAnotherRequested)

        await Self.signUp(flow, "jane.doe@contoso.com")
        #expect(flow.field(.email)?.error?.contains("already exists") == true, "\(flow.screen)")
        await flow.send(.homeRequested)
        await recorder.finished()

        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(text)")
        #expect(lines.first?.contains(#""email":"new.person@example.com""#) == true)
        #expect(lines.first?.contains(#""outcome":"enrolled""#) == true)
        #expect(lines.first?.contains(#""staff":"desk-2""#) == true)
        #expect(lines.first?.contains(#""time":"2026-12-02T00:00:00Z""#) == true, "\(lines)")
        #expect(lines.last?.contains(#""email":"jane.doe@contoso.com""#) == true)
        #expect(lines.last?.contains(#""outcome":"already-exists""#) == true)
        #expect(try RecordChain.verify(Array(text.utf8)) == .intact(lines: 2, head: RecordChain.hash(lines[1])))
        // What was typed at the desk and the code the tenant sent stay out of the record.
        #expect(!text.contains(Self.password))
        #expect(!text.contains(code))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aFailedSignUpCarriesItsAADSTSCodeAndCorrelationID() async throws {
        let (recorder, path) = try Self.recorder(tenant: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")
        var state = FlowState(settings: FlowSettings(enrolmentMode: true))
        state.origin = FlowOrigin(kind: .signUp, email: "kim@example.com")
        let before = FlowStep.readyToSignIn
        state.step = .failure(FailureReport(message: "Something went wrong.",
                                            detail: "HTTP 400 · invalid_grant · AADSTS50034 · The user account does not exist. · "
                                                + "trace id t-1 · correlation id 7c1f1a2e-0000-4000-8000-000000000001"))
        let watcher = PersonWatcher()
        #expect(watcher.observe(.submitted, from: before, to: state) == nil)
        let failed = state.step
        state.step = .home
        state.origin = nil
        recorder.record(try #require(watcher.observe(.homeRequested, from: failed, to: state)))
        await recorder.finished()
        let line = try String(contentsOfFile: path, encoding: .utf8)
        #expect(line.contains(#""outcome":"failed""#), "\(line)")
        #expect(line.contains(#""code":"AADSTS50034""#))
        #expect(line.contains(#""correlationId":"7c1f1a2e-0000-4000-8000-000000000001""#))
        #expect(line.contains(#""email":"kim@example.com""#))
    }
}
