import AccountFlow
@testable import EnrolmentDesk
import EnrolmentFiles
@testable import FlowRunner
import Foundation
@testable import TenantEmulator
import Testing

/// A desk with a list, against the emulator over loopback: a walk-in is checked as a row is (the list's
/// duplicates too), kept in the progress file from the moment they are added, and marked in the report and the
/// record; an enrolled person's row carries the new account's object id, from a sign-in whose tokens are forgotten.
@Suite struct DeskWalkInTests {
    static let password = "Quince-Lantern-9081!"

    /// Types the password twice and the code the tenant sent to `email`, on the sign-up form the desk opened.
    static func finishSignUp(_ flow: FlowOnEmulator, _ email: String) async {
        await flow.fill(.password, password)
        await flow.fill(.confirmPassword, password)
        await flow.send(.submitted)
        await flow.fill(.code, flow.code(to: email))
        await flow.send(.submitted)
    }

    @Test func aWalkInIsCheckedLikeARowEnrolledAndMarkedInTheProgressTheReportAndTheRecord() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let (desk, folder) = try EnrolmentDeskTests.desk(flow)

        // Someone whose address the list has (row 4, written another way) is refused, as a second row would be.
        guard case .failure(let listed) = desk.addWalkIn(email: " JANE.DOE@contoso.com", values: ["displayName": "Jane Doe"]) else {
            Issue.record("a listed address was added as a walk-in")
            return
        }
        #expect(listed.lines == ["Email: This email is listed already, on row 4 — the same address written another way."])
        // A required attribute missing is refused with the form's own message; nothing is added.
        guard case .failure(let missing) = desk.addWalkIn(email: "walk.in@example.com", values: [:]) else {
            Issue.record("a walk-in without a display name was added")
            return
        }
        #expect(missing.lines.count == 1 && missing.lines[0].hasPrefix("Display name: "), "\(missing.lines)")
        #expect(desk.queue.walkIns.isEmpty)

        // Corrected, they are added after the list's last row (6) and seated with their values.
        let person = try desk.addWalkIn(email: "walk.in@example.com", values: ["displayName": "Walk In"]).get()
        #expect(person.row == 7 && person.isWalkIn)
        for event in desk.seat(person) ?? [] { await flow.send(event) }
        #expect(flow.field(.email)?.value == "walk.in@example.com")
        #expect(flow.field(.attribute("displayName"))?.value == "Walk In")
        // A second walk-in with the same address, while the first is at the desk, is refused.
        guard case .failure(let twice) = desk.addWalkIn(email: "Walk.In@example.com", values: ["displayName": "Walk In"]) else {
            Issue.record("the same walk-in was added twice")
            return
        }
        #expect(twice.lines == ["Email: This email is listed already, on row 7 — the same address written another way."])
        await desk.written()
        // Known to the progress file before any outcome: a desk started after this one is killed offers them again.
        #expect(try ProgressFile.load(folder + "/people.csv.progress").walkIns == [person])

        await Self.finishSignUp(flow, "walk.in@example.com")
        #expect(flow.state.step == .enrolled(email: "walk.in@example.com"), "\(flow.state.step)")
        await desk.written()
        await flow.model.recorder?.finished()
        let id = try #require(flow.users()["walk.in@example.com"]?["id"] as? String)
        let entry = try #require(ProgressFile.load(folder + "/people.csv.progress").entries.first { $0.row == 7 })
        #expect(entry.outcome == .enrolled && entry.objectId == id)
        let report = try EnrolmentDeskTests.read(folder + "/report.md")
        #expect(report.contains("| 7 | walk.in@example.com | enrolled | \(id) |"), "\(report)")
        #expect(report.contains("| walk-in |"), "\(report)")
        let record = try EnrolmentDeskTests.read(folder + "/record.jsonl")
        #expect(record.contains(#""walkIn":true"#) && record.contains(#""objectId":"\#(id)""#), "\(record)")
        #expect(!record.contains(Self.password) && !report.contains(Self.password))

        // After the outcome too, a desk started again knows the walk-in and that they are done with.
        #expect(desk.finish().isEmpty)
        let again = try await EnrolmentDeskTests.reopen(folder + "/people.csv", form: EnrolmentForm(attributes: flow.tenant.signUpAttributes))
        #expect(again.queue.outcomes[7]?.outcome == .enrolled)
        guard case .failure = again.addWalkIn(email: "walk.in@example.com", values: ["displayName": "Walk In"]) else {
            Issue.record("a walk-in of the earlier run was added again")
            return
        }
    }

    /// A listed person enrolled at the desk: their row carries the account's object id (the emulator's user id),
    /// the sign-in that told it was made, and the screen shows nothing of it.
    @Test func anEnrolledRowCarriesTheNewAccountsObjectId() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true)
        let (desk, folder) = try EnrolmentDeskTests.desk(flow)
        try await EnrolmentDeskTests.seat(flow, desk, row: 2)
        await Self.finishSignUp(flow, "new.person@example.com")
        #expect(flow.state.step == .enrolled(email: "new.person@example.com"), "\(flow.state.step)")
        let id = try #require(flow.users()["new.person@example.com"]?["id"] as? String)
        await desk.written()
        #expect(desk.queue.outcomes[2]?.objectId == id)
        #expect(try ProgressFile.load(folder + "/people.csv.progress").entries.first?.objectId == id)
        #expect(flow.state.signedIn == nil)
        #expect(!flow.screen.text.joined().contains(id) && flow.screen.details.isEmpty)
    }

    /// A tenant that asks for a second factor at every sign-in: the desk asks nothing more of the person, who is
    /// enrolled without an object id (docs/usage.md says when there is none).
    @Test func withMFARequiredAtSignInTheRowIsEnrolledWithoutAnObjectId() async throws {
        let flow = try FlowOnEmulator(enrolmentMode: true) {
            $0.mfa.required = true
            $0.mfa.registrationRequired = true
        }
        let (desk, _) = try EnrolmentDeskTests.desk(flow)
        try await EnrolmentDeskTests.seat(flow, desk, row: 2)
        await Self.finishSignUp(flow, "new.person@example.com")
        #expect(flow.state.step == .enrolled(email: "new.person@example.com"), "\(flow.state.step)")
        #expect(flow.users()["new.person@example.com"] != nil)
        #expect(desk.queue.outcomes[2]?.outcome == .enrolled)
        #expect(desk.queue.outcomes[2]?.objectId == nil)
    }

    static let loyalty = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_loyaltyNumber"
    static let terms = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_termsAccepted"
    /// Staff typed `true` for Ana's consent; Ben's row is refused (loyalty number) and his consent left `false`.
    static let consentList = "email,displayName,\(loyalty),\(terms)\r\nana@example.com,Ana Lima,1234567890,true\r\n"
        + "ben@example.com,Ben Ode,12,false\r\n"

    /// A consent is the person's to give: the list's `true` is not ticked for them, nor asked on the walk-in form.
    @Test func aListedPersonsConsentIsLeftForThemToTick() async throws {
        let flow = try FlowOnEmulator(preset: "attributes", enrolmentMode: true)
        let (desk, _) = try EnrolmentDeskTests.desk(flow, list: Self.consentList)
        try await EnrolmentDeskTests.seat(flow, desk, row: 2)
        #expect(flow.field(.attribute("displayName"))?.value == "Ana Lima")
        #expect(flow.field(.attribute(Self.terms))?.value == "false")
        #expect(!WalkInForm(attributes: desk.attributes).screen.fields.map(\.label).contains("I accept the terms"))
    }

    /// A row the check refused is not offered, so staff enrol that person by hand: as a walk-in, checked by the
    /// form. A person marked skipped is refused saying so.
    @Test func aRowNotOfferedIsEnrolledAsAWalkInAndASkippedOneIsRefusedSayingSo() async throws {
        let flow = try FlowOnEmulator(preset: "attributes", enrolmentMode: true)
        let (desk, folder) = try EnrolmentDeskTests.desk(flow, list: Self.consentList)
        #expect(desk.queue.invalid.map(\.row) == [3])
        guard case .failure(let wrong) = desk.addWalkIn(email: "ben@example.com", values: ["displayName": "Ben Ode", Self.loyalty: "12"]) else {
            Issue.record("a walk-in with a wrong loyalty number was added")
            return
        }
        #expect(wrong.lines.count == 1 && wrong.lines[0].hasSuffix("Enter 10 digits."), "\(wrong.lines)")
        let ben = try desk.addWalkIn(email: "ben@example.com", values: ["displayName": "Ben Ode", Self.loyalty: "0987654321"]).get()
        #expect(ben.row == 4 && ben.isWalkIn)
        guard case .failure(let twice) = desk.addWalkIn(email: "ben@example.com", values: ["displayName": "Ben Ode", Self.loyalty: "0987654321"]) else {
            Issue.record("the same walk-in was added twice")
            return
        }
        #expect(twice.lines == ["Email: This email is listed already, on row 4."])
        await desk.written()
        let report = try EnrolmentDeskTests.read(folder + "/report.md")
        #expect(report.contains("| 3 | ben@example.com | invalid |"), "\(report)")
        #expect(report.contains("| 4 | ben@example.com | not reached |"), "\(report)")
        #expect(report.contains("| walk-in |"), "\(report)")

        let ana = try #require(desk.queue.person(at: 2))
        desk.mark(ana, .skipped)
        guard case .failure(let skipped) = desk.addWalkIn(email: "ana@example.com", values: ["displayName": "Ana Lima", Self.loyalty: "1234567890"]) else {
            Issue.record("a person marked skipped was added as a walk-in")
            return
        }
        #expect(skipped.lines == ["Email: This email is row 2 of the list, marked skipped. To enrol them, quit, delete row 2's line "
                                  + "from the list's .progress file and open the list again."])
    }
}
