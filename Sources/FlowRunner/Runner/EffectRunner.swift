import AccountFlow
import AccountFlowLive
import Foundation
import Synchronization
import TophhieCloudAuthentication

/// Performs `FlowEffect`s with the framework, off the UI thread, and hands the answers back as
/// `FlowEvent`s. Keeps the live step; one flow request at a time, beside the start-up restore (requests are
/// keyed, so neither cancels the other); a cancelled request sends no answer.
///
/// Source of the contract: `AccountFlow.reduce(_:_:)`.
public final class EffectRunner: Sendable {
    /// Which slot a request runs in (``RequestSlots``): a new request replaces the one in its own slot only.
    enum RequestKey: Hashable, Sendable {
        /// The start-up look into the token cache.
        case restore
        /// What the user asked for (the reducer's one pending request).
        case flow
    }

    private struct State {
        var live: (any LiveStep)?
        /// The refresh token of the last completed sign-in, in memory only, and whose it is.
        var refreshToken: Secret?
        var username: String?
    }

    private let auth: TophhieNativeAuth
    private let interactive: InteractiveRunner?
    private let graph: GraphRunner?
    private let state = Mutex(State())
    private let send: @Sendable (FlowEvent) -> Void
    private let requests: RequestSlots<RequestKey, FlowEvent>

    /// - Parameters:
    ///   - auth: the native stack.
    ///   - interactive: the interactive stack, configured with its scopes and token cache; nil in enrolment
    ///     mode, which keeps no account (native sign-ins are then not written to any cache either).
    ///   - send: receives each answer, on the task that produced it.
    public init(auth: TophhieNativeAuth, interactive: TophhieAuth? = nil, send: @escaping @Sendable (FlowEvent) -> Void) {
        self.auth = auth
        self.interactive = interactive.map { InteractiveRunner(auth: $0, send: send) }
        graph = interactive.map { GraphRunner(auth: $0, send: send) }
        self.send = send
        requests = RequestSlots(send: send)
    }

    /// Sends `.accountRestored` when the token cache holds a usable account (start-up), then calls `ended`, also
    /// when there is none (and at once without an interactive stack).
    public func restoreCachedAccount(ended: @escaping @Sendable () -> Void = {}) {
        guard let interactive else { return ended() }
        requests.start(.restore, ended: ended) { await interactive.restore() }
    }

    /// Performs `effect`. `.forgetPerson` and `.quit` are the caller's business and are ignored here.
    public func perform(_ effect: FlowEffect) {
        switch effect {
        case .cancelRequest:
            requests.cancel(.flow)
        case .forgetSession:
            state.withLock { state in
                state.live = nil
            }
        case .forgetAccount:
            state.withLock { state in
                state.refreshToken = nil
                state.username = nil
            }
        case .forgetPerson, .quit:
            break
        case .startSignUp, .startSignIn, .submit, .pickMethod, .resendCode, .startPasswordReset, .refreshTokens, .startDeviceCodeSignIn,
             .startBrowserSignIn, .signOut, .switchAccount, .loadProfile, .saveProfile, .loadHistory, .loadMoreHistory, .loadTenant, .saveTenant:
            requests.start(.flow) { [self] in try await self.run(effect) }
        }
    }

    /// Cancels what is in flight and forgets the live step (the console is closing).
    public func shutdown() {
        requests.cancelAll()
        perform(.forgetSession)
        perform(.forgetAccount)
    }

    private var live: (any LiveStep)? {
        state.withLock { $0.live }
    }

    private func keep(_ step: (any LiveStep)?) {
        state.withLock { $0.live = step }
    }

    /// One framework call; errors become the matching failure event, and the live step is kept.
    private func run(_ effect: FlowEffect) async throws -> FlowEvent? {
        switch effect {
        case .startSignUp(let email, let password, let attributes):
            return .signUpStarted(await .catching {
                let step = try await auth.signUp(email: email, password: password?.revealed, attributes: attributes)
                keep(step)
                return step.delivery
            })
        case .startSignIn(let email, let password):
            return await settle(NativeSignInStep.answer(keepingOnFailure: live) {
                if let password { try await auth.signIn(email: email, password: password.revealed) } else { try await auth.signIn(email: email) }
            })
        case .startPasswordReset(let email):
            return .resetStarted(await .catching {
                let step = try await auth.resetPassword(email: email)
                keep(step)
                return step.delivery
            })
        case .submit(let input):
            let send = self.send
            return await settle(live?.submit(input, progress: send) ?? Self.noStep(.signInAdvanced(.failure(LiveStepError.noStep))))
        case .pickMethod(let methodID):
            return await settle(live?.pick(methodID) ?? Self.noStep(.mfaChallengeAnswered(.failure(LiveStepError.noStep))))
        case .resendCode:
            return await settle(live?.resend() ?? Self.noStep(.codeResent(.failure(LiveStepError.noStep))))
        case .startDeviceCodeSignIn:
            return try await interactiveRunner().deviceCodeSignIn()
        case .startBrowserSignIn:
            return try await interactiveRunner().browserSignIn()
        case .signOut:
            // The flow sends `.forgetAccount` after a sign-out that worked.
            return try await interactiveRunner().signOut()
        case .switchAccount:
            return try await interactiveRunner().switchAccount()
        case .loadProfile:
            return try await graphRunner().loadProfile()
        case .saveProfile(let changes):
            return try await graphRunner().saveProfile(changes)
        case .loadHistory(let user, let top):
            return try await graphRunner().loadHistory(user: user, top: top)
        case .loadMoreHistory:
            return try await graphRunner().loadMoreHistory()
        case .loadTenant:
            return try await graphRunner().loadTenant()
        case .saveTenant:
            return try await graphRunner().saveTenant()
        // A session whose tokens went to a cache file refreshes through it even when its account has left it
        // (signed out in another window): the native path would write the account back (field case 029).
        case .refreshTokens where interactive?.hasAccount == true || interactive?.keepsTokensInFile == true:
            return .tokensRefreshed(try await interactiveRunner().refresh())
        case .refreshTokens:
            return .tokensRefreshed(await .catching {
                let (token, username) = state.withLock { ($0.refreshToken, $0.username) }
                guard let token else { throw NativeAuthError.refreshTokenExpired(.local) }
                do {
                    let refreshed = try await auth.refreshTokens(refreshToken: token.revealed, username: username)
                    await keepTokens(of: refreshed)
                    return SignedInAccount(refreshed)
                } catch let error as NativeAuthError {
                    if case .server = error {} else { state.withLock { $0.refreshToken = nil } }
                    throw error
                }
            })
        case .cancelRequest, .forgetSession, .forgetAccount, .forgetPerson, .quit:
            return nil
        }
    }

    /// Keeps the step `answer` leads to, or the tokens of a completed sign-in, and returns the event to send.
    private func settle(_ answer: LiveAnswer) async -> FlowEvent {
        switch answer {
        case .answered(let event, let step):
            keep(step)
            return event
        case .signedIn(let result, let event):
            keep(nil)
            await keepTokens(of: result)
            return event(interactive?.account(result) ?? SignedInAccount(result))
        }
    }

    /// The answer to an operation when no step is kept (the flow ended): `event`, saying to start again.
    private static func noStep(_ event: FlowEvent) -> LiveAnswer { .answered(event, keep: nil) }

    /// Keeps only what a refresh needs (and hands the tokens to the token cache, when there is one); the
    /// id and access tokens are dropped here.
    private func keepTokens(of result: TophhieAuthResult) async {
        await interactive?.store(result)
        state.withLock { state in
            state.refreshToken = result.refreshToken.map { Secret($0) }
            state.username = result.account.username
        }
    }

    private func graphRunner() throws -> GraphRunner {
        guard let graph else { throw CancellationError() }
        return graph
    }

    private func interactiveRunner() throws -> InteractiveRunner {
        guard let interactive else { throw CancellationError() }
        return interactive
    }
}
