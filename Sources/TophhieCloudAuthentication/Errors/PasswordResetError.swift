import Foundation

/// Every way a password reset can fail. Source: docs/protocol.md §N5.
public enum PasswordResetError: Error, LocalizedError, Sendable, Equatable {
    /// No account for that email (`user_not_found`).
    case userNotFound(ServerDetails)
    /// The account signs in with codes only (AADSTS500222): nothing to reset.
    case userHasNoPassword(ServerDetails)
    /// Wrong code (`invalid_oob_value`); retry with the same step.
    case invalidCode(ServerDetails)
    /// The new password broke a rule; the new-password step can be retried.
    case invalidPassword(PasswordRule, ServerDetails)
    /// The server reported `failed` while completing the reset.
    case resetFailed(ServerDetails)
    /// The reset did not complete within the polling bound.
    case pollTimedOut
    /// Password reset is not available to this app (redirect, disabled, …), or another failure.
    case other(NativeAuthError)

    init(_ error: NativeAuthError) {
        switch error {
        case .userNotFound(let d): self = .userNotFound(d)
        case .userHasNoPassword(let d): self = .userHasNoPassword(d)
        case .invalidCode(let d): self = .invalidCode(d)
        case .invalidPassword(let rule, let d): self = .invalidPassword(rule, d)
        case .userAlreadyExists, .invalidAttributes, .invalidCredentials, .invalidInput, .noMatchingAuthMethod,
             .passwordRequired, .browserRequired, .methodBlocked, .expiredFlow, .passwordChangeRequired,
             .mfaRequiredForRefresh, .refreshTokenExpired, .unauthorizedClient, .nativeAuthDisabled, .invalidClient,
             .throttled, .networkFailure, .unexpectedResponse, .invalidConfiguration, .server, .furtherStepRequired:
            self = .other(error)
        }
    }

    /// The correlation id to quote to support, when there is one.
    public var correlationID: String? {
        switch self {
        case .userNotFound(let d), .userHasNoPassword(let d), .invalidCode(let d), .invalidPassword(_, let d),
             .resetFailed(let d): d.correlationID
        case .pollTimedOut: nil
        case .other(let error): error.correlationID
        }
    }

    /// The server's details, when the error came from an answer (as ``NativeAuthError/details``).
    public var details: ServerDetails? {
        switch self {
        case .userNotFound(let d), .userHasNoPassword(let d), .invalidCode(let d), .invalidPassword(_, let d), .resetFailed(let d): d
        case .pollTimedOut: nil
        case .other(let error): error.details
        }
    }

    /// A sentence fit for an end user.
    public var errorDescription: String? {
        switch self {
        case .userNotFound(let d): NativeAuthError.userNotFound(d).errorDescription
        case .userHasNoPassword(let d): NativeAuthError.userHasNoPassword(d).errorDescription
        case .invalidCode(let d): NativeAuthError.invalidCode(d).errorDescription
        case .invalidPassword(let rule, _): rule.message
        case .resetFailed: "The password could not be changed. Try another password."
        case .pollTimedOut: "The password change is taking too long. Try signing in later."
        case .other(let error): error.errorDescription
        }
    }
}
