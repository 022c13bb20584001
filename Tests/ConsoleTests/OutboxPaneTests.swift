@testable import Console
@testable import FlowRunner
import Foundation
import Localization
import NativeAuthWire
import TestSupport
import Testing
import TenantEmulator
import TerminalUI

/// The outbox pane says what became of each code the embedded emulator sent.
@Suite struct OutboxPaneTests {
    @Test func aUsedCodeAndAnExpiredOneSaySoWhileALiveOneSaysNothingMore() throws {
        let emulator = try TenantEmulator(policy: try TenantPreset.load("email-otp"), hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        func post(_ endpoint: NativeAuthEndpoint, _ form: String) -> [String: Any] {
            let answer = emulator.handle(EmulatorRequest(method: "POST", path: "/\(emulator.tenantID)\(endpoint.path)", body: Data(form.utf8)))
            return (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? [:]
        }
        let client = "client_id=8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48&challenge_type=oob%20redirect"
        func codeSent(to email: String) -> String {
            let started = post(.signUpStart, "\(client)&username=\(FormBody.escape(email))")["continuation_token"] as? String ?? ""
            return post(.signUpChallenge, "\(client)&continuation_token=\(started)")["continuation_token"] as? String ?? ""
        }
        let outbox = EmulatorOutbox(outbox: emulator.outbox)
        _ = codeSent(to: "old@contoso.com")
        emulator.clock.advance(by: 600)
        let token = codeSent(to: "new@contoso.com")
        let code = try #require(emulator.outbox.latest(to: "new@contoso.com")?.code)
        #expect(outbox.sentCodes().last?.paneLine.hasSuffix(code) == true, "a live code: \(outbox.sentCodes())")
        _ = post(.signUpContinue, "\(client)&continuation_token=\(token)&grant_type=oob&oob=\(code)")
        #expect(outbox.sentCodes().map(\.status) == ["expired", "used"])
        #expect(outbox.sentCodes().first?.paneLine.hasSuffix("  expired") == true)
        #expect(outbox.sentCodes().last?.paneLine.hasSuffix("\(code)  used") == true, "\(outbox.sentCodes())")
    }

    /// The pane's keys are shown in every language on an 80-column screen: a translated title too long to share the
    /// top edge with them (German's) sends them to the bottom edge instead of dropping the `^O` hint.
    @Test(arguments: ["en", "de", "es", "fr", "pl", "pt-BR"])
    func theOutboxKeysShowInEveryLanguage(_ tag: String) {
        Localization.with(Localizer(tag: tag)) {
            let pane = ConsolePanes.outbox(["email a***@c*****o.example  signUp  30418257"])
            var buffer = Buffer(size: Size(width: 80, height: 3))
            pane.draw(in: Rect(x: 0, y: 0, width: 80, height: 3), into: &buffer)
            let frame = buffer.lines().joined(separator: "\n")
            #expect(frame.contains(tr("pane.outbox.keys")), "\(tag):\n\(frame)")
            #expect(frame.contains(String(tr("pane.outbox.title").prefix(10))), "\(tag):\n\(frame)")
        }
    }

    /// F2 on a terminal too short for the pane keeps the outbox on and says why it is not drawn; the pane is there
    /// once the terminal grows. It used to hide the pane no one saw, silently, and it stayed hidden at 80×24.
    @Test func thePaneKeyOnATinyTerminalSaysWhyAndTheOutboxShowsOnceItGrows() {
        let backend = TestBackend(size: Size(width: 60, height: PaneContent.minimumTerminalHeight - 1))
        backend.type("\u{1B}OQ")
        backend.resize(to: Size(width: 80, height: 24))
        HelpAndCopyTests().run(typing: [], on: backend, outbox: NoSentCodes())
        let said = backend.frames.contains { $0.contains("The outbox pane needs a terminal of \(PaneContent.minimumTerminalHeight) rows") }
        #expect(said, "\(backend.frames.first ?? "")")
        #expect(backend.snapshot().contains("Outbox: codes the emulator sent"), "\(backend.snapshot())")
        #expect(!backend.snapshot().contains("pane needs a terminal"), "the line contradicts the pane now shown")
    }

    /// A column too narrow for the line (the outbox beside the trace inspector) shows where it was cut:
    /// an 8-digit code is either whole or followed by "…", never silently short.
    @Test func aLineCutByANarrowColumnEndsWithAnEllipsis() {
        let code = SentCode(id: 1, channel: "email", target: "ada@contoso.example", maskedTarget: "a***@co*****.example",
                            purpose: "signIn", code: "48213957")
        for width in 30...48 {
            var buffer = Buffer(size: Size(width: width, height: 3))
            Pane.draw(title: "Outbox", lines: [code.paneLine], empty: "", in: Rect(x: 0, y: 0, width: width, height: 3), into: &buffer)
            let row = buffer.lines()[1].trimmingCharacters(in: .whitespaces)
            #expect(row.hasSuffix("48213957") || row.hasSuffix("…"), "width \(width): \(row)")
        }
    }
}

/// An embedded emulator's outbox that sent nothing yet.
private struct NoSentCodes: CodeOutbox {
    func sentCodes() -> [SentCode] { [] }
}
