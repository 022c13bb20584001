import AccountFlow
import TophhieCloudAuthentication

extension MFAChallengeResult {
    /// A challenge request as the runner's answer: its summary (``MFAChallengeOutcome``) and the step kept next, the
    /// code's verification or the method selection; a failed one keeps `current`.
    static func answer(keepingOnFailure current: any LiveStep, _ request: () async throws -> MFAChallengeResult) async -> LiveAnswer {
        switch await Result<MFAChallengeResult, NativeAuthError>.catching(request) {
        case .success(.verificationRequired(let step)): .answered(.mfaChallengeAnswered(.success(.codeSent(step.delivery))), keep: step)
        case .success(.selectionRequired(let methods, let step)):
            .answered(.mfaChallengeAnswered(.success(.selectionRequired(methods))), keep: step)
        case .failure(let error): .answered(.mfaChallengeAnswered(.failure(error)), keep: current)
        }
    }
}

extension MFARequiredStep: LiveStep {
    public func pick(_ methodID: String?) async -> LiveAnswer {
        await MFAChallengeResult.answer(keepingOnFailure: self) {
            try await requestChallenge(methodID.map { id in
                guard let method = methods.first(where: { $0.id == id }) else { throw NativeAuthError.noMatchingAuthMethod }
                return method
            })
        }
    }
}

extension MFASelectionStep: LiveStep {
    public func pick(_ methodID: String?) async -> LiveAnswer {
        await MFAChallengeResult.answer(keepingOnFailure: self) {
            guard let method = methods.first(where: { $0.id == methodID }) else { throw NativeAuthError.noMatchingAuthMethod }
            return try await requestChallenge(method)
        }
    }
}

extension VerificationStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        await NativeSignInStep.answer(keepingOnFailure: self) { try await submitCodeForNextStep(input.code().revealed) }
    }
}

extension StrongAuthRegistrationStep: LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        let answer = await Result<StrongAuthChallengeResult, NativeAuthError>.catching {
            guard case .contact(let methodID, let contact) = input else { throw LiveStepError.noStep }
            guard let method = availableMethods.first(where: { $0.id == methodID }) else { throw NativeAuthError.noMatchingAuthMethod }
            return try await register(method, verificationContact: contact)
        }
        switch answer {
        case .success(.verificationRequired(let step)): return .answered(.registrationAnswered(.success(.codeSent(step.delivery))), keep: step)
        case .success(.completed(let result)): return .signedIn(result) { .registrationAnswered(.success(.completed($0))) }
        case .failure(let error): return .answered(.registrationAnswered(.failure(error)), keep: self)
        }
    }
}
