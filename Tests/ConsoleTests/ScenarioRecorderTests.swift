import AccountFlow
@testable import Console
@testable import ConsoleCommandLine
import Foundation
@testable import ScenarioFiles
@testable import ScenarioRuns
import TenantEmulator
import Testing
import TophhieCloudAuthentication

/// The reducer fed by hand, as the console feeds it, with a recorder watching each event and the state after it.
private struct RecordedSession {
    var state: FlowState
    var recorder = ScenarioRecorder(codeSource: .outbox)

    init(settings: FlowSettings) {
        state = FlowState(settings: settings)
        recorder.begin()
    }

    mutating func send(_ events: FlowEvent...) {
        for event in events {
            let before = state
            _ = state.reduce(event)
            recorder.observe(event, before: before, after: state)
        }
    }

    mutating func type(_ values: [(FieldID, String)]) {
        for (field, value) in values { send(.fieldEdited(field, value), .fieldLeft(field)) }
    }
}

private enum Typed {
    static let email = "ada@contoso.example"
    static let password = "Correct-Horse-9!"
    static let wrongCode = "13579135"
    static let rightCode = "24682468"
    static let delivery = CodeDelivery(sentTo: "a***@co***.example", channel: .email, codeLength: 8, resendInterval: 30)
    static let refused = ServerDetails(error: "invalid_grant", suberror: "invalid_oob_value", code: 50181, status: 400)
    static let account = SignedInAccount(username: email, displayName: "Ada", objectID: "oid-1", tenantID: "tid-1", claims: [:],
                                         accessTokenExpiresOn: Date(timeIntervalSince1970: 1_800_000_000), scopes: ["openid"])
    static let displayName = RequiredAttribute(name: "displayName", type: "string", required: true, regex: nil)
}

@Suite struct ScenarioRecorderTests {
    /// Sign-up with an attribute, a wrong code, the right code, sign-out: the session the tmux test records too.
    private func signUpSession() -> RecordedSession {
        var session = RecordedSession(settings: FlowSettings(upFrontAttributes: [Typed.displayName]))
        session.send(.menuChosen(.signUp))
        session.type([(.email, Typed.email), (.password, Typed.password), (.confirmPassword, Typed.password), (.attribute("displayName"), "Ada")])
        session.send(.submitted, .signUpStarted(.success(Typed.delivery)))
        session.type([(.code, Typed.wrongCode)])
        session.send(.submitted, .signUpAdvanced(.failure(.invalidCode(Typed.refused))))
        session.type([(.code, Typed.rightCode)])
        session.send(.submitted, .signUpAdvanced(.success(.completed)), .signInAdvanced(.success(.completed(Typed.account))))
        session.send(.signOutRequested, .signedOut(.success(SignOutSummary(username: Typed.email))))
        return session
    }

    @Test("each flow started, value typed and screen reached becomes a step; a password an env variable, codes outbox or a wrong one")
    func signUpWithAWrongCodeThenTheRightOne() {
        let session = signUpSession()
        let password = PasswordSource.environment("TOPHHIE_PASSWORD")
        #expect(session.recorder.steps == [
            .start(FlowStart(flow: .signUp, email: Typed.email, password: password, attributes: ["displayName": "Ada"])),
            .expect(Expectation(step: "codeEntry")),
            .answer(.code(.value("00000000"))),
            .expect(Expectation(step: "codeEntry", error: "invalid_grant", suberror: "invalid_oob_value", aadsts: 50181)),
            .answer(.code(.outbox)),
            .expect(Expectation(step: "signedIn")),
            .answer(.signOut),
            .expect(Expectation(step: "signedOut")),
        ])
        #expect(session.recorder.comment.contains("TOPHHIE_PASSWORD"))
    }

    @Test("a device-code sign-in approved elsewhere replays on the emulator with its approval, as the account that signed in")
    func aDeviceCodeSignInRecordsItsApproval() {
        let prompt = DeviceCodePrompt(userCode: "WDJB-MJHT", verificationURI: "https://microsoft.com/devicelogin",
                                      expiresOn: Date(timeIntervalSince1970: 1_800_000_000), interval: 5)
        var session = RecordedSession(settings: FlowSettings())
        session.send(.menuChosen(.deviceCodeSignIn), .deviceCodeIssued(.success(prompt)), .interactiveSignInFinished(.success(Typed.account)))
        #expect(session.recorder.steps == [
            .start(FlowStart(flow: .deviceCode, email: nil, password: nil, attributes: [:])),
            .expect(Expectation(step: "deviceCode")),
            .answer(.approveDeviceCode(username: Typed.email)),
            .expect(Expectation(step: "signedIn")),
        ])

        // A real tenant's approval is a person's: nothing replays it, and the file says so.
        var onATenant = RecordedSession(settings: FlowSettings())
        onATenant.recorder = ScenarioRecorder(codeSource: .command)
        onATenant.recorder.begin()
        onATenant.send(.menuChosen(.deviceCodeSignIn), .deviceCodeIssued(.success(prompt)), .interactiveSignInFinished(.success(Typed.account)))
        #expect(onATenant.recorder.steps?.contains(.answer(.approveDeviceCode(username: Typed.email))) == false)
        #expect(onATenant.recorder.comment.contains("who approved the device code"))
    }

    @Test("the file written holds no password and no code, and reads back as the steps recorded")
    func theFileHoldsNoSecretAndParsesBack() throws {
        var session = signUpSession()
        let added = session.recorder.end(name: "recorded")
        #expect(added)
        let file = ScenarioFile(path: "recorded.json", comment: session.recorder.comment, tenant: .emulator(preset: "attributes"),
                                scenarios: session.recorder.scenarios)
        let data = ScenarioFileEncoder.data(file)
        let text = String(decoding: data, as: UTF8.self)
        for secret in [Typed.password, Typed.wrongCode, Typed.rightCode] { #expect(!text.contains(secret), "\(secret) is in the file") }
        let parsed = try ScenarioFileParser().parse(data, path: "recorded.json")
        #expect(parsed.scenarios.map(\.steps) == file.scenarios.map(\.steps))
        #expect(parsed.comment == file.comment)
        #expect(parsed.passwordVariables == ["TOPHHIE_PASSWORD"])
    }

    @Test("a submit the form refuses itself (the email left empty) is no step: the file it is in still replays")
    func aSubmitRefusedByTheFormIsNotRecorded() {
        var session = RecordedSession(settings: FlowSettings())
        session.send(.menuChosen(.signIn))
        session.type([(.password, Typed.password)])
        session.send(.submitted)
        #expect(session.recorder.steps == [], "nothing was sent, so a replay has nothing to do")
        session.type([(.email, Typed.email)])
        session.send(.submitted, .signInAdvanced(.success(.completed(Typed.account))))
        #expect(session.recorder.steps == [
            .start(FlowStart(flow: .signIn, email: Typed.email, password: .environment("TOPHHIE_PASSWORD"), attributes: [:])),
            .expect(Expectation(step: "signedIn")),
        ])
    }

    @Test("the same password typed twice is one variable; another password is a second one")
    func passwordsAreNamedOncePerPassword() {
        var session = RecordedSession(settings: FlowSettings())
        for password in [Typed.password, Typed.password, "Another-Horse-7?"] {
            session.send(.menuChosen(.signIn))
            session.type([(.email, Typed.email), (.password, password)])
            session.send(.submitted, .signInAdvanced(.failure(.invalidCredentials(ServerDetails(error: "invalid_grant", code: 50126)))),
                         .homeRequested)
        }
        let passwords = (session.recorder.steps ?? []).compactMap { step -> PasswordSource? in
            if case .start(let start) = step { return start.password }
            return nil
        }
        #expect(passwords == [.environment("TOPHHIE_PASSWORD"), .environment("TOPHHIE_PASSWORD"), .environment("TOPHHIE_PASSWORD_2")])
        #expect(session.recorder.passwordVariables == ["TOPHHIE_PASSWORD", "TOPHHIE_PASSWORD_2"])
    }

    @Test("emulator panel actions become emulator steps, a policy in the file's dotted keys; nothing is taken before begin or after end")
    func emulatorActionsAndTheRecordingWindow() throws {
        var recorder = ScenarioRecorder(codeSource: .outbox)
        recorder.emulator(.advanceClock(seconds: 60))
        recorder.begin()
        var patch = PolicyPatch()
        patch.set(\.mfa.required, true)
        recorder.emulator(.policy(patch))
        recorder.emulator(.advanceClock(seconds: 600))
        let added = recorder.end(name: "panel")
        #expect(added)
        recorder.emulator(.advanceClock(seconds: 3600))
        #expect(recorder.scenarios.map(\.steps) == [[.emulator(.policy(patch)), .emulator(.advanceClock(seconds: 600))]])
        #expect(ScenarioFileEncoder.step(.emulator(.policy(patch)))["emulator"] as? [String: [String: Bool]] == ["policy": ["mfa.required": true]])
        // The HTML report's step line names what the policy step changed, as the file says it.
        #expect(ScenarioStep.emulator(.policy(patch)).summary == #"emulator: policy {"mfa.required":true}"#)
    }

    @Test("a step where the emulator and the tenant part ways is named, with what each side saw; steps one side never ran say so")
    func comparisonNamesTheDifferingStep() {
        let steps: [ScenarioStep] = [.start(FlowStart(flow: .signUp, email: Typed.email, password: nil, attributes: [:])),
                                     .expect(Expectation(step: "codeEntry")), .answer(.code(.outbox))]
        let code = StepObservation(step: "codeEntry", fields: ["code"])
        let refused = StepObservation(step: "signUpStart", error: "invalid_grant", suberror: "password_too_short", fields: ["email"])
        let same = ScenarioComparison(file: "f.json", name: "s", steps: steps, tenant: [code, code], emulator: [code, code])
        #expect(same.differences.isEmpty)
        var stopped = refused
        stopped.failure = "expected the code screen, at signUpStart"
        let apart = ScenarioComparison(file: "f.json", name: "s", steps: steps, tenant: [refused, refused, stopped], emulator: [code, code])
        #expect(apart.differences.map(\.index) == [0, 1, 2])
        #expect(apart.lines.first == "f.json \u{201C}s\u{201D}: the emulator and the tenant differ from step 1 (start)")
        #expect(apart.lines.contains("    tenant:   signUpStart (invalid_grant password_too_short) asking email"))
        #expect(apart.lines.last == "    emulator: not run")
    }
}

/// The recording where both fronts send their events (``ConsoleModel``), on an emulator over loopback HTTP, replayed by
/// `tophhie run`.
@Suite(.serialized) struct ScenarioRecordingOnEmulatorTests {
    @Test func aMethodRegisteredAndAPolicyFlippedReplay() async throws {
        let flow = try FlowOnEmulator(preset: "mfa")
        let path = NSTemporaryDirectory() + "tophhie-recorded-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recording = ScenarioRecording(path: path, tenant: .emulator(preset: "mfa"), codeSource: .outbox)
        flow.model.scenarioRecording = recording
        let control = EmulatorControl(emulator: flow.tenant.server.emulator, recording: recording)
        recording.start()

        let (sam, samPassword, phone) = ("sam.lee@contoso.com", "Green-Valley-3381!", "+14255550199")
        await flow.signIn(sam, samPassword)
        guard case .methodPicker(let picker) = flow.state.step, let sms = picker.methods.first(where: { $0.channel == .sms }) else {
            Issue.record("no method picker: \(flow.state.step)")
            return
        }
        await flow.send(.methodPicked(id: sms.id))
        await flow.fill(.contact, phone)
        await flow.send(.submitted)
        await flow.fill(.code, flow.code(to: phone))
        await flow.send(.submitted)
        #expect(flow.state.step.name == .signedIn)
        try control.change(PolicyToggle.mfa.flipped(in: control.policy))
        await flow.send(.homeRequested)
        await flow.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
        #expect(flow.state.step.name == .signedIn)
        #expect(try recording.stop().contains("Scenario recorded"))

        let text = try String(contentsOfFile: path, encoding: .utf8)
        for secret in [samPassword, "Blue-Harbor-7419!"] { #expect(!text.contains(secret)) }
        let file = try ScenarioFileParser().load(path)
        let steps = try #require(file.scenarios.first?.steps)
        #expect(steps.contains(.answer(.method("sms", contact: phone))), "\(text)")
        var mfaOff = PolicyPatch()
        mfaOff.set(\.mfa.required, false)
        #expect(steps.contains(.emulator(.policy(mfaOff))), "\(text)")
        #expect(file.passwordVariables == ["TOPHHIE_PASSWORD", "TOPHHIE_PASSWORD_2"])

        setenv("TOPHHIE_PASSWORD", samPassword, 1)
        setenv("TOPHHIE_PASSWORD_2", "Blue-Harbor-7419!", 1)
        defer { unsetenv("TOPHHIE_PASSWORD"); unsetenv("TOPHHIE_PASSWORD_2") }
        var options = ScenarioRunOptions()
        options.files = [path]
        options.timeout = 120
        options.harDirectory = NSTemporaryDirectory()
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == 0, "\(output)\(errors)\n\(text)")
    }
}
