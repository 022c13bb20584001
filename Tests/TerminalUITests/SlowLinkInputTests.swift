import TerminalUI
import Testing

/// Over a slow link an escape sequence arrives in pieces 40–100 ms apart (field case 028). The decoder
/// holds the pieces until the backend's escape delay has passed, and the delay suits the link.
@Suite struct SlowLinkInputTests {
    /// Pieces as they arrived in separate reads, with no idle flush between them.
    private func keys(_ pieces: [[UInt8]]) -> [Key] {
        var decoder = InputDecoder()
        return pieces.flatMap { decoder.decode($0) } + decoder.flushPendingEscape()
    }

    static let splitSequences: [([[UInt8]], [Key])] = [
        ([[0x1B], [0x5B, 0x41]], [.up]),
        ([[0x1B], [0x5B, 0x33, 0x7E]], [.delete]),
        ([[0x1B], [0x62]], [.alt(.character("b"))]),
        ([[0x1B, 0x5B], [0x32, 0x30, 0x30, 0x7E], Array("S3cret".utf8), [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]], [.paste("S3cret")]),
    ]

    @Test(arguments: splitSequences)
    func piecesOfASequenceAreOneKey(_ pieces: [[UInt8]], _ expected: [Key]) {
        #expect(keys(pieces) == expected)
        // And split at every other byte boundary too.
        let bytes = pieces.flatMap { $0 }
        for cut in 1..<bytes.count {
            #expect(keys([Array(bytes[..<cut]), Array(bytes[cut...])]) == expected, "split at \(cut)")
        }
    }

    /// On a form with `new@contoso.com` typed, the split keys edit nothing they should not: no `[A`,
    /// `[3~` or `200~` lands in the field, and the form is not left.
    @Test func splitKeysLeaveTheTypedValue() {
        var form = FormView(title: "Sign up", fields: [.text("email", label: "Email"), .password("password", label: "Password")])
        for character in "new@contoso.com" { _ = form.handle(.character(character)) }
        var decoder = InputDecoder()
        var outcomes: [FormOutcome] = []
        for pieces in Self.splitSequences.dropFirst().map(\.0) {
            for piece in pieces { outcomes += decoder.decode(piece).map { form.handle($0) } }
        }
        #expect(!outcomes.contains(.back))
        #expect(form.values["email"] == "new@contoso.comS3cret")
    }

    /// A lone Esc, after the wait, is still the Esc key.
    @Test func loneEscapeIsEscapeAfterTheWait() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flushPendingEscape() == [.escape])
    }

    @Test func escapeDelayFollowsTheLinkAndESCDELAY() {
        let ssh = "203.0.113.5 50000 198.51.100.7 22"
        #expect(EscapeDelay.for(environment: [:]) == EscapeDelay.local)
        #expect(EscapeDelay.for(environment: ["SSH_CONNECTION": ssh]) >= .milliseconds(100))
        #expect(EscapeDelay.for(environment: ["SSH_TTY": "/dev/pts/3"]) >= .milliseconds(100))
        #expect(EscapeDelay.for(environment: ["SSH_CONNECTION": ssh, "ESCDELAY": "300"]) == .milliseconds(300))
        #expect(EscapeDelay.for(environment: ["ESCDELAY": "25"]) == .milliseconds(25))
        #expect(EscapeDelay.for(environment: ["ESCDELAY": "soon", "SSH_TTY": "/dev/pts/3"]) == EscapeDelay.overSSH)
        #expect(EscapeDelay.for(environment: ["ESCDELAY": "999999"]) == EscapeDelay.longest)
    }

    /// Esc on a form with typed values asks first; a second Esc goes back, any other key stays and acts.
    @Test func escapeAsksBeforeDroppingTypedValues() {
        var form = FormView(title: "Sign up", fields: [.text("email", label: "Email")], status: StatusLine("Enter your email."))
        #expect(form.handle(.escape) == .back, "nothing typed: Esc goes back at once")
        for character in "new@contoso.com" { _ = form.handle(.character(character)) }
        #expect(form.handle(.escape) == .changed)
        #expect(form.isConfirmingBack)
        #expect(form.status?.text == FormView.backQuestion)
        #expect(form.handle(.character("x")) == .changed)
        #expect(form.values["email"] == "new@contoso.comx")
        #expect(form.status?.text == "Enter your email.", "staying puts the status line back")
        #expect(form.handle(.escape) == .changed)
        #expect(form.handle(.escape) == .back)
        form.backDropsValues = false
        #expect(form.handle(.escape) == .back, "when back keeps the values (a request is cancelled), no question")
    }
}
