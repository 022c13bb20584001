import AccountFlow
@testable import Console
import Foundation
import Testing
import TophhieCloudAuthentication

/// The emulator panel's actions in line mode: `/emulator …` at any prompt, then the prompt again.
@Suite struct EmulatorLineCommandTests {
    @Test func everyPanelActionIsACommand() throws {
        let fixture = try WorkbenchFixture()
        let before = fixture.control.now
        let input = ["/emulator clock 10m", "/emulator fault expiredToken", "/emulator add line.user@example.com", "Line-Secret-51!",
                     "/emulator users", "/emulator flip mfa", "/emulator remove line.user@example.com", "/emulator", "quit"]
        let (model, transcript) = lineSession(on: .home, input: input.joined(separator: "\n") + "\n", emulator: fixture.control)
        #expect(model.quitRequested, "\(transcript)")
        #expect(fixture.control.now.timeIntervalSince(before) >= 600)
        #expect(transcript.contains("Emulator: clock advanced by 10 min 0 s"), "\(transcript)")
        #expect(transcript.contains("Emulator: queued for the next request: expired_token"), "\(transcript)")
        #expect(transcript.contains("Emulator: added line.user@example.com."), "\(transcript)")
        #expect(transcript.contains("  line.user@example.com (password, 0 methods)"), "\(transcript)")
        #expect(transcript.contains("Emulator: MFA required: on."), "\(transcript)")
        #expect(transcript.contains("Emulator: removed line.user@example.com."), "\(transcript)")
        #expect(transcript.contains("Commands: /emulator clock 10m"), "\(transcript)")
        #expect(!transcript.contains("Line-Secret-51!"), "the password was echoed")
        #expect(fixture.control.policy.mfa.required)
    }

    @Test func aBadCommandSaysWhatIsAllowed() throws {
        let fixture = try WorkbenchFixture()
        let input = "/emulator clock soon\n/emulator clock 99999d\n/emulator fault boom\n/emulator remove ghost@example.com\nquit\n"
        let (_, transcript) = lineSession(on: .home, input: input, emulator: fixture.control)
        #expect(transcript.contains("give the time as seconds or with a unit: 90, 10m, 2h, 1d"), "\(transcript)")
        // Beyond the control API's year: its range in the console's words, never the API's JSON error.
        #expect(transcript.contains("Emulator: the clock moves 0 to 365d (31536000 s) at a time; 99999d is more."), "\(transcript)")
        #expect(!transcript.contains("advanceSeconds"), "\(transcript)")
        #expect(transcript.contains("Emulator: faults are expiredToken, smsBlocked, redirect, http429, http500, delay."), "\(transcript)")
        #expect(transcript.contains("Emulator: no user ghost@example.com"), "\(transcript)")
    }

    /// `add` checks the address before asking a password, and asks again while the tenant's rules refuse it.
    @Test func addChecksTheAddressThenThePassword() throws {
        let fixture = try WorkbenchFixture()
        let input = ["/emulator add not-an-address", "/emulator add line.added@example.com", "Ab1!", "Line-Added-Long-51!", "quit"]
        let (_, transcript) = lineSession(on: .home, input: input.joined(separator: "\n") + "\n", emulator: fixture.control)
        #expect(transcript.contains("Emulator: not-an-address is not an email address."), "\(transcript)")
        #expect(transcript.contains("Emulator: Too short: the tenant asks for at least"), "\(transcript)")
        #expect(transcript.contains("Emulator: added line.added@example.com."), "\(transcript)")
        #expect(try fixture.control.users().contains { $0.email == "line.added@example.com" && $0.hasPassword })
        #expect(try fixture.control.users().allSatisfy { $0.email != "not-an-address" })
    }

    /// The password prompt says its way out, and taking it (end of input, Ctrl-D at a terminal) adds nobody and says so.
    @Test func addCanBeLeftAtThePasswordPrompt() throws {
        let fixture = try WorkbenchFixture()
        let input = ["/emulator add line.left@example.com", "Ab1!"]
        let (_, transcript) = lineSession(on: .home, input: input.joined(separator: "\n") + "\n", emulator: fixture.control)
        #expect(transcript.contains("(empty: code only; Ctrl-D: add nobody)"), "\(transcript)")
        #expect(transcript.contains("Emulator: line.left@example.com was not added."), "\(transcript)")
        #expect(try fixture.control.users().allSatisfy { $0.email != "line.left@example.com" })
    }

    /// The clock moved on at a choice prompt: the choices are listed again from the screen as it is now, so Resend
    /// shows once its countdown is over (a new user's trial saw the old list, without it).
    @Test func choicesAreListedAgainWhenACommandChangesThem() throws {
        let fixture = try WorkbenchFixture()
        let entry = CodeEntry(purpose: .signIn, delivery: CodeDelivery(sentTo: "a***@c*****o.example", channel: .email, codeLength: 8,
                                                                      resendInterval: 30),
                              resend: Countdown(seconds: 30, startedAt: fixture.control.now))
        let (_, transcript) = lineSession(on: .codeEntry(entry), input: "\n/emulator clock 1m\nquit\n", emulator: fixture.control)
        let afterClock = try #require(transcript.range(of: "Emulator: clock advanced")).upperBound
        #expect(transcript[afterClock...].contains("Resend code"), "\(transcript)")
    }

    @Test func durations() {
        #expect(EmulatorLineCommand.seconds("90") == 90)
        #expect(EmulatorLineCommand.seconds("10m") == 600)
        #expect(EmulatorLineCommand.seconds("2h") == 7200)
        #expect(EmulatorLineCommand.seconds("-5") == nil)
        #expect(EmulatorLineCommand.seconds("m") == nil)
    }
}
