import ScreenGallery
import Glibc
import AccountFlow
import ScreenPresentation
import TerminalUI
import Testing

@Suite struct LineTerminalTests {
    /// Runs `form` in line mode with `input` on a pipe; returns the ending, the form and the output.
    private func run(_ form: FormView, input: String) -> (FormSession.Ending, FormView, String) {
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        defer { close(fds[0]) }
        final class Sink: @unchecked Sendable { var text = "" }
        let sink = Sink()
        let terminal = LineTerminal(input: fds[0], output: { sink.text += $0 })
        var form = form
        let ending = terminal.run(&form)
        return (ending, form, sink.text)
    }

    @Test func promptsEveryFieldInOrder() {
        let (ending, form, output) = run(Forms.signIn(), input: "ada@contoso.com\nS3cret!pass\n2\n")
        #expect(ending == .submitted(button: "reset"))
        #expect(form.values == ["username": "ada@contoso.com", "password": "S3cret!pass"])
        // Piped answers are not echoed by a terminal: each prompt still ends its own line.
        #expect(output.hasPrefix("Sign in\nEnter your email address and password.\nEmail: \nPassword: \n"))
        #expect(!output.contains("S3cret"))
    }

    @Test func badChoiceIsExplainedAndAskedAgain() {
        let (_, form, output) = run(Forms.mfaPicker(), input: "7\n2\n")
        #expect(form.values["method"] == "sms-1")
        #expect(output.contains("Enter a number from 1 to 2."))
        #expect(output.contains("2. Text message  +1 *** *** **52 — weaker: SIM swap risk"))
    }

    @Test func shortCodeIsRefusedAndAskedAgain() {
        let (ending, form, output) = run(Forms.codeEntry(secondsLeft: 10), input: "123\n12345678\n")
        #expect(ending == .submitted(button: "verify"))
        #expect(form.values["code"] == "12345678")
        #expect(output.contains("Enter exactly 8 digits."))
    }

    @Test func endOfInputQuits() {
        #expect(run(Forms.signIn(), input: "ada").0 == .quit)
    }

    @Test func lineModeWhenNotATerminalOrDumb() {
        #expect(LineTerminal.isNeeded(environment: ["TERM": "xterm"], standardOutputIsTerminal: false))
        #expect(LineTerminal.isNeeded(environment: ["TERM": "dumb"], standardOutputIsTerminal: true))
        #expect(!LineTerminal.isNeeded(environment: ["TERM": "tmux-256color"], standardOutputIsTerminal: true))
    }

    /// A presented flow screen in line mode: details aligned, an unlabeled menu without a lone ":".
    @Test func flowScreensReadWellInLineMode() {
        let home = ScreenPresenter.formView(for: FlowScreens.home(signedIn: false).screen, header: nil, previous: nil)
        let (ending, _, output) = run(home, input: "2\n")
        #expect(ending == .submitted(button: nil))
        #expect(output.hasPrefix("Tophhie Account Console\n  1. Sign in\n  2. Sign in with browser\n"))
        let code = ScreenPresenter.formView(for: FlowScreens.deviceCode(elapsed: 0).screen, header: nil, previous: nil)
        let (_, _, shown) = run(code, input: "")
        // The code is printed plainly on a line of its own, after the instructions.
        #expect(shown.contains("enter this code.\nBCDF-GHJK\n"), "\(shown)")
        let details = FormView(title: "Signed in", details: [FormDetail("Username", "ada@contoso.example"), FormDetail("Scopes", "openid")])
        let (_, _, printed) = run(details, input: "")
        #expect(printed.contains("Username  ada@contoso.example\nScopes    openid\n"))
    }
}
