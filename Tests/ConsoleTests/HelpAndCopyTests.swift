import AccountFlow
@testable import Console
@testable import FlowRunner
import Foundation
import Launcher
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// The console's help overlay lists the keys valid where it was opened and narrows as the user types; the
/// copy key puts the address a screen shows on the terminal's clipboard with OSC 52.
@Suite struct HelpAndCopyTests {
    static let address = "https://login.microsoftonline.com/common/oauth2/deviceauth?tenant=contoso"

    /// Waiting for a device-code sign-in, reached through the reducer (no request runs).
    static func deviceCodeState() -> FlowState {
        var state = FlowState(settings: FlowSettings())
        _ = state.reduce(.menuChosen(.deviceCodeSignIn))
        _ = state.reduce(.deviceCodeIssued(.success(DeviceCodePrompt(userCode: "BCDF-GHJK", verificationURI: address,
                                                                     expiresOn: Date().addingTimeInterval(900), interval: 5))))
        return state
    }

    /// Runs the console on `state` with `keys` typed (raw bytes), then Ctrl-C; returns the backend.
    @discardableResult
    func run(_ state: FlowState = FlowState(settings: FlowSettings()), typing keys: [String], on backend: TestBackend = TestBackend(),
             outbox: (any CodeOutbox)? = nil) -> TestBackend {
        let mailbox = Mailbox()
        let trace = TraceLog()
        let model = ConsoleModel(state: state, runner: EffectRunner(auth: TophhieNativeAuth()) { mailbox.post($0) }, mailbox: mailbox, trace: trace)
        defer { model.shutdown() }
        for key in keys { backend.type(key) }
        backend.events.append(.key(.control("c")))
        FullScreenSession(model: model, header: HeaderInfo(tenant: "contoso", authority: "http://127.0.0.1:8443/contoso", mode: "emulator"),
                          outbox: outbox, trace: trace).run(on: backend)
        return backend
    }

    /// `c` on the device-code screen writes OSC 52 with the address in base64 and says so.
    @Test func theCopyKeyWritesTheAddressAsOSC52() {
        let backend = run(Self.deviceCodeState(), typing: ["c"])
        let encoded = Data(Self.address.utf8).base64EncodedString()
        #expect(backend.written == ["\u{1B}]52;c;\(encoded)\u{07}"])
        #expect(backend.snapshot().contains("Copied the address to the clipboard."), "\(backend.snapshot())")
        // Ctrl-Y does the same.
        #expect(run(Self.deviceCodeState(), typing: ["\u{19}"]).written.count == 1)
    }

    /// A dumb terminal gets no escape sequence, and the user is told to select the address instead.
    @Test func aDumbTerminalGetsNoSequence() {
        let backend = TestBackend()
        backend.takesClipboard = false
        run(Self.deviceCodeState(), typing: ["c"], on: backend)
        #expect(backend.written.isEmpty)
        #expect(backend.snapshot().contains("no clipboard"), "\(backend.snapshot())")
    }

    /// PgDn on a small terminal moves by what it shows, so every field of a long form comes into view; a fixed
    /// 10 rows passed over some at 40×12 (a new user's trial).
    @Test func pagingOnASmallTerminalPassesNothingOver() {
        let attributes = (1...12).map { RequiredAttribute(name: "detail\($0)", type: "string", required: false, regex: nil,
                                                           label: "Detail \($0)") }
        var state = FlowState(settings: FlowSettings(upFrontAttributes: attributes))
        _ = state.reduce(.menuChosen(.signUp))
        let backend = TestBackend(size: Size(width: 40, height: 12))
        for _ in 0..<40 {
            backend.type("\u{1B}[6~")
            backend.events.append(.tick)  // a frame after each key
        }
        run(state, typing: [], on: backend)
        let seen = backend.frames.joined(separator: "\n")
        for number in 1...12 { #expect(seen.contains("Detail \(number) "), "never shown: Detail \(number)") }
    }

    /// The sequence is OSC 52 to the clipboard selection, standard base64 with padding, ended by BEL.
    @Test func theOSC52SequenceIsStandardBase64() {
        #expect(Clipboard.osc52("https://example.com") == "\u{1B}]52;c;aHR0cHM6Ly9leGFtcGxlLmNvbQ==\u{07}")
        #expect(Clipboard.osc52("ab") == "\u{1B}]52;c;YWI=\u{07}")
        #expect(Clipboard.osc52("abc") == "\u{1B}]52;c;YWJj\u{07}")
        #expect(Clipboard.osc52("") == "\u{1B}]52;c;\u{07}")
    }

    /// F1 on the device-code screen lists the copy key; on the home screen, with no address, it does not, nor
    /// the outbox's code key away from a code screen.
    @Test func helpListsOnlyTheKeysOfThisScreen() {
        let device = run(Self.deviceCodeState(), typing: ["\u{1B}OP"]).snapshot()
        #expect(device.contains("Keys: this screen"), "\(device)")
        #expect(device.contains("copy the address shown"), "\(device)")
        let home = run(typing: ["?"], outbox: NoCodes()).snapshot()
        #expect(home.contains("outbox"), "the embedded emulator's keys are listed\n\(home)")
        #expect(home.contains("Keys: this screen"), "\(home)")
        #expect(!home.contains("copy the address"), "\(home)")
        #expect(!home.contains("copy the newest code"), "\(home)")
        #expect(!home.contains("delete the word"), "no text field on the home menu: no editing keys\n\(home)")
    }

    /// Typed text narrows the help; Esc closes it and the screen is back, nothing typed into it.
    @Test func typingNarrowsTheHelpAndEscClosesIt() {
        let narrowed = run(typing: ["?", "t", "r", "a", "c", "e"]).snapshot()
        #expect(narrowed.contains("Filter: trace"), "\(narrowed)")
        #expect(narrowed.contains("HTTP trace") && narrowed.contains("inspect the trace"), "\(narrowed)")
        #expect(!narrowed.contains("Tab, ↓"), "\(narrowed)")
        let closed = run(typing: ["?", "x", "\u{1B}"]).snapshot()
        #expect(!closed.contains("Keys: this screen"), "\(closed)")
    }

    /// F1 in the trace inspector lists the inspector's keys, not the form's.
    @Test func helpInTheInspectorListsItsKeys() {
        let screen = run(typing: ["\u{1B}[17~", "?"]).snapshot()
        #expect(screen.contains("Keys: trace inspector"), "\(screen)")
        #expect(screen.contains("errors only"), "\(screen)")
        #expect(!screen.contains("Tab, ↓"), "\(screen)")
        // The help is a layer over the inspector: closing it shows the inspector again, not the form.
        let back = run(typing: ["\u{1B}[17~", "?", "\u{1B}"]).snapshot()
        #expect(back.contains("HTTP trace, secrets redacted") && !back.contains("Keys: trace inspector"), "\(back)")
    }
}

/// An embedded emulator's outbox that sent nothing: the console offers its keys.
private struct NoCodes: CodeOutbox {
    func sentCodes() -> [SentCode] { [] }
}
