import AccountFlow
import TophhieCloudAuthentication

extension ResetPasswordCodeStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        let next = await Result<ResetPasswordNewPasswordStep, PasswordResetError>.catching {
            try await submitCode(input.code().revealed)
        }
        switch next {
        case .success(let step): return .answered(.resetAdvanced(.success(.newPasswordRequired)), keep: step)
        case .failure(let error): return .answered(.resetAdvanced(.failure(error)), keep: self)
        }
    }
}

extension ResetPasswordNewPasswordStep: LiveStep {
    /// Sends the password, then polls until the service has applied it; each poll is sent to `progress` as
    /// ``FlowEvent/resetPollProgress(poll:)``.
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        let next = await Result<SignInAfterResetStep, PasswordResetError>.catching {
            try await submitPassword(input.password().revealed) { poll, _ in progress(.resetPollProgress(poll: poll)) }
        }
        switch next {
        case .success(let step): return .answered(.resetAdvanced(.success(.passwordChanged)), keep: step)
        case .failure(let error): return .answered(.resetAdvanced(.failure(error)), keep: self)
        }
    }
}
