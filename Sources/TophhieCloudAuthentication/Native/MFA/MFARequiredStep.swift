/// The tenant requires a second factor: pick one of the user's methods and request a code.
///
/// Source: docs/protocol.md §N3.6 (introspect → challenge with `id` → token `mfa_oob`).
public final class MFARequiredStep: Sendable {
    let context: NativeAuthContext
    let username: String?
    let continuationToken: String
    /// The user's registered methods, from `/oauth2/v2.0/introspect`.
    public let methods: [MFAMethod]

    init(context: NativeAuthContext, username: String?, continuationToken: String, methods: [MFAMethod]) {
        self.context = context
        self.username = username
        self.continuationToken = continuationToken
        self.methods = methods
    }

    /// Requests a code for `method`; with `nil`, uses the only method, or asks for a selection when
    /// there are several.
    /// - Returns: `.verificationRequired` (a code was sent) or `.selectionRequired` (pick one).
    /// - Throws: `NativeAuthError.noMatchingAuthMethod` for a method not in `methods`; `.methodBlocked`
    ///   (550024: this step stays usable, so another method can be picked); `.expiredFlow`, …
    public func requestChallenge(_ method: MFAMethod? = nil) async throws -> MFAChallengeResult {
        guard let chosen = method ?? (methods.count == 1 ? methods.first : nil) else {
            return .selectionRequired(methods, MFASelectionStep(step: self))
        }
        guard methods.contains(where: { $0.id == chosen.id }) else { throw NativeAuthError.noMatchingAuthMethod }
        let response = try await context.challenge(.signInChallenge, token: continuationToken, methodID: chosen.id)
        switch response {
        case .codeRequired(let challenge):
            return .verificationRequired(VerificationStep.mfa(
                context: context, username: username, methodID: chosen.id, challenge: challenge))
        case .rejected(let error) where error.kind == .introspectRequired:
            // Legacy MFA (docs/protocol.md §N3.6): the server wants the client to introspect and offer a choice.
            let (token, methods) = try await NativeSignInStep.introspect(.signInIntrospect, token: continuationToken, context: context)
            let step = MFARequiredStep(context: context, username: username, continuationToken: token, methods: methods)
            return .selectionRequired(methods, MFASelectionStep(step: step))
        case .started, .passwordRequired, .preverified, .selectionRequired, .completed, .pollRequired,
             .pollInProgress, .pollSucceeded, .pollFailed, .tokens, .redirect, .rejected, .unexpected:
            throw NativeAuthError.from(response, at: .signInChallenge)
        }
    }
}

/// The answer to an MFA challenge request: exactly these two cases (seed API).
public enum MFAChallengeResult: Sendable {
    /// A code was sent to the method.
    case verificationRequired(VerificationStep)
    /// The user has several methods and must pick one.
    case selectionRequired([MFAMethod], MFASelectionStep)
}

/// The user must pick one of several MFA methods.
public final class MFASelectionStep: Sendable {
    let step: MFARequiredStep

    init(step: MFARequiredStep) { self.step = step }

    /// The methods to choose from.
    public var methods: [MFAMethod] { step.methods }

    /// Requests a code for the chosen method.
    /// - Throws: as `MFARequiredStep.requestChallenge(_:)`.
    public func requestChallenge(_ chosen: MFAMethod) async throws -> MFAChallengeResult {
        try await step.requestChallenge(chosen)
    }
}

extension MFARequiredStep: CustomReflectable {
    /// The user's methods; no token.
    public var customMirror: Mirror { Mirror(self, children: ["methods": methods]) }
}

extension MFASelectionStep: CustomReflectable {
    /// The methods to choose from; no token.
    public var customMirror: Mirror { Mirror(self, children: ["methods": methods]) }
}
