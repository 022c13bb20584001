import AccountFlow
import TophhieCloudAuthentication

extension NativeSignInStep {
    /// This answer for the reducer, as its catalogue step without the live step or the tokens (``SignInProgress``), and the step kept
    /// for the next request; a completed one hands its tokens to the runner. Source: docs/protocol.md §N3.8.
    var liveAnswer: LiveAnswer {
        switch self {
        case .completed(let result): .signedIn(result) { .signInAdvanced(.success(.completed($0))) }
        case .codeRequired(let step): .answered(.signInAdvanced(.success(.asks(.signInCode, .code(step.delivery)))), keep: step)
        case .mfaRequired(let step): .answered(.signInAdvanced(.success(.asks(.mfaRequired, .methods(step.methods)))), keep: step)
        case .strongAuthRegistrationRequired(let step):
            .answered(.signInAdvanced(.success(.asks(.registrationRequired, .methods(step.availableMethods)))), keep: step)
        }
    }

    /// A sign-in request (a start, a code, a sign-in after sign-up or reset) as the runner's answer; a failed
    /// one keeps `current`, the step it was made on (nil for a start).
    public static func answer(keepingOnFailure current: (any LiveStep)?,
                              _ request: () async throws -> NativeSignInStep) async -> LiveAnswer {
        switch await Result<NativeSignInStep, NativeAuthError>.catching(request) {
        case .success(let step): step.liveAnswer
        case .failure(let error): .answered(.signInAdvanced(.failure(error)), keep: current)
        }
    }
}

extension SignInCodeStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        await NativeSignInStep.answer(keepingOnFailure: self) { try await submitCodeForNextStep(input.code().revealed) }
    }
}
