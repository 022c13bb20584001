import AccountFlow
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
        var live: LiveStep?
        /// The refresh token of the last completed sign-in, in memory only, and whose it is.
        var refreshToken: String?
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

    /// Sends `.accountRestored` when the token cache holds a usable account (start-up).
    public func restoreCachedAccount() {
        guard let interactive else { return }
        requests.start(.restore) { await interactive.restore() }
    }

    /// Performs `effect`. `.quit` is the caller's business and is ignored here.
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
        case .quit:
            break
        default:
            requests.start(.flow) { [self] in try await self.run(effect) }
        }
    }

    /// Cancels what is in flight and forgets the live step (the console is closing).
    public func shutdown() {
        requests.cancelAll()
        perform(.forgetSession)
        perform(.forgetAccount)
    }

    private var live: LiveStep? {
        get { state.withLock { $0.live } }
    }

    private func keep(_ step: LiveStep?) {
        state.withLock { $0.live = step }
    }

    /// One framework call; errors become the matching failure event, and the live step is kept.
    private func run(_ effect: FlowEffect) async throws -> FlowEvent? {
        switch effect {
        case .startSignUp(let email, let password, let attributes):
            return .signUpStarted(await result {
                let step = try await auth.signUp(email: email, password: password, attributes: attributes)
                keep(.signUpCode(step))
                return step.delivery
            })
        case .submitSignUpCode(let code):
            return .signUpAdvanced(await result { advance(try await current(\.signUpCode).submitCode(code)) })
        case .submitSignUpPassword(let password):
            return .signUpAdvanced(await result { advance(try await current(\.signUpPassword).submitPassword(password)) })
        case .submitSignUpAttributes(let values):
            return .signUpAdvanced(await result { advance(try await current(\.signUpAttributes).submitAttributes(values)) })
        case .signInAfterSignUp:
            return .signInAdvanced(await result { await advance(try await current(\.signInAfterSignUp).signIn()) })
        case .startSignIn(let email, let password):
            return .signInAdvanced(await result {
                let step = if let password { try await auth.signIn(email: email, password: password) } else { try await auth.signIn(email: email) }
                return await advance(step)
            })
        case .submitSignInCode(let code):
            return .signInAdvanced(await result { await advance(try await current(\.signInCode).submitCodeForNextStep(code)) })
        case .requestMFAChallenge(let methodID):
            return .mfaChallengeAnswered(await result { try await requestMFAChallenge(methodID) })
        case .submitVerificationCode(let code):
            return .signInAdvanced(await result { await advance(try await current(\.verification).submitCodeForNextStep(code)) })
        case .registerMethod(let methodID, let contact):
            return .registrationAnswered(await result {
                let registration = try current(\.registration)
                guard let method = registration.availableMethods.first(where: { $0.id == methodID }) else {
                    throw NativeAuthError.noMatchingAuthMethod
                }
                let answer = try await registration.register(method, verificationContact: contact)
                switch answer {
                case .verificationRequired(let step): keep(.verification(step))
                case .completed(let result):
                    keep(nil)
                    await keepTokens(of: result)
                    return .completed(interactive?.account(result) ?? SignedInAccount(result))
                }
                return answer.outcome
            })
        case .resendCode:
            return .codeResent(await result {
                guard let step = live?.codeStep else { throw Self.noStep }
                return try await step.resendCode()
            })
        case .startPasswordReset(let email):
            return .resetStarted(await resetResult {
                let step = try await auth.resetPassword(email: email)
                keep(.resetCode(step))
                return step.delivery
            })
        case .submitResetCode(let code):
            return .resetAdvanced(await resetResult {
                let next = try await resetStep(\.resetCode).submitCode(code)
                keep(.resetNewPassword(next))
                return .newPasswordRequired
            })
        case .submitNewPassword(let password):
            let send = self.send
            return .resetAdvanced(await resetResult {
                let signIn = try await resetStep(\.resetNewPassword).submitPassword(password) { poll, _ in
                    send(.resetPollProgress(poll: poll))
                }
                keep(.signInAfterReset(signIn))
                return .passwordChanged
            })
        case .signInAfterReset:
            return .signInAdvanced(await result { await advance(try await current(\.signInAfterReset).signIn()) })
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
            return .tokensRefreshed(await result {
                let (token, username) = state.withLock { ($0.refreshToken, $0.username) }
                guard let token else { throw NativeAuthError.refreshTokenExpired(.local) }
                do {
                    let refreshed = try await auth.refreshTokens(refreshToken: token, username: username)
                    await keepTokens(of: refreshed)
                    return SignedInAccount(refreshed)
                } catch let error as NativeAuthError {
                    if case .server = error {} else { state.withLock { $0.refreshToken = nil } }
                    throw error
                }
            })
        case .cancelRequest, .forgetSession, .forgetAccount, .quit:
            return nil
        }
    }

    private func requestMFAChallenge(_ methodID: String?) async throws -> MFAChallengeOutcome {
        let answer: MFAChallengeResult
        switch live {
        case .mfa(let step):
            let method = try methodID.map { id in
                guard let method = step.methods.first(where: { $0.id == id }) else { throw NativeAuthError.noMatchingAuthMethod }
                return method
            }
            answer = try await step.requestChallenge(method)
        case .mfaSelection(let selection):
            guard let method = selection.methods.first(where: { $0.id == methodID }) else { throw NativeAuthError.noMatchingAuthMethod }
            answer = try await selection.requestChallenge(method)
        default:
            throw Self.noStep
        }
        switch answer {
        case .verificationRequired(let step): keep(.verification(step))
        case .selectionRequired(_, let selection): keep(.mfaSelection(selection))
        }
        return answer.outcome
    }

    /// Keeps the step a sign-in answer leads to (or the refresh token of a completed one) and returns
    /// its summary.
    private func advance(_ step: NativeSignInStep) async -> SignInProgress {
        keep(LiveStep(step))
        guard case .completed(let result) = step else { return step.progress }
        await keepTokens(of: result)
        return .completed(interactive?.account(result) ?? SignedInAccount(result))
    }

    /// Keeps only what a refresh needs (and hands the tokens to the token cache, when there is one); the
    /// id and access tokens are dropped here.
    private func keepTokens(of result: TophhieAuthResult) async {
        await interactive?.store(result)
        state.withLock { state in
            state.refreshToken = result.refreshToken
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

    private func advance(_ step: SignUpStep) -> SignUpProgress {
        keep(LiveStep(step))
        return step.progress
    }

    private static let noStep = NativeAuthError.unexpectedResponse("The console has no step to continue; start again.", correlationID: nil)

    /// The live step of the kind `path` extracts, or an error saying the flow must restart.
    private func current<Step>(_ path: KeyPath<LiveStep, Step?>) throws -> Step {
        guard let step = live?[keyPath: path] else { throw Self.noStep }
        return step
    }

    private func resetStep<Step>(_ path: KeyPath<LiveStep, Step?>) throws -> Step {
        guard let step = live?[keyPath: path] else { throw PasswordResetError.other(Self.noStep) }
        return step
    }

    private func result<Value>(_ work: () async throws -> Value) async -> Result<Value, NativeAuthError> {
        do { return .success(try await work()) }
        catch let error as NativeAuthError { return .failure(error) }
        catch let error as PasswordResetError { return .failure(error.nativeAuthError) }
        catch { return .failure(.networkFailure(error.localizedDescription)) }
    }

    private func resetResult<Value>(_ work: () async throws -> Value) async -> Result<Value, PasswordResetError> {
        do { return .success(try await work()) }
        catch let error as PasswordResetError { return .failure(error) }
        catch let error as NativeAuthError { return .failure(PasswordResetError.other(error)) }
        catch { return .failure(.other(.networkFailure(error.localizedDescription))) }
    }
}
