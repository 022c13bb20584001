import AccountFlow
@testable import Console
@testable import FlowRunner
import Foundation
import Launcher
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// The emulator panel (F5): each row acts on the embedded tenant, and the screen says what happened.
@Suite struct EmulatorPanelTests {
    /// Moves the selection to the row whose text contains `text`.
    private func select(_ text: String, in fixture: WorkbenchFixture, sourceLocation: SourceLocation = #_sourceLocation) {
        fixture.press(.home)
        for _ in 0..<40 where !(selectedRow(fixture.screen())?.contains(text) ?? false) { fixture.press(.down) }
        #expect(selectedRow(fixture.screen())?.contains(text) == true, "no row \(text)", sourceLocation: sourceLocation)
    }

    /// Opens the panel's "add a user" row and enters `email` (then the panel asks the password, or says why not).
    private func addUser(_ email: String, in fixture: WorkbenchFixture, sourceLocation: SourceLocation = #_sourceLocation) {
        fixture.open(ConsoleKeys.emulator)
        select("add a user", in: fixture, sourceLocation: sourceLocation)
        fixture.press(.enter)
        fixture.type(email)
        fixture.press(.enter)
    }

    /// The highlighted row: the test backend cannot show colour, so the row is found by the panel's own state.
    private func selectedRow(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains("› ") }.map(String.init)
    }

    @Test func thePanelListsEveryAction() throws {
        let fixture = try WorkbenchFixture()
        fixture.open(ConsoleKeys.emulator)
        assertSnapshot(fixture.screen(), named: "emulator-panel")
    }

    /// At 40 columns each clock row still says by how much (the rows had been cut to the same words).
    @Test func clockRowsStayDistinctWhenNarrow() throws {
        let fixture = try WorkbenchFixture()
        fixture.open(ConsoleKeys.emulator)
        let rows = fixture.screen(size: Size(width: 40, height: 24)).split(separator: "\n").filter { $0.contains("Clock ") }
        #expect(rows.count == 4 && Set(rows).count == 4, "\(rows)")
        #expect(rows.contains { $0.contains("by 1 hour") }, "\(rows)")
    }

    @Test func advancingTheClockMovesTheEmulatorsTime() throws {
        let fixture = try WorkbenchFixture()
        let before = fixture.control.now
        fixture.open(ConsoleKeys.emulator)
        select("by 10 minutes", in: fixture)
        fixture.press(.enter)
        #expect(fixture.control.now.timeIntervalSince(before) >= 600)
        #expect(fixture.screen().contains("Clock advanced by 10 minutes"), "\(fixture.screen())")
        #expect(fixture.screen().contains("(10 min 0 s ahead of real time)"), "\(fixture.screen())")
    }

    /// After the clock moves, a countdown on screen has moved with it: the console ticks on the emulator's clock.
    @Test func countdownsFollowTheEmulatorsClock() throws {
        let fixture = try WorkbenchFixture()
        let control = fixture.control
        let entry = CodeEntry(purpose: .signUp, delivery: CodeDelivery(sentTo: "a***@ex***.com", channel: .email, codeLength: 8, resendInterval: 60),
                              resend: Countdown(seconds: 60, startedAt: control.now))
        let mailbox = Mailbox()
        let model = ConsoleModel(state: FlowState(settings: FlowSettings(), step: .codeEntry(entry)),
                                 runner: EffectRunner(auth: fixture.auth) { mailbox.post($0) }, mailbox: mailbox, trace: fixture.trace,
                                 clock: { control.now })
        defer { model.shutdown() }
        model.pump()
        #expect(model.state.screen.actions.contains { $0.label.hasPrefix("Resend code (in ") })
        try control.advanceClock(seconds: 600)
        model.pump()
        #expect(model.state.screen.actions.contains { $0.label == "Resend code" }, "\(model.state.screen.actions)")
    }

    @Test func aQueuedFaultAnswersTheNextRequest() async throws {
        let fixture = try WorkbenchFixture()
        fixture.open(ConsoleKeys.emulator)
        select("expired_token", in: fixture)
        fixture.press(.enter)
        #expect(fixture.screen().contains("Queued for the next native-auth request: expired_token"), "\(fixture.screen())")
        _ = try? await fixture.auth.signIn(email: "someone@example.com", password: "x")
        #expect(fixture.trace.all.last?.error == "expired_token")
    }

    @Test func aUserIsAddedThenRemoved() async throws {
        let fixture = try WorkbenchFixture()
        addUser("added.by.panel@example.com", in: fixture)
        fixture.type("Panel-Secret-93!")
        #expect(fixture.screen().contains("••••••••••••••••"))
        #expect(!fixture.screen().contains("Panel-Secret-93!"))
        fixture.press(.enter)
        #expect(fixture.screen().contains("Added added.by.panel@example.com."), "\(fixture.screen())")
        // The new account signs in.
        guard case .completed = try await fixture.auth.signIn(email: "added.by.panel@example.com", password: "Panel-Secret-93!") else {
            Issue.record("the added user did not sign in")
            return
        }
        select("added.by.panel@example.com", in: fixture)
        fixture.press(.enter)
        #expect(fixture.screen().contains("Remove added.by.panel@example.com? (y/n)"))
        fixture.press(.character("y"))
        #expect(try !fixture.control.users().contains { $0.email == "added.by.panel@example.com" })
        #expect(fixture.screen().contains("Removed added.by.panel@example.com."), "\(fixture.screen())")
    }

    /// The address is checked before the password is asked: a bad or taken one is refused on its own prompt,
    /// still typed there to correct.
    @Test func aRefusedEmailIsSaidBeforeThePassword() throws {
        let fixture = try WorkbenchFixture()
        addUser("not-an-address", in: fixture)
        #expect(fixture.screen().contains("not-an-address is not an email address."), "\(fixture.screen())")
        #expect(fixture.screen().contains("New user's email: not-an-address"), "\(fixture.screen())")
        #expect(!fixture.screen().contains("Password for"), "\(fixture.screen())")
        #expect(try fixture.control.users().allSatisfy { $0.email != "not-an-address" })
        let taken = try #require(try fixture.control.users().first).email
        fixture.press(.escape, .enter)
        fixture.type(taken.uppercased())
        fixture.press(.enter)
        #expect(fixture.screen().contains("already has an account"), "\(fixture.screen())")
        #expect(!fixture.screen().contains("Password for"), "\(fixture.screen())")
    }

    /// A password the tenant's sign-up would refuse is refused on the panel too, naming the rule; the user is
    /// not added, and a good password then adds them.
    @Test func aPasswordOutsideThePolicyIsRefused() throws {
        let fixture = try WorkbenchFixture()
        let minimum = fixture.control.policy.password.minLength
        addUser("short.password@example.com", in: fixture)
        fixture.type("Ab1!")
        fixture.press(.enter)
        #expect(fixture.screen().contains("Too short: the tenant asks for at least \(minimum) characters."), "\(fixture.screen())")
        #expect(try fixture.control.users().allSatisfy { $0.email != "short.password@example.com" })
        fixture.type("-Longer-2024")
        fixture.press(.enter)
        #expect(fixture.screen().contains("Added short.password@example.com."), "\(fixture.screen())")
    }

    @Test func policyKnobsFlip() throws {
        let fixture = try WorkbenchFixture()
        fixture.open(ConsoleKeys.emulator)
        #expect(!fixture.control.policy.mfa.required)
        select("MFA required: off", in: fixture)
        fixture.press(.enter)
        #expect(fixture.control.policy.mfa.required)
        #expect(fixture.screen().contains("Now MFA required: on."), "\(fixture.screen())")
        select("Sign-up method", in: fixture)
        fixture.press(.enter)
        #expect(fixture.control.policy.signUp.method == .emailOtp)
        select("Self-service password reset (SSPR): on", in: fixture)
        fixture.press(.enter)
        #expect(!fixture.control.policy.passwordReset.enabled)
    }
}
