import AccountFlow
@testable import Console
@testable import ConsoleCommandLine
@testable import FlowRunner
import Foundation
import Launcher
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// The trace inspector (F6) on a real trace: a sign-up on the embedded tenant whose code was wrong.
@Suite struct TraceInspectorTests {
    static let password = "Inspect-Secret-4417!"

    /// start 200, challenge 200, continue 400 (the wrong code).
    private func signUpWithAWrongCode() async throws -> WorkbenchFixture {
        let fixture = try WorkbenchFixture()
        let step = try await fixture.auth.signUp(email: "inspect.me@example.com", password: Self.password)
        _ = try? await step.submitCode("00000000")
        return fixture
    }

    @Test func listsFiltersAndOpensAnExchangeRedactedAsTheHARIs() async throws {
        let fixture = try await signUpWithAWrongCode()
        fixture.open(ConsoleKeys.inspectTrace)
        assertSnapshot(fixture.screen(), named: "inspector-list")
        fixture.press(.character("e"))
        assertSnapshot(fixture.screen(), named: "inspector-errors-only")
        fixture.press(.character("e"), .character("f"))
        #expect(fixture.screen().contains("1 of 3 exchanges · /signup/v1.0/start"), "\(fixture.screen())")
        fixture.press(.enter)
        let opened = fixture.screen()
        assertSnapshot(opened, named: "inspector-exchange")
        #expect(opened.contains("password=<redacted>"))
        #expect(!opened.contains(Self.password))
        // Everything the inspector can show, scrolled to the end, holds no secret either.
        fixture.press(.end)
        #expect(fixture.screen().contains("invalid_oob_value") || fixture.screen().contains("continuation_token"), "\(fixture.screen())")
        #expect(!fixture.screen().contains(Self.password))
        fixture.press(.escape)
        #expect(fixture.screen().contains("1 of 3 exchanges"), "Esc goes back to the list, filters kept")
        fixture.press(.escape)
        #expect(!fixture.workbench.isOpen)
    }

    /// F6 in the running console shows the inspector: the session draws what the workbench drew.
    @Test func f6OpensTheInspectorInTheConsole() {
        let mailbox = Mailbox()
        let trace = TraceLog()
        let model = ConsoleModel(state: FlowState(settings: FlowSettings()), runner: EffectRunner(auth: TophhieNativeAuth()) { mailbox.post($0) },
                                 mailbox: mailbox, trace: trace)
        defer { model.shutdown() }
        let backend = TestBackend()
        backend.type("\u{1B}[17~")
        backend.events.append(.key(.control("c")))
        FullScreenSession(model: model, header: HeaderInfo(tenant: "contoso", authority: "http://127.0.0.1", mode: "operator"),
                          outbox: nil, trace: trace).run(on: backend)
        #expect(backend.snapshot().contains("HTTP trace, secrets redacted · 0 of 0 exchanges"), "\(backend.snapshot())")
    }

    /// The exchange's lines are the HAR's: every secret the HAR export redacts is redacted on screen.
    @Test func theContinuationTokenAndCodeAreRedacted() async throws {
        let fixture = try await signUpWithAWrongCode()
        let lines = fixture.trace.all.flatMap(ExchangeText.lines).joined(separator: "\n")
        #expect(lines.contains("continuation_token=<redacted>"))
        #expect(lines.contains("oob=<redacted>"))
        #expect(lines.contains("\"continuation_token\":\"<redacted>\""))
        #expect(!lines.contains("00000000"))
    }

    /// Many exchanges on a short terminal: the list scrolls, marks show more above and below.
    @Test func aLongTraceScrolls() async throws {
        let fixture = try WorkbenchFixture()
        for index in 0..<14 { _ = try? await fixture.auth.signIn(email: "nobody\(index)@example.com", password: "x") }
        fixture.open(ConsoleKeys.inspectTrace)
        let size = Size(width: 80, height: 10)
        _ = fixture.screen(size: size)
        assertSnapshot(fixture.screen(size: size), named: "inspector-scrolled-to-newest")
        fixture.press(.pageUp)
        assertSnapshot(fixture.screen(size: size), named: "inspector-page-up")
        fixture.press(.home)
        let rows = fixture.screen(size: size).split(separator: "\n")
        #expect(rows[1].contains("› ") && rows[8].hasSuffix("↓|"), "\(rows)")
    }

    /// Server text reaches the screen printable: a terminal escape in an answer (a proxy's page, a header) is
    /// shown as an escape sequence, never sent to the terminal.
    @Test func serverTextIsMadePrintable() async throws {
        let page = HTTPResponse(status: 502, headers: ["Content-Type": "text/html", "X-Note": "\u{1B}]0;owned\u{07}"],
                                body: Data("<h1>Bad gateway\u{1B}[2J</h1>".utf8))
        let auth = TophhieNativeAuth(transport: ScriptedTransport([ScriptedTransport.Step(.signInInitiate, form: [:], response: page)]))
        try auth.configure(clientId: "3f0a4e1c-0000-4000-8000-000000000001",
                           authority: URL(string: "http://127.0.0.1:9/3f0a4e1c-0000-4000-8000-00000000000a"))
        let trace = TraceLog()
        auth.observe(trace.observer)
        _ = try? await auth.signIn(email: "ann@example.com", password: "x")
        let lines = try ExchangeText.lines(#require(trace.all.first))
        #expect(lines.contains("<h1>Bad gateway\\u{1B}[2J</h1>"), "\(lines)")
        #expect(lines.contains("X-Note: \\u{1B}]0;owned\\u{7}"), "\(lines)")
        #expect(lines.allSatisfy { line in !line.unicodeScalars.contains { $0.value < 0x20 } })
    }
}
