import Foundation

/// Every way a native-auth call can fail, typed: callers switch on cases, never on codes.
///
/// Server-originated cases carry `ServerDetails` (error, suberror, AADSTS code, correlation id), except
/// `invalidAttributes`, which binds only the failed names as the seed guides read it
/// (`case .invalidAttributes(let names)`); its envelope is in the exchange log (`observe`, HAR).
/// `errorDescription` is a sentence for an end user; `operatorDescription` adds the server's code and
/// description. Source: docs/protocol.md §N3.5, §N4.1, §N4.3, §N6, §N7; docs/framework.md (Errors).
public enum NativeAuthError: Error, LocalizedError, Sendable, Equatable {
    /// Sign-up for an email that already has an account (`user_already_exists`, AADSTS1003037).
    case userAlreadyExists(ServerDetails)
    /// The password broke a policy rule (password suberrors); the step can be retried.
    case invalidPassword(PasswordRule, ServerDetails)
    /// Wrong one-time code (`invalid_oob_value`); the step can be retried with the same token.
    case invalidCode(ServerDetails)
    /// These attributes failed the tenant's validation (`attribute_validation_failed`, the names from
    /// `invalid_attributes`). Source: docs/protocol.md §N4.3.
    case invalidAttributes([String])
    /// Wrong email or password (AADSTS50126). Sign-in screens show it like `userNotFound`.
    case invalidCredentials(ServerDetails)
    /// No account for that email (`user_not_found`, AADSTS50034).
    case userNotFound(ServerDetails)
    /// An input was refused: a phone number that is not plausible (AADSTS901001), an empty email,
    /// an attribute value that cannot be encoded.
    case invalidInput(String, ServerDetails)
    /// The tenant does not offer the method asked for.
    case noMatchingAuthMethod
    /// `signIn(email:)` for an account that has a password: ask for it and call `signIn(email:password:)`.
    case passwordRequired
    /// The server wants a browser (`challenge_type=redirect`), with its `redirect_reason` when sent.
    case browserRequired(reason: String?, ServerDetails)
    /// The method or number is blocked (`access_denied` + `provider_blocked_by_rep` or
    /// `provider_blocked_by_admin`, AADSTS550024 in the documented exchanges): pick another.
    case methodBlocked(ServerDetails)
    /// The flow's continuation token expired (`expired_token`): start again.
    case expiredFlow(ServerDetails)
    /// The account has no password (AADSTS500222): it signs in with one-time codes.
    case userHasNoPassword(ServerDetails)
    /// Conditional Access demands a password change first (AADSTS50142): reset the password.
    case passwordChangeRequired(ServerDetails)
    /// A refresh was refused because MFA is now required (AADSTS50076): run an interactive sign-in.
    case mfaRequiredForRefresh(ServerDetails)
    /// The refresh token expired or was revoked: sign in again.
    case refreshTokenExpired(ServerDetails)
    /// The client id is not registered in the tenant (`unauthorized_client`).
    case unauthorizedClient(ServerDetails)
    /// Native authentication is off for this app (`invalid_client` + `nativeauthapi_disabled`).
    case nativeAuthDisabled(ServerDetails)
    /// The app is not a public client, or is otherwise refused (`invalid_client`).
    case invalidClient(ServerDetails)
    /// The server asks to slow down (HTTP 429), with the seconds to wait when it said.
    case throttled(retryAfter: Int?, ServerDetails)
    /// No answer: the server could not be reached, the connection dropped or timed out.
    case networkFailure(String)
    /// The answer broke the protocol (not JSON, a mandatory field missing, an impossible step).
    case unexpectedResponse(String, correlationID: String?)
    /// The framework is not configured, or the configuration is refused.
    case invalidConfiguration(String)
    /// Any other server error: its `error`, `suberror` and AADSTS code are in the details.
    case server(ServerDetails)
    /// A code was accepted but the sign-in is not finished: the server asks for MFA (`mfa_required`) or
    /// for registering a strong authentication method (`registration_required`). Thrown by the
    /// result-returning `submitCode(_:)`; the payload is the step to continue with (never `.completed`).
    /// Callers that handle every branch call `submitCodeForNextStep(_:)` instead.
    /// Source: docs/protocol.md §N3.3, §N3.6, §N3.7.
    case furtherStepRequired(NativeSignInStep)

    /// The server's details, when the error came from an answer.
    public var details: ServerDetails? {
        switch self {
        case .userAlreadyExists(let d), .invalidPassword(_, let d), .invalidCode(let d),
             .invalidCredentials(let d), .userNotFound(let d), .invalidInput(_, let d), .browserRequired(_, let d),
             .methodBlocked(let d), .expiredFlow(let d), .userHasNoPassword(let d), .passwordChangeRequired(let d),
             .mfaRequiredForRefresh(let d), .refreshTokenExpired(let d), .unauthorizedClient(let d),
             .nativeAuthDisabled(let d), .invalidClient(let d), .throttled(_, let d), .server(let d):
            return d
        case .invalidAttributes, .noMatchingAuthMethod, .passwordRequired, .networkFailure, .unexpectedResponse,
             .invalidConfiguration, .furtherStepRequired:
            return nil
        }
    }

    /// The correlation id to quote to support, when there is one.
    public var correlationID: String? {
        if case .unexpectedResponse(_, let id) = self { return id }
        return details?.correlationID
    }

    /// A sentence fit for an end user.
    public var errorDescription: String? {
        switch self {
        case .userAlreadyExists: "An account with that email already exists. Sign in instead."
        case .invalidPassword(let rule, _): rule.message
        case .invalidCode: "That code is not right. Check it and try again."
        case .invalidAttributes(let names): "Some details were not accepted: \(names.joined(separator: ", "))."
        case .invalidCredentials: "The email or password is not right."
        case .userNotFound: "No account was found for that email."
        case .invalidInput(let what, _): what
        case .noMatchingAuthMethod: "That verification method is not available for this account."
        case .passwordRequired: "This account has a password. Enter it to sign in."
        case .browserRequired(let reason, _):
            "This sign-in needs a web browser" + (reason.map { ": \($0)" } ?? ".")
        case .methodBlocked: "That method can't be used right now. Choose another method or number."
        case .expiredFlow: "The session timed out. Start again."
        case .userHasNoPassword: "This account signs in with one-time codes and has no password to reset."
        case .passwordChangeRequired: "Your password must be changed before you can sign in. Reset it first."
        case .mfaRequiredForRefresh: "Additional verification is now required. Sign in again."
        case .refreshTokenExpired: "Your session has ended. Sign in again."
        case .unauthorizedClient: "This app is not registered with the tenant."
        case .nativeAuthDisabled: "Native sign-in is turned off for this app in the tenant."
        case .invalidClient: "The tenant refused this app's configuration."
        case .throttled(_, let details) where details.code == AADSTSCode.cannotGenerateMoreCodes
            || details.errorDescription?.hasPrefix("AADSTS\(AADSTSCode.cannotGenerateMoreCodes):") == true:
            "Too many codes were requested for this address; wait a while and try again."
        case .throttled(let seconds, _):
            "Too many attempts. " + (seconds.map { "Wait \($0) seconds and try again." } ?? "Wait a moment and try again.")
        case .networkFailure(let what): what
        case .unexpectedResponse: "The server's answer could not be understood."
        case .invalidConfiguration(let what): what
        case .server(let details) where (details.status ?? 0) >= 500:
            "The server had a problem and could not answer. Try again in a moment."
        case .server: "The server refused the request."
        case .furtherStepRequired(let step): step.furtherStepSentence
        }
    }

    /// For operators, what the end-user sentence leaves out: what the server said (code, suberror, AADSTS number,
    /// description and correlation id), or why its answer could not be read; nil when there is nothing more to say.
    public var operatorDetail: String? {
        if case .unexpectedResponse(let reason, let id) = self { return reason + (id.map { " (correlation id \($0))" } ?? "") }
        return details?.description
    }

    /// For operators: the end-user sentence plus ``operatorDetail``.
    public var operatorDescription: String {
        let sentence = errorDescription ?? "Error"
        guard let detail = operatorDetail else { return sentence }
        if case .unexpectedResponse = self { return "\(sentence) \(detail)" }
        return "\(sentence) [\(detail)]"
    }
}
