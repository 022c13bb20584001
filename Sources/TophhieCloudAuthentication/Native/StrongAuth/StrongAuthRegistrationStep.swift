import Foundation

/// The user has no strong authentication method: register one of the tenant's.
///
/// Source: docs/protocol.md §N3.7 (register introspect → challenge → continue → token).
public final class StrongAuthRegistrationStep: Sendable {
    let context: NativeAuthContext
    let username: String?
    let continuationToken: String
    /// The methods the tenant allows for registration, from `/register/v1.0/introspect`.
    public let availableMethods: [StrongAuthMethod]

    init(context: NativeAuthContext, username: String?, continuationToken: String, methods: [StrongAuthMethod]) {
        self.context = context
        self.username = username
        self.continuationToken = continuationToken
        availableMethods = methods
    }

    /// Registers an email address with the tenant's email method: `email`, or with none the address
    /// being signed in.
    /// - Throws: `NativeAuthError.noMatchingAuthMethod` when the tenant offers no email method;
    ///   `.invalidInput` when no address is given or known; as `register`.
    public func registerEmail(_ email: String? = nil) async throws -> StrongAuthChallengeResult {
        try await register(try method(.email), verificationContact: email ?? username ?? "")
    }

    /// Registers a phone number (E.164, e.g. `+441234567890`) with the tenant's SMS method.
    /// - Throws: `NativeAuthError.noMatchingAuthMethod` when the tenant offers no SMS method; as `register`.
    public func registerSMS(phoneNumber: String) async throws -> StrongAuthChallengeResult {
        try await register(try method(.sms), verificationContact: phoneNumber)
    }

    /// Registers `method` with `verificationContact` (an email address or phone number).
    /// - Returns: `.verificationRequired` (a code was sent) or `.completed` (`preverified`: the contact
    ///   was just verified, no new code).
    /// - Throws: `NativeAuthError.invalidInput` (901001: the contact is not plausible; this step stays
    ///   usable), `.methodBlocked` (550024: try another number or method), `.noMatchingAuthMethod`,
    ///   `.expiredFlow`, …
    public func register(_ method: StrongAuthMethod, verificationContact: String) async throws -> StrongAuthChallengeResult {
        guard availableMethods.contains(where: { $0.id == method.id }) else { throw NativeAuthError.noMatchingAuthMethod }
        let contact = verificationContact.trimmingCharacters(in: .whitespaces)
        guard !contact.isEmpty else {
            throw NativeAuthError.invalidInput("Enter an email address or phone number.", .local)
        }
        let response = try await Self.challenge(context: context, token: continuationToken, method: method, contact: contact)
        switch response {
        case .codeRequired(let challenge):
            return .verificationRequired(VerificationStep.registration(
                context: context, username: username, method: method, contact: contact, challenge: challenge))
        case .preverified(let token):
            // docs/protocol.md §N9.7: after `preverified`, continue at once with grant_type=continuation_token.
            var form = context.form(continuing: token)
            form.set(.grantType, GrantType.continuationToken.wireValue)
            let continued = try await context.call(.registerContinue, form)
            guard case .completed(.some(let signInToken), _) = continued else {
                throw NativeAuthError.from(continued, at: .registerContinue)
            }
            let step = try await Self.signIn(context: context, token: signInToken, username: username)
            guard case .completed(let result) = step else {
                throw NativeAuthError.unexpectedResponse("The server asked for another step after registration.", correlationID: nil)
            }
            return .completed(result)
        case .started, .passwordRequired, .selectionRequired, .completed, .pollRequired, .pollInProgress,
             .pollSucceeded, .pollFailed, .tokens, .redirect, .rejected, .unexpected:
            throw NativeAuthError.from(response, at: .registerChallenge)
        }
    }

    private func method(_ channel: ChallengeChannel) throws -> StrongAuthMethod {
        guard let method = availableMethods.first(where: { $0.channel == channel }) else {
            throw NativeAuthError.noMatchingAuthMethod
        }
        return method
    }

    /// `/register/v1.0/challenge` (also the resend).
    static func challenge(context: NativeAuthContext, token: String, method: AuthMethod, contact: String) async throws -> ValidatedResponse {
        var form = context.form(continuing: token)
        form.set(.challengeType, method.challengeType.wireValue)
        form.set(.challengeTarget, contact)
        form.set(.challengeChannel, method.channel.wireValue)
        return try await context.call(.registerChallenge, form)
    }

    /// Step D: `/token` with `grant_type=continuation_token` and no `username` (as MSAL iOS).
    static func signIn(context: NativeAuthContext, token: String, username: String?) async throws -> NativeSignInStep {
        var form = context.form(continuing: token)
        form.set(.grantType, GrantType.continuationToken.wireValue)
        return try await context.signIn(form, username: username)
    }
}

/// The answer to a registration request.
public enum StrongAuthChallengeResult: Sendable {
    /// A code was sent to the contact.
    case verificationRequired(VerificationStep)
    /// The contact was accepted without a new code (`preverified`) and the user is signed in.
    case completed(TophhieAuthResult)
}

extension StrongAuthRegistrationStep: CustomReflectable {
    /// The methods on offer; no token.
    public var customMirror: Mirror { Mirror(self, children: ["availableMethods": availableMethods]) }
}
