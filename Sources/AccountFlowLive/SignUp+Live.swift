import AccountFlow
import TophhieCloudAuthentication

extension SignUpStep {
    /// A sign-up request as the runner's answer: the step's summary (``SignUpProgress``) and the step kept for the
    /// next request; a failed one keeps `current`.
    static func answer(keepingOnFailure current: any LiveStep, _ request: () async throws -> SignUpStep) async -> LiveAnswer {
        switch await Result<SignUpStep, NativeAuthError>.catching(request) {
        case .success(.passwordRequired(let step)): .answered(.signUpAdvanced(.success(.passwordRequired(step.answer))), keep: step)
        case .success(.attributesRequired(let attributes, let step)):
            .answered(.signUpAdvanced(.success(.attributesRequired(attributes, step.answer))), keep: step)
        case .success(.completed(let step)): .answered(.signUpAdvanced(.success(.completed)), keep: step)
        case .failure(let error): .answered(.signUpAdvanced(.failure(error)), keep: current)
        }
    }
}

extension SignUpCodeStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        await SignUpStep.answer(keepingOnFailure: self) { try await submitCode(input.code().revealed) }
    }
}

extension SignUpPasswordStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        await SignUpStep.answer(keepingOnFailure: self) { try await submitPassword(input.password().revealed) }
    }
}

extension SignUpAttributesStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        await SignUpStep.answer(keepingOnFailure: self) { try await submitAttributes(input.attributes()) }
    }
}

/// Also the sign-in after a reset: `SignInAfterResetStep` is this type.
extension SignInAfterSignUpStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        await NativeSignInStep.answer(keepingOnFailure: self) {
            try input.proceed()
            return try await signIn()
        }
    }
}
