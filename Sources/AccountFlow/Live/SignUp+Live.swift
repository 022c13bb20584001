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
        guard case .code(let code) = input else { return .answered(.signUpAdvanced(.failure(LiveStepError.noStep)), keep: self) }
        return await SignUpStep.answer(keepingOnFailure: self) { try await submitCode(code) }
    }
}

extension SignUpPasswordStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        guard case .password(let password) = input else { return .answered(.signUpAdvanced(.failure(LiveStepError.noStep)), keep: self) }
        return await SignUpStep.answer(keepingOnFailure: self) { try await submitPassword(password) }
    }
}

extension SignUpAttributesStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        guard case .attributes(let values) = input else { return .answered(.signUpAdvanced(.failure(LiveStepError.noStep)), keep: self) }
        return await SignUpStep.answer(keepingOnFailure: self) { try await submitAttributes(values) }
    }
}

/// Also the sign-in after a reset: `SignInAfterResetStep` is this type.
extension SignInAfterSignUpStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        guard case .proceed = input else { return .answered(.signInAdvanced(.failure(LiveStepError.noStep)), keep: self) }
        return await NativeSignInStep.answer(keepingOnFailure: self) { try await signIn() }
    }
}
