/// What the server asks for next in a sign-up: the loop's step, never a fixed order.
///
/// Source: docs/protocol.md §N4.3 (continue answers) and §N4.4 (the four orders).
public enum SignUpStep: Sendable {
    /// `credential_required`: the password is collected now.
    case passwordRequired(SignUpPasswordStep)
    /// `attributes_required`: the tenant wants these attributes.
    case attributesRequired([RequiredAttribute], SignUpAttributesStep)
    /// The account exists; sign in with the returned continuation token.
    case completed(SignInAfterSignUpStep)

    /// Maps an answer of `/signup/v1.0/continue` to the next step.
    static func next(after response: ValidatedResponse, context: NativeAuthContext, username: String) async throws -> SignUpStep {
        if case .completed(let token, _) = response {
            return .completed(SignInAfterSignUpStep(context: context, username: username, continuationToken: token))
        }
        guard case .rejected(let error) = response, case .nextStep(let next) = error.kind else {
            throw NativeAuthError.from(response, at: .signUpContinue)
        }
        switch next {
        case .attributesRequired(let attributes, let token):
            let step = SignUpAttributesStep(context: context, username: username, continuationToken: token, requested: attributes,
                                            answer: ServerDetails(error))
            return .attributesRequired(attributes.map(RequiredAttribute.init), step)
        case .credentialRequired(let token):
            // docs/protocol.md §N4.3: call /signup/v1.0/challenge with the new token and expect `password`.
            let challenge = try await context.challenge(.signUpChallenge, token: token)
            guard case .passwordRequired(let passwordToken) = challenge else {
                throw NativeAuthError.from(challenge, at: .signUpChallenge)
            }
            return .passwordRequired(SignUpPasswordStep(context: context, username: username, continuationToken: passwordToken,
                                                        answer: ServerDetails(error)))
        case .verificationRequired, .step:
            throw NativeAuthError.from(error, at: .signUpContinue)
        }
    }
}
