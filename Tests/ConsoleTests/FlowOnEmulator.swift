import AccountFlow
@testable import FlowRunner
import Foundation
import LoopbackHTTP
@testable import TenantEmulator
import TophhieCloudAuthentication
import TestSupport

/// The console's flow as the fronts run it (reducer, effect runner, framework) against an embedded
/// emulator over loopback HTTP, with the settings the console takes from that tenant. Events go in as a
/// front sends them; each waits for its answer.
final class FlowOnEmulator {
    let tenant: EmbeddedTenant
    let model: ConsoleModel
    /// Every exchange of the flow, tagged with the user action it was made for, as the console's trace is.
    let trace: TraceLog
    /// Wakes ``send(_:)`` when the runner posts an answer.
    private let posted: PostSignal
    /// Set when the client talks to the emulator through a ``Middleman``.
    private let middleman: HTTPDaemon?

    /// - Parameters:
    ///   - preset: the emulator preset the policy starts from.
    ///   - rewriter: when given, every exchange passes through it on its own loopback port (a server fault
    ///     the emulator would never make).
    ///   - enrolmentMode: the console's `--enrol`.
    ///   - tokenCache: the console's `--token-cache FILE`: sign-ins are kept there, as by `tophhie console`.
    ///   - edit: changes to the policy (a tenant's user flow).
    init(preset: String = "email-password", through rewriter: (any ExchangeRewriter)? = nil, enrolmentMode: Bool = false,
         tokenCache: String? = nil, _ edit: (inout TenantPolicy) -> Void = { _ in }) throws {
        var policy = try TenantPreset.load(preset)
        edit(&policy)
        tenant = try EmbeddedTenant(policy: policy, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        var authority = tenant.authority
        if let rewriter {
            let daemon = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: Middleman(emulator: tenant.server.emulator, rewriter: rewriter))
            middleman = daemon
            authority = URL(string: "http://127.0.0.1:\(daemon.port)/\(tenant.server.emulator.tenantID)") ?? authority
        } else {
            middleman = nil
        }
        let auth = TophhieNativeAuth()
        try auth.configure(clientId: tenant.clientID, authority: authority, capabilities: [.mfaRequired, .registrationRequired],
                           challengeTypes: tenant.challengeTypes, scopes: TophhieConfiguration.defaultScopes)
        let trace = TraceLog()
        self.trace = trace
        auth.observe(trace.observer)
        var interactive: TophhieAuth?
        if let tokenCache {
            let cached = TophhieAuth()
            try cached.configure(clientId: tenant.clientID, authority: authority, tokenCachePath: tokenCache)
            interactive = cached
        }
        let mailbox = Mailbox()
        let posted = PostSignal()
        mailbox.onPost { posted.signal() }
        self.posted = posted
        let runner = EffectRunner(auth: auth, interactive: interactive) { mailbox.post($0) }
        let cached = interactive
        model = ConsoleModel(state: FlowState(settings: tenant.settings(enrolmentMode: enrolmentMode)), runner: runner, mailbox: mailbox,
                             trace: trace, cacheNotice: { cached?.takeCacheNotice() })
    }

    deinit {
        model.shutdown()
        middleman?.stop()
        tenant.stop()
    }

    var state: FlowState { model.state }
    var screen: Screen { model.state.screen }

    /// Applies each event, then waits (at most 120 s, a safety net: the six-desk test shares the cores) until the request
    /// it started has been answered.
    /// The wait is woken by the runner's posts, as the fronts are: it was a re-check every 2 ms, and dozens of
    /// these tests at once filled the cooperative pool with re-checks while their answers waited behind them.
    func send(_ events: FlowEvent...) async {
        for event in events {
            model.apply(event)
            let deadline = ContinuousClock.now + .seconds(120)
            model.pump()
            while model.isWorking, ContinuousClock.now < deadline {
                await posted.next(before: deadline)
                model.pump()
            }
        }
    }

    /// Types `text` into `field` and leaves it, as the full-screen front does.
    func fill(_ field: FieldID, _ text: String) async { await send(.fieldEdited(field, text), .fieldLeft(field)) }

    /// The newest code the emulator "sent" to `address`.
    func code(to address: String) -> String { tenant.server.emulator.outbox.latest(to: address)?.code ?? "" }

    /// `GET /emulator/v1/users`: the stored users, by email.
    func users() -> [String: [String: Any]] {
        let answer = tenant.server.emulator.handle(EmulatorRequest(method: "GET", path: "/emulator/v1/users"))
        let list = (try? JSONSerialization.jsonObject(with: answer.body)) as? [[String: Any]] ?? []
        return Dictionary(list.compactMap { user in (user["email"] as? String).map { ($0, user) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The field `id` on the current screen.
    func field(_ id: FieldID) -> ScreenField? { screen.fields.first { $0.id == id } }

    /// Signs in from the home menu with `email` and `password`.
    func signIn(_ email: String, _ password: String) async {
        await send(.menuChosen(.signIn))
        await fill(.email, email)
        await fill(.password, password)
        await send(.submitted)
    }
}

/// Stands between the console and the emulator: a server fault the emulator would never make.
protocol ExchangeRewriter: Sendable {
    /// The answer to `request`; `forward` asks the emulator.
    func answer(_ request: EmulatorRequest, _ forward: () -> EmulatorResponse) -> EmulatorResponse
}

/// Serves the emulator on its own loopback port, passing each exchange through `rewriter`.
private struct Middleman: HTTPResponder {
    let emulator: TenantEmulator
    let rewriter: any ExchangeRewriter

    func respond(to request: LoopbackRequest) -> LoopbackResponse {
        var headers = request.headers
        headers["x-emulator-scheme"] = "http"
        let forwarded = EmulatorRequest(method: request.method, path: request.path, query: request.query, headers: headers,
                                        body: Data(request.body))
        let answer = rewriter.answer(forwarded) { emulator.handle(forwarded) }
        return LoopbackResponse(status: answer.status, headers: answer.headers, body: Array(answer.body))
    }
}
