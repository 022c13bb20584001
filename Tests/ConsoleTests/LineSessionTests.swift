@testable import AccountFlow
@testable import Console
@testable import FlowRunner
import Foundation
import Glibc
import Synchronization
import Testing
import TerminalUI
import TestSupport
import TophhieCloudAuthentication

/// Runs the line session on `step` with `input` piped in, after the start-up restore from `interactive`'s token cache
/// as the console starts it; returns the model and the transcript.
func lineSession(on step: FlowStep, input: String, settings: FlowSettings = FlowSettings(), outbox: (any CodeOutbox)? = nil,
                 emulator: EmulatorControl? = nil, interactive: TophhieAuth? = nil) -> (ConsoleModel, String) {
    var fds: [Int32] = [0, 0]
    _ = pipe(&fds)
    _ = Array(input.utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])
    defer { close(fds[0]) }
    final class Sink: @unchecked Sendable { var text = "" }
    let sink = Sink()
    let mailbox = Mailbox()
    let runner = EffectRunner(auth: TophhieNativeAuth(), interactive: interactive) { mailbox.post($0) }
    // As the console does: the embedded emulator's virtual clock drives the countdowns.
    let model = ConsoleModel(state: FlowState(settings: settings, step: step), runner: runner, mailbox: mailbox, trace: TraceLog(),
                             clock: { emulator?.now ?? Date() })
    model.restoreCachedAccount()
    LineSession(model: model, terminal: LineTerminal(input: fds[0], output: { sink.text += $0 }), outbox: outbox, emulator: emulator).run()
    model.shutdown()
    return (model, sink.text)
}

/// Line mode as a script meets it: answers from a pipe, choices by number or by name.
@Suite struct LineSessionTests {
    /// Runs the line session on the home screen with `input` piped in; returns the model and the transcript.
    private func run(input: String) -> (ConsoleModel, String) { lineSession(on: .home, input: input) }

    /// Issue 37: line mode prints home once, so it waits for the start-up restore: an account in the token cache is
    /// offered in the first menu, as the full screen offers it.
    @Test func aCachedAccountIsOfferedInTheFirstMenu() async throws {
        let folder = NSTemporaryDirectory() + "line-restore-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/msal_token_cache.json"
        let flow = try FlowOnEmulator(tokenCache: cache)
        await flow.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
        #expect(flow.screen.title == "Signed in", "\(flow.screen)")
        let (clientID, authority) = (flow.tenant.clientID, flow.tenant.authority)
        // The session blocks its thread on the terminal, off the pool, which runs the restore.
        let transcript = try await OffPoolWork.run {
            let cached = TophhieAuth()
            try cached.configure(clientId: clientID, authority: authority, tokenCachePath: cache)
            return lineSession(on: .home, input: "quit\n", interactive: cached).1
        }
        let firstMenu = transcript.components(separatedBy: "Choose ").first ?? ""
        #expect(firstMenu.contains("Account (jane.doe@contoso.com)"), "\(transcript)")
    }

    /// A script names its choice, so an "Account" entry shifting the numbers does not matter.
    @Test func aChoiceMayBeNamed() {
        let (model, transcript) = run(input: "reset\n")
        if case .resetStart = model.state.step {} else { Issue.record("not on reset: \(model.state.step)\n\(transcript)") }
    }

    /// "Sign in" is a whole label, and also the start of "Sign in with browser": the whole label wins.
    @Test func aWholeLabelWinsOverLongerOnesItStarts() {
        let (model, transcript) = run(input: "sign in\n")
        if case .signInStart = model.state.step {} else { Issue.record("not on sign-in: \(model.state.step)\n\(transcript)") }
    }

    /// A start several names share picks none of them: they are listed, numbered, and the choice is asked again.
    @Test func anAmbiguousNameIsRefusedWithItsMatchesListed() {
        let (model, transcript) = run(input: "sign\nsign u\n")
        #expect(transcript.contains(#""sign" starts 4 choices: 1. Sign in; 2. Sign in with browser; 3. Sign in with a device code; "#
                                    + "4. Sign up. Type more of one, or its number."), "\(transcript)")
        if case .signUpStart = model.state.step {} else { Issue.record("not on sign-up: \(model.state.step)") }
    }

    /// Piped answers are not echoed by a terminal: the transcript ends each prompt's line and names
    /// each choice made, but never writes what was typed (it could be a password out of step).
    @Test func aTranscriptShowsChoicesButNeverTypedAnswers() {
        let (_, transcript) = run(input: "4\nnew@example.com\nStr0ng!Passw0rd\nStr0ng!Passw0rd\nStr0ng!Passw0rd\n")
        #expect(transcript.contains("Choose 1-6 [1]: \n-> Sign up\n"), "\(transcript)")
        #expect(!transcript.contains("Str0ng!Passw0rd"), "\(transcript)")
        #expect(!transcript.contains("new@example.com"), "\(transcript)")
    }

    /// The emulator's outbox forgets expired codes: a code sent after that is still printed, although the
    /// outbox then holds no more messages than were printed before.
    @Test func aCodeSentAfterOlderOnesWereForgottenIsPrinted() {
        final class ForgettingOutbox: CodeOutbox {
            let reads = Mutex(0)
            func sentCodes() -> [SentCode] {
                let read = reads.withLock { $0 += 1; return $0 }
                return [read == 1 ? Self.code(1, "11111111") : Self.code(2, "22222222")]
            }
            static func code(_ id: Int, _ code: String) -> SentCode {
                SentCode(id: id, channel: "email", target: "a@contoso.com", maskedTarget: "a***@co***.com", purpose: "signUp", code: code)
            }
        }
        let (_, transcript) = lineSession(on: .home, input: "reset\n", outbox: ForgettingOutbox())
        #expect(transcript.contains("code 11111111"), "\(transcript)")
        #expect(transcript.contains("code 22222222"), "\(transcript)")
    }

    /// "quit" ends the console from any choice, not only the home menu's; input ending mid-flow says so.
    @Test func quitWorksFromAnyChoiceAndAnEndMidFlowIsExplained() {
        let (model, transcript) = run(input: "4\nnew@example.com\nStr0ng!Passw0rd\nStr0ng!Passw0rd\nquit\n")
        #expect(model.quitRequested, "\(transcript)")
        #expect(model.exitCode == 0)
        #expect(!transcript.contains("Input ended"), "\(transcript)")
        #expect(!transcript.contains("Str0ng!Passw0rd"), "\(transcript)")
        let (ended, endedTranscript) = run(input: "4\n")
        #expect(ended.exitCode == 1)
        #expect(endedTranscript.hasSuffix("Input ended before the flow finished.\n"), "\(endedTranscript)")
    }
}

/// Line mode offers only enabled buttons, so its advice after repeated wrong codes must agree with them.
@Suite struct LineModeCodeAdviceTests {
    /// The transcript of a code screen after three refusals whose resend countdown is `seconds` long.
    static func transcript(resendWait seconds: Int) -> String {
        let entry = CodeEntry(purpose: .signIn, delivery: CodeDelivery(sentTo: "a***@co***.example", channel: .email, codeLength: 8,
                                                                      resendInterval: seconds),
                              codeError: CodeEntry.wrongCodeRepeatedly, resend: Countdown(seconds: seconds), wrongAttempts: 3)
        return lineSession(on: .codeEntry(entry), input: "12345678\nquit\n").1
    }

    @Test func whileResendIsNotOfferedTheAdviceDoesNotSayToSendANewCode() {
        let text = Self.transcript(resendWait: 30)
        #expect(!text.contains("Resend code"), "\(text)")
        #expect(!text.contains("send a new code"), "\(text)")
        #expect(text.contains("to ask for a new code."), "\(text)")
    }

    @Test func onceResendIsOfferedTheAdviceNamesIt() {
        let text = Self.transcript(resendWait: 0)
        #expect(text.contains("Resend code"), "\(text)")
        #expect(text.contains("send a new code or start again."), "\(text)")
    }
}

/// Field case 026 (docs/field-cases.md): server text with terminal escape sequences reaches line mode made printable.
@Suite struct LineModeEscapeTests {
    static let hostile = "AADSTS50034: nope\u{1B}]0;TITLE\u{07}\u{1B}[2J\u{1B}]52;c;cGF5bG9hZA==\u{07}\u{9B}31m"

    /// The transcript of line mode on `step` with `input` piped in.
    static func transcript(_ step: FlowStep, input: String) -> String { lineSession(on: step, input: input).1 }

    static func expectNothingObeyed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let scalars = text.unicodeScalars
        #expect(!scalars.contains("\u{1B}") && !scalars.contains("\u{9B}") && !scalars.contains("\u{07}"), "\(text.debugDescription)",
                sourceLocation: sourceLocation)
    }

    @Test func aServersEscapeSequencesArePrintedVisiblyNotObeyed() {
        let report = FailureReport(message: "The server refused the request.", detail: Self.hostile + " · suberror x\u{1B}[5m")
        let text = Self.transcript(.failure(report), input: "home\nquit\n")
        Self.expectNothingObeyed(text)
        #expect(text.contains("AADSTS50034: nope\\u{1B}]0;TITLE\\u{7}\\u{1B}[2J"), "\(text)")
    }

    @Test func aTenantsAttributeNamesArePrintedVisiblyToo() {
        let form = AttributeForm([RequiredAttribute(name: "city\u{1B}]0;T\u{07}", type: "string", required: true, regex: nil)])
        let text = Self.transcript(.attributes(form), input: "Lisbon\nquit\n")
        Self.expectNothingObeyed(text)
        #expect(text.contains("\\u{1B}"), "\(text)")
    }
}

/// A 250-value choice in line mode is found by filter, never listed whole.
@Suite struct LineModeLongChoiceTests {
    /// The country, then a postal code answered wrongly so Continue keeps the form (and its values) on screen.
    static let step = FlowStep.attributes(AttributeForm([
        CountryChoices.attribute, RequiredAttribute(name: "postalCode", type: "string", required: true, regex: "^[0-9]{5}$"),
    ]))

    static func country(_ model: ConsoleModel) -> String? {
        guard case .attributes(let form) = model.state.step else { return nil }
        return form.fields.first?.value
    }

    @Test func aFilterWithSeveralMatchesListsThemNumbered() {
        let (model, text) = lineSession(on: Self.step, input: "por\n1\nx\n1\n")
        #expect(Self.country(model) == "Portugal")
        #expect(text.contains("Country/Region: 250 choices"))
        #expect(text.contains("2 of 250 match:\n  1. Portugal\n  2. Singapore\n"), "\(text)")
        #expect(text.contains("-> Portugal"))
        #expect(!text.contains("Afghanistan"), "the whole list is never printed")
    }

    @Test func aWideFilterShowsOnePageAndOneMatchIsChosenAtOnce() {
        let (model, text) = lineSession(on: Self.step, input: "a\nnoway\nnorw\nx\n1\n")
        #expect(Self.country(model) == "Norway")
        #expect(text.contains("the first 20 (type more to narrow)"), "\(text)")
        #expect(text.contains("Nothing contains that"))
    }
}
