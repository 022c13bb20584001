import AccountFlow
import FlowRunner
import Foundation
import MailboxCodes
import ScenarioFiles
import Synchronization
import TerminalUI
import TenantEmulator
import TophhieCloudAuthentication

/// Runs one scenario the way a user at the console would: every step is a `FlowEvent` on the console's
/// state machine (`ConsoleModel`: `FlowState` + `EffectRunner` + the framework), so a passing scenario
/// proves what a user sees. Emulator actions go through its control API.
final class ScenarioDriver {
    /// Where passwords named by `{"env": NAME}` are read.
    private let environment = ProcessInfo.processInfo.environment
    /// `false` (`tophhie run --compare`): `expect` steps are observed, not checked, so the run goes on where the tenant
    /// and the emulator part ways.
    private let checksExpectations: Bool
    /// What each step performed led to, in order (the failing one last).
    private(set) var observations: [StepObservation] = []

    /// Why a step did not hold; becomes ``ScenarioFailure``.
    private struct StepFailure: Error {
        var message: String
    }

    private let scenario: Scenario
    private let stack: ScenarioStack
    private let model: ConsoleModel
    private let trace = TraceLog()
    /// Woken by each answer the runner posts (no poll while a request is out).
    private let answers = WakePipe()
    private let deadline: Date
    private let prompt: CodePrompt
    /// Whether a signal ended the run: the step waiting stops at once.
    private let interrupted: @Sendable () -> Bool
    /// Trace length when the last start or answer began: expectations read what came back since.
    private var mark = 0
    /// The address of the flow in progress (for a code command or prompt).
    private var email = ""
    /// When the last start or non-code answer began: a mailbox message older than that is not the code it sent.
    private var codeRequestedAt = Date()

    /// What a step that stopped for a signal says (the runner reports the scenario as interrupted instead).
    static let interruptedMessage = "interrupted"

    /// - Parameters:
    ///   - debug: also receives every exchange (`--debug`), besides the scenario's own trace.
    ///   - interrupted: true once the run was told to stop; the driver gives up at its next wait.
    init(scenario: Scenario, stack: ScenarioStack, prompt: CodePrompt, debug: ExchangeObserver? = nil, checksExpectations: Bool = true,
         interrupted: @escaping @Sendable () -> Bool = { false }) {
        self.interrupted = interrupted
        self.checksExpectations = checksExpectations
        self.scenario = scenario
        self.stack = stack
        self.prompt = prompt
        deadline = Date().addingTimeInterval(scenario.timeout)
        let traced = trace.observer
        var observer = traced
        if let debug {
            observer = { exchange in
                traced(exchange)
                debug(exchange)
            }
        }
        stack.auth.observe(observer)
        stack.interactive?.observe(observer)
        var settings = stack.settings
        // Attributes a start step types go on the sign-up screen, as an operator offers them up front.
        let upFront = Set(scenario.steps.flatMap { step -> [String] in
            guard case .start(let start) = step else { return [] }
            return Array(start.attributes.keys)
        })
        settings.upFrontAttributes = upFront.sorted().map { RequiredAttribute(name: $0, type: "string", required: false, regex: nil) }
        let mailbox = Mailbox()
        mailbox.onPost(answers.wake)
        let runner = EffectRunner(auth: stack.auth, interactive: stack.interactive) { mailbox.post($0) }
        model = ConsoleModel(state: FlowState(settings: settings), runner: runner, mailbox: mailbox, trace: trace)
    }

    /// Runs the steps in order until one fails.
    /// - Parameter progress: told the index of each step as it starts.
    func run(progress: (Int) -> Void) -> (failure: ScenarioFailure?, exchanges: [ObservedExchange]) {
        defer { model.shutdown() }
        for (index, step) in scenario.steps.enumerated() {
            progress(index)
            do {
                try perform(step)
                observations.append(observation())
            } catch {
                var failed = observation()
                failed.failure = error.message
                observations.append(failed)
                let exchanges = trace.all
                var failure = ScenarioFailure(stepIndex: index, stepKind: step.kind.rawValue, message: error.message, exchange: exchanges.last)
                // The service refused more codes (AADSTS701014): CI must tell that from a fault of the product.
                failure.serviceThrottled = exchanges.contains { exchange in
                    exchange.errorCode == AADSTSCode.cannotGenerateMoreCodes
                        || exchange.responseBody.contains("AADSTS\(AADSTSCode.cannotGenerateMoreCodes):")
                }
                return (failure, exchanges)
            }
        }
        return (nil, trace.all)
    }

    private func perform(_ step: ScenarioStep) throws(StepFailure) {
        switch step {
        case .start(let start): try begin(start)
        case .answer(let answer): try give(answer)
        case .emulator(let action): try act(action)
        case .expect(let expectation): if checksExpectations { try check(expectation) }
        }
    }

    /// Where the flow stands now: its step, the server's error since the last start or answer, the fields asked for.
    private func observation() -> StepObservation {
        let answered = trace.all.dropFirst(mark).last { $0.error != nil }
        return StepObservation(step: Self.name(of: model.state.step), error: answered?.error, suberror: answered?.suberror,
                               aadsts: answered?.errorCode, fields: model.state.screen.fields.map { Self.label($0.id) })
    }

    // MARK: Start and answers

    private func begin(_ start: FlowStart) throws(StepFailure) {
        mark = trace.count
        codeRequestedAt = Date()
        if model.state.step != .home { model.apply(.homeRequested) }
        let item: MenuItem = switch start.flow {
        case .signUp: .signUp
        case .signIn: .signIn
        case .resetPassword: .resetPassword
        case .deviceCode: .deviceCodeSignIn
        }
        model.apply(.menuChosen(item))
        if start.flow == .deviceCode { return try settle() }
        email = start.email ?? ""
        var values: [FieldID: String] = [.email: email]
        if let source = start.password {
            let password = try resolve(source)
            values[.password] = password
            values[.confirmPassword] = password
        }
        for (name, value) in start.attributes { values[.attribute(name)] = value }
        try fill(values)
        model.apply(.submitted)
        try settle()
    }

    private func give(_ answer: Answer) throws(StepFailure) {
        mark = trace.count
        if case .code = answer {} else { codeRequestedAt = Date() }
        switch answer {
        case .code(let source):
            guard case .codeEntry(let entry) = model.state.step else { throw wrongScreen("the code screen") }
            try fill([.code: try code(from: source, digits: entry.delivery.codeLength)])
        case .password(let source):
            guard case .newPassword = model.state.step else { throw wrongScreen("the new-password screen") }
            let password = try resolve(source)
            try fill([.password: password, .confirmPassword: password])
        case .attributes(let values):
            guard case .attributes = model.state.step else { throw wrongScreen("the attributes screen") }
            try fill(Dictionary(uniqueKeysWithValues: values.map { (FieldID.attribute($0.key), $0.value) }))
        case .method(let name, let contact):
            guard case .methodPicker(let picker) = model.state.step else { throw wrongScreen("the method picker") }
            guard let method = picker.methods.first(where: { $0.id == name || $0.channel.wireValue == name }) else {
                throw StepFailure(message: "no method \(name) is offered (offered: \(Self.names(of: picker.methods).joined(separator: ", ")))")
            }
            model.apply(.methodPicked(id: method.id))
            try settle()
            guard let contact else { return }
            guard case .contactEntry = model.state.step else { throw wrongScreen("the contact screen") }
            try fill([.contact: contact])
        case .proceed:
            break
        case .signOut:
            guard case .signedIn = model.state.step else { throw wrongScreen("the account screen") }
            model.apply(.signOutRequested)
            return try settle()
        case .approveDeviceCode(let username):
            guard case .deviceCode(let wait) = model.state.step else { throw wrongScreen("the device-code screen") }
            let body = (try? JSONSerialization.data(withJSONObject: ["username": username])) ?? Data()
            try control("POST", "devicecodes/\(wait.prompt.userCode.revealed)/approve", body: body)
            return try settle(waitingForDeviceCode: false)
        }
        model.apply(.submitted)
        try settle()
    }

    /// The password a step gives: as written, or from the environment variable the file names.
    private func resolve(_ source: PasswordSource) throws(StepFailure) -> String {
        switch source {
        case .value(let password): return password
        case .environment(let name):
            guard let password = environment[name], !password.isEmpty else {
                throw StepFailure(message: "the environment variable \(name) is not set (the file's password comes from it)")
            }
            return password
        }
    }

    /// Types `values` into the current screen's fields, as the line mode does (edit, then leave).
    private func fill(_ values: [FieldID: String]) throws(StepFailure) {
        let fields = Set(model.state.screen.fields.map(\.id))
        for (id, value) in values.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            guard fields.contains(id) else {
                if id == .confirmPassword || (id == .password && values[.email] != nil) { continue }
                throw StepFailure(message: "the screen \(Self.name(of: model.state.step)) has no field \(Self.label(id))")
            }
            model.apply(.fieldEdited(id, value))
            model.apply(.fieldLeft(id))
        }
    }

    /// - Parameter digits: the code's length the challenge announced (a mailbox's default pattern looks for as many).
    private func code(from source: CodeSource, digits: Int) throws(StepFailure) -> String {
        switch source {
        case .value(let code): return code
        case .outbox:
            guard let message = stack.emulator?.server.emulator.outbox.messages().last else {
                throw StepFailure(message: "the emulator's outbox is empty: no code was sent")
            }
            return message.code
        case .prompt:
            guard let code = prompt.ask("Code sent for \(email) (scenario \"\(scenario.name)\"): ") else {
                throw StepFailure(message: "no code was typed (input ended)")
            }
            return code
        case .command:
            guard let command = stack.codeCommand else { throw StepFailure(message: "the tenant has no codeCommand") }
            switch CodeCommand.run(command, email: email, timeout: max(1, deadline.timeIntervalSinceNow)) {
            case .success(let code): return code
            case .failure(let problem): throw StepFailure(message: problem.description)
            }
        case .mailbox(let address):
            guard let reader = stack.mailbox else { throw StepFailure(message: "the tenant has no mailbox") }
            return try mailboxCode(reader, address: address ?? email, digits: digits)
        }
    }

    /// Awaits the mailbox's code on a task while this thread waits on `answers` (woken when it is read), so an
    /// interruption cancels the read at once; the reader gives up itself at the scenario's deadline.
    private func mailboxCode(_ reader: MailboxReader, address: String, digits: Int) throws(StepFailure) -> String {
        let outcome = MailboxOutcome()
        let answers = answers
        let (requestedAt, deadline) = (codeRequestedAt, deadline)
        let task = Task {
            do throws(MailboxFailure) {
                let code = try await reader.code(for: address, requestedAt: requestedAt, deadline: deadline, digits: digits)
                outcome.result.withLock { $0 = .success(code) }
            } catch {
                outcome.result.withLock { $0 = .failure(error) }
            }
            answers.wake()
        }
        while true {
            switch outcome.result.withLock({ $0 }) {
            case .success(let code)?: return code
            case .failure(let failure)?: throw StepFailure(message: failure.description)
            case nil: break
            }
            if interrupted() {
                task.cancel()
                throw StepFailure(message: Self.interruptedMessage)
            }
            _ = answers.wait(timeout: .seconds(1))
        }
    }

    /// Pumps the runner's answers until no request is in flight (or a device code waits for its user).
    private func settle(waitingForDeviceCode: Bool = true) throws(StepFailure) {
        while true {
            model.pump()
            if !model.isWorking { return }
            if waitingForDeviceCode, case .deviceCode = model.state.step { return }
            if interrupted() { throw StepFailure(message: Self.interruptedMessage) }
            if Date() > deadline {
                throw StepFailure(message: "timed out after \(Int(scenario.timeout)) s at \(Self.name(of: model.state.step)) "
                                  + "(\(model.state.screen.status ?? "waiting"))")
            }
            // This driver's own thread (see ScenarioRunner) waits for the next answer or the next tick.
            _ = answers.wait(timeout: max(model.untilNextTick, .milliseconds(1)))
        }
    }

    // MARK: Emulator actions

    private func act(_ action: EmulatorAction) throws(StepFailure) {
        guard stack.emulator != nil else { throw StepFailure(message: "emulator actions need the embedded emulator") }
        switch action {
        case .advanceClock(let seconds):
            let body = (try? JSONSerialization.data(withJSONObject: ["advanceSeconds": seconds])) ?? Data()
            try control("POST", "clock", body: body)
        case .fault(let body):
            try control("POST", "faults", body: body)
        case .policy(let patch):
            let body = (try? JSONSerialization.data(withJSONObject: patch.body)) ?? Data()
            try control("PATCH", "tenant", body: body)
        }
    }

    /// One control-API call on the scenario's emulator; anything but 200 fails the step with its message.
    private func control(_ method: String, _ route: String, body: Data) throws(StepFailure) {
        guard let emulator = stack.emulator?.server.emulator else { throw StepFailure(message: "this needs the embedded emulator") }
        let response = emulator.handle(EmulatorRequest(method: method, path: "/emulator/v1/" + route, body: body))
        guard response.status == 200 else {
            let reason = response.jsonObject?["error"] as? String ?? "status \(response.status)"
            throw StepFailure(message: "the emulator refused \(method) \(route): \(reason)")
        }
    }

    // MARK: Expectations

    private func check(_ expectation: Expectation) throws(StepFailure) {
        let step = model.state.step
        if let wanted = expectation.step, Self.name(of: step) != wanted {
            throw StepFailure(message: "expected step \(wanted), got \(whereItStands())")
        }
        if expectation.error != nil || expectation.suberror != nil || expectation.aadsts != nil {
            let answered = trace.all.dropFirst(mark).last { $0.error != nil }
            func compare(_ key: String, _ wanted: String?, _ got: String?) throws(StepFailure) {
                guard let wanted, wanted != got else { return }
                throw StepFailure(message: "expected \(key) \(wanted), got \(got ?? "none")")
            }
            try compare("error", expectation.error, answered?.error)
            try compare("suberror", expectation.suberror, answered?.suberror)
            try compare("AADSTS", expectation.aadsts.map(String.init), answered?.errorCode.map(String.init))
        }
        if let wanted = expectation.attributesAsked {
            guard case .attributes(let form) = step else { throw wrongScreen("the attributes screen") }
            let asked = form.fields.map(\.attribute.name)
            if Set(asked) != Set(wanted) {
                throw StepFailure(message: "expected attributes asked \(wanted.sorted()), got \(asked.sorted())")
            }
        }
        if let wanted = expectation.methodsOffered {
            guard case .methodPicker(let picker) = step else { throw wrongScreen("the method picker") }
            let channels = picker.methods.map(\.channel.wireValue).sorted()
            let ids = picker.methods.map(\.id).sorted()
            if wanted.sorted() != channels, wanted.sorted() != ids {
                throw StepFailure(message: "expected methods offered \(wanted.sorted()), got \(channels)")
            }
        }
        if let wanted = expectation.redirectReason {
            guard case .webFallback(let fallback) = step else { throw wrongScreen("the web fallback") }
            guard let reason = fallback.reason, reason.localizedCaseInsensitiveContains(wanted) else {
                throw StepFailure(message: "expected a redirect reason containing \"\(wanted)\", got \(fallback.reason.map { "\"\($0)\"" } ?? "none")")
            }
        }
    }

    private func wrongScreen(_ wanted: String) -> StepFailure {
        StepFailure(message: "expected \(wanted), at \(whereItStands())")
    }

    /// The step, with what its screen says went wrong (the screen's message, else the first field error) and the
    /// server's error since the step began: `signInStart (Your password is incorrect.; server: invalid_grant AADSTS50126)`.
    private func whereItStands() -> String {
        let screen = model.state.screen
        var said = [screen.message ?? screen.fields.lazy.compactMap(\.error).first].compactMap { $0 }
        if let answered = trace.all.dropFirst(mark).last(where: { $0.error != nil }), let error = answered.error {
            said.append("server: " + [error, answered.suberror, answered.errorCode.map { "AADSTS\($0)" }].compactMap { $0 }.joined(separator: " "))
        }
        let name = Self.name(of: model.state.step)
        return said.isEmpty ? name : "\(name) (\(said.joined(separator: "; ")))"
    }

    /// The step's name (`codeEntry`), as `expect.step` spells it.
    static func name(of step: FlowStep) -> String { step.name.rawValue }

    private static func names(of methods: [AuthMethod]) -> [String] {
        methods.map { "\($0.channel.wireValue) (\($0.id))" }
    }

    private static func label(_ id: FieldID) -> String {
        if case .attribute(let name) = id { return name }
        return "\(id)"
    }
}
