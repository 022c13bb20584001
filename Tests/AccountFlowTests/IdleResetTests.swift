import Foundation
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// Enrolment mode's idle reset (issue 14): a person who walks away leaves nothing for the next one. The
/// countdown runs on ticks, so no test waits in real time.
@Suite struct IdleResetTests {
    static let settings = FlowSettings(enrolmentMode: true, idleReset: 120)
    static let notice = "Cleared after 2 minutes without a key press, for the next person."

    /// At home in enrolment mode, Enter on Sign up (the key, then its event) and the email typed, as the
    /// console sends them; the idle time starts at the next tick, at `Sample.start`.
    static func signUpWithEmailTyped() -> FlowStore {
        var store = FlowStore(settings: settings)
        store.send(.keyPressed) { $0.idle = Countdown(seconds: 120) }
        store.send(.menuChosen(.signUp)) { $0.step = .signUpStart(SignUpForm(settings: settings)) }
        store.send(.keyPressed)
        store.send(.fieldEdited(.email, Sample.email)) { $0.signUp { $0.email = Sample.email } }
        store.send(.tick(Sample.start)) {
            $0.now = Sample.start
            $0.idle = Countdown(seconds: 120, startedAt: Sample.start)
        }
        return store
    }

    /// The tick at `date` finds the time run out: home, the flow forgotten, the notice said.
    static func expectReset(_ store: inout FlowStore, at date: Date, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.tick(date), effects: [.forgetSession, .forgetPerson], sourceLocation: sourceLocation) {
            $0.now = date
            $0.step = .home
            $0.origin = nil
            $0.idle = nil
            $0.homeNotice = notice
        }
    }

    @Test func homeStartsOnSignUpInEnrolmentMode() {
        let screen = FlowState(settings: Self.settings).screen
        #expect(screen.selectedOption.map { screen.options[$0].label } == "Sign up")
        #expect(FlowState(settings: FlowSettings()).screen.selectedOption == nil)
    }

    @Test func idleTimeGoesHomeAndForgetsThePerson() {
        var store = Self.signUpWithEmailTyped()
        store.send(.tick(Sample.start + 104)) { $0.now = Sample.start + 104 }
        #expect(store.state.screen.idleWarning == nil, "no countdown before the last 15 seconds")
        store.send(.tick(Sample.start + 105)) { $0.now = Sample.start + 105 }
        #expect(store.state.screen.idleWarning
            == "No key pressed: clearing this screen for the next person in 15 s. Press any key to stay.")
        store.send(.tick(Sample.start + 119)) { $0.now = Sample.start + 119 }
        #expect(store.state.screen.idleWarning?.contains("in 1 s") == true)
        Self.expectReset(&store, at: Sample.start + 120)
        #expect(store.state.screen.notice == Self.notice)
        #expect(store.state.screen.selectedOption.map { store.state.screen.options[$0].label } == "Sign up")
    }

    @Test func anyKeyStartsTheIdleTimeAgain() {
        var store = Self.signUpWithEmailTyped()
        store.send(.tick(Sample.start + 110)) { $0.now = Sample.start + 110 }
        #expect(store.state.screen.idleWarning != nil)
        store.send(.keyPressed) { $0.idle = Countdown(seconds: 120) }
        #expect(store.state.screen.idleWarning == nil)
        store.send(.tick(Sample.start + 111)) {
            $0.now = Sample.start + 111
            $0.idle = Countdown(seconds: 120, startedAt: Sample.start + 111)
        }
        store.send(.tick(Sample.start + 230)) { $0.now = Sample.start + 230 }
        #expect(store.state.step != .home)
        Self.expectReset(&store, at: Sample.start + 231)
    }

    /// Line mode ticks only while a request runs: an answer given long after the last tick must not find
    /// its idle time already spent.
    @Test func aKeyLongAfterTheLastTickCountsFromTheNextTick() {
        var store = Self.signUpWithEmailTyped()
        store.send(.keyPressed) { $0.idle = Countdown(seconds: 120) }
        store.send(.tick(Sample.start + 600)) {
            $0.now = Sample.start + 600
            $0.idle = Countdown(seconds: 120, startedAt: Sample.start + 600)
        }
        #expect(store.state.step != .home)
    }

    /// A request still in flight is cancelled too: its answer must not bring the person back.
    @Test func aRequestInFlightIsCancelled() {
        var store = Self.signUpWithEmailTyped()
        store.send(.fieldEdited(.password, Sample.password)) { $0.signUp { $0.password = Secret(Sample.password) } }
        store.send(.fieldEdited(.confirmPassword, Sample.password)) { $0.signUp { $0.confirmPassword = Secret(Sample.password) } }
        var state = store.state
        #expect(state.reduce(.submitted) == [.startSignUp(email: Sample.email, password: Secret(Sample.password), attributes: [:])])
        #expect(state.pending == .signingUp)
        #expect(state.reduce(.tick(Sample.start + 120)) == [.cancelRequest, .forgetSession, .forgetPerson])
        #expect(state.step == .home && state.pending == nil && state.origin == nil)
        #expect(state.reduce(.signUpStarted(.success(Sample.delivery))).isEmpty, "the late answer is dropped")
        #expect(state.step == .home)
    }

    /// At home there is nobody to forget, and outside enrolment mode nothing is ever reset.
    @Test func nothingHappensAtHomeOrOutsideEnrolment() {
        var store = FlowStore(settings: Self.settings)
        store.send(.tick(Sample.start)) { $0.now = Sample.start }
        store.send(.tick(Sample.start + 600)) { $0.now = Sample.start + 600 }
        var operatorConsole = FlowStore(settings: FlowSettings(idleReset: 120), step: .signUpStart(SignUpForm(settings: FlowSettings())))
        operatorConsole.send(.keyPressed)
        operatorConsole.send(.tick(Sample.start)) { $0.now = Sample.start }
        operatorConsole.send(.tick(Sample.start + 600)) { $0.now = Sample.start + 600 }
        #expect(operatorConsole.state.screen.idleWarning == nil)
    }

    @Test func durationsAreSpoken() {
        #expect(FlowState.spoken(seconds: 120) == "2 minutes")
        #expect(FlowState.spoken(seconds: 60) == "1 minute")
        #expect(FlowState.spoken(seconds: 90) == "90 seconds")
    }
}
