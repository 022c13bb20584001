import AccountFlow
@testable import Console
@testable import FlowRunner
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// Ctrl-C quits the console from every overlay over a screen, as it does from the screen itself: the
/// help screen (F1), the trace inspector (F6), the HAR prompt (F4), and when Ctrl-C comes in kitty's
/// keyboard encoding.
@Suite struct QuitFromOverlaysTests {
    @Test(arguments: [("\u{1B}OP", "help"), ("\u{1B}[17~", "trace inspector"), ("\u{1B}[14~", "HAR prompt")],
          ["\u{03}", "\u{1B}[99;5u"])
    func ctrlCQuitsFromTheOverlay(_ overlay: (openKey: String, name: String), _ ctrlC: String) {
        let mailbox = Mailbox()
        let trace = TraceLog()
        let model = ConsoleModel(state: FlowState(settings: FlowSettings()), runner: EffectRunner(auth: TophhieNativeAuth()) { mailbox.post($0) },
                                 mailbox: mailbox, trace: trace)
        defer { model.shutdown() }
        let backend = TestBackend()
        backend.type(overlay.openKey)
        backend.type(ctrlC)
        // Read only if Ctrl-C did not end the session; the closed input ends it either way.
        backend.events += [.key(.character("x")), .inputClosed]
        FullScreenSession(model: model, header: HeaderInfo(tenant: "contoso", authority: "http://127.0.0.1", mode: "operator"),
                          outbox: nil, trace: trace).run(on: backend)
        #expect(backend.events.count == 2, "Ctrl-C (\(ctrlC.debugDescription)) on the \(overlay.name) did not quit")
    }
}
