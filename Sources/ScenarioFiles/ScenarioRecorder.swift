import AccountFlow
import Foundation
import TophhieCloudAuthentication

/// Turns what an operator does at the console into scenario steps that `tophhie run` replays: each flow started,
/// each value typed, each choice, and after each an `expect` of the screen it settled on (the step, the server's
/// error since, the attributes or methods asked for). Fed every event as it reaches the reducer and the state after
/// it (``ConsoleModel``), and the emulator panel's actions; pure, so every rule is tested without a terminal.
///
/// Never a secret: a password becomes `{"env": "TOPHHIE_PASSWORD"}` (one variable per distinct password, named in
/// ``comment``), a code that worked becomes ``codeSource`` and a code the tenant refused (`invalid_oob_value`) becomes
/// zeros of its length.
struct ScenarioRecorder {
    /// What a code that worked becomes: `outbox` on the embedded emulator, else where the tenant's codes are read.
    let codeSource: CodeSource
    /// The scenarios finished so far (``end(name:)``).
    private(set) var scenarios: [Scenario] = []
    /// The steps of the scenario being recorded; nil between recordings.
    private(set) var steps: [ScenarioStep]?
    /// The variables named for passwords, in the order they were first typed.
    private(set) var passwordVariables: [String] = []
    /// What the operator did that no scenario step replays, said once each in ``comment``.
    private(set) var leftOut: [String] = []
    /// A password's hash to its variable: the same password typed twice is one variable, and the recorder keeps no
    /// password.
    private var variableOfPassword: [Int: String] = [:]
    /// The start or answer whose flow has not settled yet: its `expect` comes when no request is in flight.
    private var open: OpenStep?

    private struct OpenStep {
        /// The server's last error since the step was taken.
        var error: ServerDetails?
        /// A code answer's index in ``steps`` and the length typed: decided when the tenant answers.
        var code: (index: Int, length: Int)?
        /// A method picked: a contact typed next belongs to the same answer.
        var method: Int?
    }

    /// The value a refused code is replayed as.
    static func wrongCode(length: Int) -> String { String(repeating: "0", count: max(length, 1)) }

    /// The variable the `n`-th distinct password is read from (1-based).
    static func variable(_ n: Int) -> String { n == 1 ? "TOPHHIE_PASSWORD" : "TOPHHIE_PASSWORD_\(n)" }

    init(codeSource: CodeSource) {
        self.codeSource = codeSource
    }

    var isRecording: Bool { steps != nil }

    /// Starts a new scenario (a recording already running goes on).
    mutating func begin() {
        if steps == nil { steps = [] }
    }

    /// Ends the recording: its steps become scenario `name` (none taken: no scenario).
    /// - Returns: whether a scenario was added.
    @discardableResult
    mutating func end(name: String, timeout: TimeInterval = 60) -> Bool {
        defer { steps = nil; open = nil }
        guard let steps, !steps.isEmpty else { return false }
        scenarios.append(Scenario(name: name, timeout: timeout, steps: steps))
        return true
    }

    /// `$comment` of the file: which variables its passwords come from, and what it could not record.
    var comment: String {
        var text = "Recorded with tophhie --record-scenario."
        if !passwordVariables.isEmpty {
            let names = passwordVariables.enumerated().map { index, name in "\(name) (password \(index + 1) typed)" }
            text += " Set \(names.joined(separator: ", ")) before tophhie run: passwords are never written here."
        }
        if !leftOut.isEmpty { text += " Not recorded (no scenario step replays it): \(leftOut.joined(separator: "; "))." }
        return text
    }

    /// One event as it reached the reducer, with the state before and after it.
    mutating func observe(_ event: FlowEvent, before: FlowState, after: FlowState) {
        guard steps != nil else { return }
        if let error = Self.serverError(in: event) { open?.error = error }
        // Input while a request is out, or that changed nothing, did nothing a replay must do.
        if before.pending == nil, before != after { take(event, on: before.step, leadingTo: after) }
        if case .deviceCode = before.step, case .signedIn(let account, _) = after.step { deviceCodeApproved(by: account.username) }
        settle(after)
    }

    /// An action of the emulator panel (or its line commands), done.
    mutating func emulator(_ action: EmulatorAction) {
        guard steps != nil else { return }
        steps?.append(.emulator(action))
    }

    /// Something done while recording that no step replays (a user added in the panel), named in ``comment``.
    mutating func leaveOut(_ what: String) {
        guard steps != nil else { return }
        leave(what)
    }

    // MARK: Steps from events

    private mutating func take(_ event: FlowEvent, on step: FlowStep, leadingTo after: FlowState) {
        if case .submitted = event {
            // Refused by the form's own checks (an empty email): nothing was sent, so a replay has nothing to do.
            guard after.pending != nil || after.step.name != step.name else { return }
            return submitted(on: step)
        }
        if case .useCodeInstead = event, case .signInStart(let form) = step {
            return add(.start(FlowStart(flow: .signIn, email: form.email, password: nil, attributes: [:])))
        }
        if case .methodPicked(let id) = event, case .methodPicker(let picker) = step, let method = picker.methods.first(where: { $0.id == id }) {
            // A channel replays on a fresh tenant, whose method ids differ; an id only where two share a channel.
            let sameChannel = picker.methods.filter { $0.channel == method.channel }.count
            add(.answer(.method(sameChannel == 1 ? method.channel.wireValue : method.id, contact: nil)))
            open?.method = (steps?.count ?? 1) - 1
            return
        }
        if case .signOutRequested = event, case .signedIn = step { return add(.answer(.signOut)) }
        if case .menuChosen(.deviceCodeSignIn) = event {
            return add(.start(FlowStart(flow: .deviceCode, email: nil, password: nil, attributes: [:])))
        }
        if let name = Self.unreplayable(event) { leave(name) }
    }

    /// Someone approved the device code elsewhere: on the emulator the replay approves it as the account signed in;
    /// a real tenant's approval is a person's, so the comment says the run waits for one.
    private mutating func deviceCodeApproved(by username: String?) {
        guard codeSource == .outbox, let username else {
            return leave("who approved the device code (the run waits for someone to approve it)")
        }
        add(.answer(.approveDeviceCode(username: username)))
    }

    private mutating func submitted(on step: FlowStep) {
        switch step {
        case .signUpStart(let form):
            add(.start(FlowStart(flow: .signUp, email: form.email, password: password(form.password),
                                 attributes: form.attributes.values.filter { !$0.value.isEmpty })))
        case .signInStart(let form):
            add(.start(FlowStart(flow: .signIn, email: form.email, password: password(form.password), attributes: [:])))
        case .resetStart(let form):
            add(.start(FlowStart(flow: .resetPassword, email: form.email, password: nil, attributes: [:])))
        case .codeEntry(let entry):
            add(.answer(.code(codeSource)))
            open?.code = ((steps?.count ?? 1) - 1, entry.code.revealed.count)
        case .newPassword(let form):
            if let source = password(form.password) { add(.answer(.password(source))) }
        case .attributes(let form):
            add(.answer(.attributes(form.values.filter { !$0.value.isEmpty })))
        case .contactEntry(let entry):
            // Picked and typed are one answer: the driver picks the method, then types the contact.
            let contact = entry.contactSent ?? entry.contact
            guard let index = open?.method, case .answer(.method(let name, nil))? = steps?[index] else { return leave("a contact typed after leaving the picker") }
            steps?[index] = .answer(.method(name, contact: contact))
            open?.method = nil
            open?.error = nil
        case .readyToSignIn, .resetDone:
            add(.answer(.proceed))
        case .home, .methodPicker, .resetPolling, .webFallback, .signedIn, .deviceCode, .browserWait, .signedOut, .enrolled,
             .enrolmentSignedIn, .profile, .profileEdit, .historyUser, .history, .historyRow, .tenant, .failure:
            break
        }
    }

    /// A password typed, as the variable it is read from on replay; nil when none was typed.
    private mutating func password(_ typed: Secret) -> PasswordSource? {
        guard !typed.isEmpty else { return nil }
        if let name = variableOfPassword[typed.hashValue] { return .environment(name) }
        let name = Self.variable(passwordVariables.count + 1)
        passwordVariables.append(name)
        variableOfPassword[typed.hashValue] = name
        return .environment(name)
    }

    private mutating func add(_ step: ScenarioStep) {
        steps?.append(step)
        open = OpenStep()
    }

    private mutating func leave(_ what: String) {
        if !leftOut.contains(what) { leftOut.append(what) }
    }

    /// When no request is in flight (or a device code waits for its user), the open step's `expect` is written.
    private mutating func settle(_ state: FlowState) {
        guard let taken = open else { return }
        var waiting = state.pending == nil
        if case .deviceCode = state.step { waiting = true }
        guard waiting else { return }
        if taken.method != nil, case .contactEntry = state.step { return }
        if let code = taken.code, taken.error?.suberror == "invalid_oob_value" {
            steps?[code.index] = .answer(.code(.value(Self.wrongCode(length: code.length))))
        }
        open = nil
        if let expectation = Self.expectation(at: state, error: taken.error) { steps?.append(.expect(expectation)) }
    }

    /// What the screen reached says: its step, the error the server gave since, what it asks for.
    static func expectation(at state: FlowState, error: ServerDetails?) -> Expectation? {
        let name = state.step.name
        var expectation = Expectation(step: ScenarioFileParser.stepNames.contains(name) ? name.rawValue : nil, error: error?.error,
                                      suberror: error?.suberror, aadsts: error?.code)
        if case .attributes(let form) = state.step { expectation.attributesAsked = form.fields.map(\.attribute.name) }
        if case .methodPicker(let picker) = state.step { expectation.methodsOffered = picker.methods.map(\.channel.wireValue) }
        if case .webFallback(let fallback) = state.step { expectation.redirectReason = fallback.reason }
        return expectation == Expectation() ? nil : expectation
    }

    /// The server's error an answer carries, if it failed with one.
    static func serverError(in event: FlowEvent) -> ServerDetails? {
        if case .signUpStarted(.failure(let error)) = event { return error.details }
        if case .signUpAdvanced(.failure(let error)) = event { return error.details }
        if case .signInAdvanced(.failure(let error)) = event { return error.details }
        if case .mfaChallengeAnswered(.failure(let error)) = event { return error.details }
        if case .registrationAnswered(.failure(let error)) = event { return error.details }
        if case .codeResent(.failure(let error)) = event { return error.details }
        if case .resetStarted(.failure(let error)) = event { return error.details }
        if case .resetAdvanced(.failure(let error)) = event { return error.details }
        return nil
    }

    /// What a user event that no step replays is called in the file's comment; nil for the others.
    static func unreplayable(_ event: FlowEvent) -> String? {
        if case .resendRequested = event { return "a code sent again" }
        if case .retryRequested = event { return "a retry from a failure screen" }
        if case .menuChosen(.browserSignIn) = event { return "a browser sign-in" }
        if case .refreshRequested = event { return "a token refresh" }
        if case .switchAccountRequested = event { return "an account switch" }
        if case .profileRequested = event { return "the profile" }
        if case .historyRequested = event { return "the sign-in history" }
        if case .tenantRequested = event { return "the tenant snapshot" }
        return nil
    }
}
