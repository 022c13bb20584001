import AccountFlow
import Foundation
import Testing
import TophhieCloudAuthentication

/// The account screen's refresh, and field case 005 (docs/field-cases.md): a refresh refused because MFA became required starts an
/// interactive sign-in for the same email.
@Suite struct RefreshFlowTests {
    static var refreshable: SignedInAccount {
        var account = Sample.account
        account.canRefresh = true
        return account
    }

    static func signedInStore() -> FlowStore {
        FlowStore(FlowState(settings: FlowSettings(), step: .signedIn(refreshable), signedIn: refreshable))
    }

    @Test func aRefreshShowsTheNewLifetimes() {
        var store = Self.signedInStore()
        store.send(.refreshRequested, effects: [.refreshTokens]) { $0.pending = .refreshingTokens }
        var renewed = Self.refreshable
        renewed.accessTokenExpiresOn = Sample.start.addingTimeInterval(7200)
        store.send(.tokensRefreshed(.success(renewed))) {
            $0.pending = nil
            $0.step = .signedIn(renewed)
            $0.signedIn = renewed
        }
        // The screen confirms it: the lifetimes alone change too quietly to notice.
        var ticking = Self.signedInStore()
        ticking.send(.tick(Sample.start)) { $0.now = Sample.start }
        ticking.send(.refreshRequested, effects: [.refreshTokens]) { $0.pending = .refreshingTokens }
        ticking.send(.tokensRefreshed(.success(Self.refreshable))) {
            var stamped = Self.refreshable
            stamped.refreshedAt = Sample.start
            $0.pending = nil
            $0.step = .signedIn(stamped)
            $0.signedIn = stamped
        }
        #expect(ticking.state.screen.notice == "Tokens refreshed at 08:00:00 UTC.")
    }

    /// Field case 005 (docs/field-cases.md).
    @Test func mfaNowRequiredStartsAnInteractiveSignInWithTheEmail() {
        var store = Self.signedInStore()
        store.send(.refreshRequested, effects: [.refreshTokens]) { $0.pending = .refreshingTokens }
        store.send(.tokensRefreshed(.failure(.mfaRequiredForRefresh(Sample.details)))) {
            $0.pending = nil
            $0.signedIn = nil
            $0.origin = FlowOrigin(kind: .signIn, email: Sample.email)
            $0.step = .signInStart(SignInForm(email: Sample.email, message: "Additional verification is now required. Sign in again."))
        }
        #expect(store.state.screen.title == "Sign in")
    }

    /// A refresh token the server no longer honours (`invalid_grant`, e.g. the account was deleted) also
    /// means signing in again, not a dead end.
    @Test func aRefusedRefreshGrantStartsASignIn() {
        var store = Self.signedInStore()
        store.send(.refreshRequested, effects: [.refreshTokens]) { $0.pending = .refreshingTokens }
        let refused = ServerDetails(error: "invalid_grant", code: 9002313, status: 400)
        store.send(.tokensRefreshed(.failure(.server(refused)))) {
            $0.pending = nil
            $0.signedIn = nil
            $0.origin = FlowOrigin(kind: .signIn, email: Sample.email)
            $0.step = .signInStart(SignInForm(email: Sample.email, message: "Your session has ended. Sign in again."))
        }
    }

    /// The account was signed out in another window while the refresh was out: back to sign-in, saying so
    /// (field case 029).
    @Test func anAccountSignedOutElsewhereGoesToSignInSayingSo() {
        var store = Self.signedInStore()
        store.send(.refreshRequested, effects: [.refreshTokens]) { $0.pending = .refreshingTokens }
        let gone = ServerDetails(errorDescription: "This account was signed out in another window. Sign in again.")
        store.send(.tokensRefreshed(.failure(.refreshTokenExpired(gone)))) {
            $0.pending = nil
            $0.signedIn = nil
            $0.origin = FlowOrigin(kind: .signIn, email: Sample.email)
            $0.step = .signInStart(SignInForm(email: Sample.email, message: "This account was signed out in another window. Sign in again."))
        }
    }

    /// "Try again" repeats the refresh, not only the way back to the account.
    @Test func otherRefreshFailuresOfferARetryThatRefreshesAgain() {
        var store = Self.signedInStore()
        store.send(.refreshRequested, effects: [.refreshTokens]) { $0.pending = .refreshingTokens }
        store.send(.tokensRefreshed(.failure(.networkFailure("The server 127.0.0.1 could not be reached.")))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(
                message: "Network failure: The server 127.0.0.1 could not be reached.", retryStep: .signedIn(Self.refreshable), retryRefreshes: true))
        }
        #expect(store.state.screen.actions.first?.label == "Try again")
        store.send(.retryRequested, effects: [.refreshTokens]) {
            $0.step = .signedIn(Self.refreshable)
            $0.pending = .refreshingTokens
        }
    }

    @Test func noRefreshWithoutARefreshToken() {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .signedIn(Sample.account), signedIn: Sample.account))
        store.send(.refreshRequested)
        #expect(!store.state.screen.actions.contains { $0.event == .refreshRequested })
    }
}
