/// Where a sign-in stands: exactly the four cases of the seed API.
///
/// Source: docs/protocol.md §N3.8 (sign-in state machine), §N3.5 (token answers).
public enum NativeSignInStep: Sendable {
    /// Signed in.
    case completed(TophhieAuthResult)
    /// A one-time code was sent (passwordless sign-in).
    case codeRequired(SignInCodeStep)
    /// The tenant requires a second factor (`mfa_required`).
    case mfaRequired(MFARequiredStep)
    /// The user has no strong authentication method and must register one (`registration_required`).
    case strongAuthRegistrationRequired(StrongAuthRegistrationStep)

    /// Maps a `/oauth2/v2.0/token` answer: tokens, or the MFA / registration branch (which calls the
    /// matching introspect endpoint for the methods).
    static func next(after response: ValidatedResponse, context: NativeAuthContext, username: String?) async throws -> NativeSignInStep {
        if case .tokens(let grant) = response {
            return .completed(try TophhieAuthResult(grant, username: username, receivedAt: context.clock()))
        }
        guard case .rejected(let error) = response, case .nextStep(let next) = error.kind else {
            throw NativeAuthError.from(response, at: .token)
        }
        switch next {
        case .step(.mfaRequired, let token):
            let (introspected, methods) = try await introspect(.signInIntrospect, token: token, context: context)
            return .mfaRequired(MFARequiredStep(context: context, username: username, continuationToken: introspected, methods: methods))
        case .step(.registrationRequired, let token):
            let (introspected, methods) = try await introspect(.registerIntrospect, token: token, context: context)
            return .strongAuthRegistrationRequired(StrongAuthRegistrationStep(
                context: context, username: username, continuationToken: introspected, methods: methods))
        case .attributesRequired, .credentialRequired, .verificationRequired:
            throw NativeAuthError.from(error, at: .token)
        }
    }

    /// Calls an introspect endpoint (docs/protocol.md §N3.6 step A, §N3.7 step A).
    static func introspect(
        _ endpoint: NativeAuthEndpoint, token: String, context: NativeAuthContext
    ) async throws -> (String, [AuthMethod]) {
        let response = try await context.call(endpoint, context.form(continuing: token))
        guard case .selectionRequired(let next, let methods) = response else {
            throw NativeAuthError.from(response, at: endpoint)
        }
        return (next, methods.map(AuthMethod.init))
    }
}

extension NativeSignInStep: Equatable {
    /// Equal results, or the same live step object (steps are compared by identity).
    public static func == (a: NativeSignInStep, b: NativeSignInStep) -> Bool {
        switch (a, b) {
        case (.completed(let x), .completed(let y)): x == y
        case (.codeRequired(let x), .codeRequired(let y)): x === y
        case (.mfaRequired(let x), .mfaRequired(let y)): x === y
        case (.strongAuthRegistrationRequired(let x), .strongAuthRegistrationRequired(let y)): x === y
        case (.completed, _), (.codeRequired, _), (.mfaRequired, _), (.strongAuthRegistrationRequired, _): false
        }
    }
}

extension NativeSignInStep {
    /// The result of a finished sign-in, or `NativeAuthError.furtherStepRequired(self)`: what the
    /// seed-shaped `submitCode(_:)` calls return.
    func requireCompletion() throws -> TophhieAuthResult {
        guard case .completed(let result) = self else { throw NativeAuthError.furtherStepRequired(self) }
        return result
    }

    /// The end-user sentence of `NativeAuthError.furtherStepRequired(self)`, beside the cases so a new step words its own.
    var furtherStepSentence: String {
        switch self {
        case .strongAuthRegistrationRequired: "The code was accepted. To finish signing in, add a verification method to the account."
        case .completed, .codeRequired, .mfaRequired: "The code was accepted. To finish signing in, complete a second verification step."
        }
    }
}
