import Foundation
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// HTTP 429: "Try again" waits out the server's Retry-After on the flow's ticks, and the details say what
/// the server said, as for any other error.
@Suite struct RetryAfterTests {
    static let form = SignInForm(email: Sample.email, password: Secret(Sample.password))
    static let details = ServerDetails(
        error: "temporarily_unavailable", code: 90055, errorDescription: "AADSTS90055: Too many requests.\r\nTrace ID: t-1",
        traceID: "7a1c0e2b-0000-4000-8000-000000000009", correlationID: "c0ffee00-0000-4000-8000-000000000001", status: 429)

    static func throttled(after seconds: Int?) -> FlowStore {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .signInStart(form), origin: FlowOrigin(kind: .signIn, email: Sample.email),
                                        pending: .signingIn, now: Sample.start))
        store.send(.signInAdvanced(.failure(.throttled(retryAfter: seconds, details)))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(
                message: seconds.map { "Too many attempts. Wait \($0) seconds and try again." } ?? "Too many attempts. Wait a moment and try again.",
                detail: details.description, retryStep: .signInStart(form),
                retryWait: seconds.map { Countdown(seconds: $0, startedAt: Sample.start) }))
        }
        return store
    }

    static func tryAgain(_ store: FlowStore) -> ScreenAction? {
        store.state.screen.actions.first { $0.event == .retryRequested }
    }

    @Test func tryAgainCountsDownTheRetryAfterAndOnlyThenWorks() {
        var store = Self.throttled(after: 30)
        #expect(Self.tryAgain(store) == ScreenAction("Try again (in 30 s)", .retryRequested, enabled: false))
        store.send(.retryRequested)
        store.send(.tick(Sample.start + 12)) { $0.now = Sample.start + 12 }
        #expect(Self.tryAgain(store) == ScreenAction("Try again (in 18 s)", .retryRequested, enabled: false))
        store.send(.retryRequested)
        store.send(.tick(Sample.start + 30)) { $0.now = Sample.start + 30 }
        #expect(Self.tryAgain(store) == ScreenAction("Try again", .retryRequested))
        store.send(.retryRequested) { $0.step = .signInStart(Self.form) }
    }

    /// Back from the 429 screen returns to the form, but the server's Retry-After still holds: Enter and
    /// "use a code" send nothing and a notice counts down; once it has passed, Enter signs in.
    @Test func backAfterA429StillWaitsOutTheRetryAfter() {
        var store = Self.throttled(after: 30)
        store.send(.backRequested) {
            $0.step = .signInStart(Self.form)
            $0.serverWait = Countdown(seconds: 30, startedAt: Sample.start)
        }
        store.send(.submitted)
        store.send(.useCodeInstead)
        store.send(.tick(Sample.start + 12)) { $0.now = Sample.start + 12 }
        #expect(store.state.screen.notice == "The server asked to wait: you can send again in 18 s.")
        store.send(.submitted)
        store.send(.tick(Sample.start + 30)) { $0.now = Sample.start + 30 }
        #expect(store.state.screen.notice == nil)
        store.send(.submitted, effects: [.startSignIn(email: Sample.email, password: Secret(Sample.password))]) {
            $0.serverWait = nil
            $0.pending = .signingIn
        }
    }

    @Test func aWaitSetBeforeTheFirstTickStartsAtIt() {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .signInStart(Self.form),
                                        origin: FlowOrigin(kind: .signIn, email: Sample.email), pending: .signingIn))
        store.send(.signInAdvanced(.failure(.throttled(retryAfter: 5, Self.details)))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "Too many attempts. Wait 5 seconds and try again.", detail: Self.details.description,
                                             retryStep: .signInStart(Self.form), retryWait: Countdown(seconds: 5)))
        }
        store.send(.tick(Sample.start)) {
            $0.now = Sample.start
            $0.step = .failure(FailureReport(message: "Too many attempts. Wait 5 seconds and try again.", detail: Self.details.description,
                                             retryStep: .signInStart(Self.form), retryWait: Countdown(seconds: 5, startedAt: Sample.start)))
        }
        #expect(Self.tryAgain(store) == ScreenAction("Try again (in 5 s)", .retryRequested, enabled: false))
    }

    @Test func withoutRetryAfterTryAgainIsOfferedAtOnce() {
        var store = Self.throttled(after: nil)
        #expect(Self.tryAgain(store) == ScreenAction("Try again", .retryRequested))
        store.send(.retryRequested) { $0.step = .signInStart(Self.form) }
    }

    @Test func theDetailsNameTheErrorCodeAndIds() {
        let store = Self.throttled(after: 30)
        let detail = store.state.screen.details.first?.value ?? ""
        for part in ["HTTP 429", "temporarily_unavailable", "AADSTS90055", "trace id 7a1c0e2b-0000-4000-8000-000000000009",
                     "correlation id c0ffee00-0000-4000-8000-000000000001"] {
            #expect(detail.contains(part), "\(part) missing from: \(detail)")
        }
    }
}
