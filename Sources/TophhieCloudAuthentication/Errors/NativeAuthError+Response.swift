extension NativeAuthError {
    /// The error for an answer a step cannot continue with: a rejection, a redirect, or a success
    /// shape that does not belong at this step.
    static func from(_ response: ValidatedResponse, at endpoint: NativeAuthEndpoint) -> NativeAuthError {
        switch response {
        case .rejected(let error): return from(error, at: endpoint)
        case .redirect(let reason): return .browserRequired(reason: reason, .local)
        case .unexpected(let reason, let correlationID): return .unexpectedResponse(reason, correlationID: correlationID)
        case .started, .passwordRequired, .codeRequired, .preverified, .selectionRequired, .completed, .pollRequired,
             .pollInProgress, .pollSucceeded, .pollFailed, .tokens:
            return .unexpectedResponse("\(endpoint.path) answered with a step that does not belong here.", correlationID: nil)
        }
    }

    /// How long the console holds "send again" and a retry after AADSTS701014: the service gives no
    /// `Retry-After`, and each early request feeds its per-address limit.
    public static let codeLimitWaitSeconds = 120

    /// Maps a classified server error to the public error.
    static func from(_ error: ServerError, at endpoint: NativeAuthEndpoint) -> NativeAuthError {
        let details = ServerDetails(error)
        switch error.kind {
        case .invalidCode: return .invalidCode(details)
        case .invalidPassword(let suberror): return .invalidPassword(PasswordRule(suberror), details)
        case .invalidAttributes(let names): return .invalidAttributes(names)
        case .userNotFound: return .userNotFound(details)
        case .userAlreadyExists: return .userAlreadyExists(details)
        case .invalidCredentials: return .invalidCredentials(details)
        case .expiredToken:
            return endpoint == .token && details.error != OAuthErrorCode.expiredToken.wireValue
                ? .refreshTokenExpired(details) : .expiredFlow(details)
        case .authMethodBlocked: return .methodBlocked(details)
        case .invalidInput:
            let message = switch endpoint.typed {
            case .contact?: "That phone number or email doesn't look right. Check it and try again."
            // 90100 naming the username: where a flow starts, the one input is the email.
            case .username?: "The tenant does not accept that email address. Check it and try again."
            case nil: "The server refused that input."
            }
            return .invalidInput(message, details)
        case .userHasNoPassword: return .userHasNoPassword(details)
        case .passwordChangeRequired: return .passwordChangeRequired(details)
        case .interactionRequired: return .mfaRequiredForRefresh(details)
        case .unauthorizedClient: return .unauthorizedClient(details)
        case .invalidClient: return .invalidClient(details)
        case .nativeAuthDisabled: return .nativeAuthDisabled(details)
        case .throttled(let seconds): return .throttled(retryAfter: seconds, details)
        // The service names no wait; resending at once would only feed its limit, so the client holds off.
        case .codeLimitReached: return .throttled(retryAfter: codeLimitWaitSeconds, details)
        case .unsupportedChallengeType, .httpStatus, .general, .introspectRequired:
            return .server(details)
        case .nextStep:
            return .unexpectedResponse(
                "\(endpoint.path) asked for \(details.error ?? "a step") where the protocol does not allow it.",
                correlationID: details.correlationID)
        }
    }
}
