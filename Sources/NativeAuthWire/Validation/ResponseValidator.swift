import Secrets
import Foundation

/// Turns a raw HTTP answer into a `ValidatedResponse`: the third stage of the network path
/// (request builder → raw `Decodable` → validator), as MSAL's per-endpoint validators do.
///
/// Source: docs/protocol.md §N1.3 (statuses), §N1.6 (redirect first), §N3–§N7 (shapes and errors).
public enum ResponseValidator {
    /// Validates one answer.
    /// - Parameters:
    ///   - endpoint: the endpoint called.
    ///   - grantType: the `grant_type` sent, for `/oauth2/v2.0/token` (refresh errors differ).
    ///   - status: HTTP status code.
    ///   - headers: response headers (names compared case-insensitively).
    ///   - body: raw body bytes.
    ///   - now: when the answer arrived, to count a 429's `Retry-After` HTTP-date from.
    public static func validate(
        endpoint: NativeAuthEndpoint, grantType: GrantType? = nil, status: Int, headers: [String: String], body: Data,
        now: Date = Date()
    ) -> ValidatedResponse {
        let headerCorrelation = header("client-request-id", in: headers)
        switch status {
        case 200:
            guard let decoded = try? JSONDecoder().decode(ResponseBody.self, from: body) else {
                return .unexpected(reason: "The server's answer is not the JSON the protocol defines.", correlationID: headerCorrelation)
            }
            return success(decoded, endpoint: endpoint, correlationID: headerCorrelation)
        case 400, 401:
            guard let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: body) else {
                return .unexpected(reason: "The server's error answer is not the JSON the protocol defines.", correlationID: headerCorrelation)
            }
            let correlation = envelope.correlationID ?? headerCorrelation
            guard let kind = classify(envelope, endpoint: endpoint, grantType: grantType) else {
                return .unexpected(reason: "The server's \(envelope.error) answer lacks a field the protocol requires.", correlationID: correlation)
            }
            return .rejected(ServerError(kind: kind, envelope: envelope, status: status, correlationID: correlation))
        case 429:
            // The service's envelope may come with it (error, AADSTS code, trace and correlation ids): kept for support.
            let retryAfter = RetryAfter.seconds(in: headers, now: now)
            let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: body)
            return .rejected(ServerError(kind: .throttled(retryAfter: retryAfter), envelope: envelope, status: status,
                                         correlationID: envelope?.correlationID ?? headerCorrelation))
        default:
            // Any other status (a 5xx, say) may still carry the service's envelope: keep its error, AADSTS
            // code and correlation id for support. An HTML error page (a proxy's 502) has none.
            let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: body)
            return .rejected(ServerError(kind: .httpStatus(status), envelope: envelope, status: status,
                                         correlationID: envelope?.correlationID ?? headerCorrelation))
        }
    }

    /// Looks a header up by name, ignoring case.
    public static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.lowercased() == name }?.value
    }

    // MARK: - Success bodies

    private static func success(_ body: ResponseBody, endpoint: NativeAuthEndpoint, correlationID: String?) -> ValidatedResponse {
        if body.challengeType == .redirect {
            return .redirect(reason: body.redirectReason)
        }
        func missing(_ field: String) -> ValidatedResponse {
            .unexpected(reason: "The server's answer to \(endpoint.path) lacks `\(field)`.", correlationID: correlationID)
        }
        let token = body.continuationToken.flatMap { $0.isEmpty ? nil : $0 }
        switch endpoint.answer {
        case .started:
            guard let token else { return missing("continuation_token") }
            return .started(continuationToken: token)

        case .challenge:
            return challenge(body, token: token, endpoint: endpoint, missing: missing)

        case .methods:
            guard let token else { return missing("continuation_token") }
            guard let methods = body.methods, !methods.isEmpty else { return missing("methods") }
            return .selectionRequired(continuationToken: token, methods: methods)

        case .completed(_, let tokenRequired):
            if tokenRequired, token == nil { return missing("continuation_token") }
            return .completed(continuationToken: token, expiresIn: body.expiresIn)

        case .passwordRequired:
            guard let token else { return missing("continuation_token") }
            return .passwordRequired(continuationToken: token)

        case .pollStarted:
            guard let token else { return missing("continuation_token") }
            guard let interval = body.pollInterval else { return missing("poll_interval") }
            return .pollRequired(continuationToken: token, pollInterval: interval)

        case .pollStatus:
            switch body.status {
            case .succeeded: return .pollSucceeded(continuationToken: token)
            case .inProgress, .notStarted: return .pollInProgress
            case .failed: return .pollFailed
            case .unknown(let value):
                return .unexpected(reason: "The server sent an unknown reset status `\(value)`.", correlationID: correlationID)
            case nil: return missing("status")
            }

        case .tokens:
            guard let accessToken = body.accessToken, !accessToken.isEmpty else { return missing("access_token") }
            guard body.tokenType?.lowercased() == "bearer" else { return missing("token_type=Bearer") }
            guard let expiresIn = body.expiresIn, expiresIn > 0 else { return missing("expires_in") }
            return .tokens(TokenGrant(
                accessToken: Secret(accessToken), refreshToken: body.refreshToken.map { Secret($0) },
                idToken: body.idToken.map { Secret($0) }, clientInfo: body.clientInfo,
                scope: body.scope ?? "", expiresIn: expiresIn))
        }
    }

    private static func challenge(
        _ body: ResponseBody, token: String?, endpoint: NativeAuthEndpoint, missing: (String) -> ValidatedResponse
    ) -> ValidatedResponse {
        switch body.challengeType {
        case .password where endpoint == .signInChallenge || endpoint == .signUpChallenge:
            guard let token else { return missing("continuation_token") }
            return .passwordRequired(continuationToken: token)
        case .preverified where endpoint == .registerChallenge:
            guard let token else { return missing("continuation_token") }
            return .preverified(continuationToken: token)
        case .oob:
            guard let token else { return missing("continuation_token") }
            let targetField = endpoint == .registerChallenge ? "challenge_target" : "challenge_target_label"
            guard let sentTo = endpoint == .registerChallenge ? body.challengeTarget : body.challengeTargetLabel else {
                return missing(targetField)
            }
            guard let codeLength = body.codeLength else { return missing("code_length") }
            guard let channel = body.challengeChannel else { return missing("challenge_channel") }
            return .codeRequired(CodeChallenge(
                continuationToken: token, channel: channel, sentTo: sentTo, codeLength: codeLength,
                resendInterval: body.interval))
        // `redirect` is answered before any endpoint's shape; listed so a new challenge type is placed here.
        case .password, .preverified, .redirect, .unknown, nil:
            return missing("a challenge_type this endpoint can answer")
        }
    }

    // MARK: - Error envelopes

    /// AADSTS701014 by `error_codes`; by the description's prefix only when `error_codes` names nothing (field case 036).
    static func isCodeLimit(_ envelope: ErrorEnvelope) -> Bool {
        guard let codes = envelope.errorCodes, !codes.isEmpty else {
            return envelope.errorDescription?.hasPrefix("AADSTS\(AADSTSCode.cannotGenerateMoreCodes):") == true
        }
        return codes.contains(AADSTSCode.cannotGenerateMoreCodes)
    }

    /// Classifies an envelope; `nil` when a field the error needs is missing (an unexpected answer).
    static func classify(_ envelope: ErrorEnvelope, endpoint: NativeAuthEndpoint, grantType: GrantType?) -> ServerError.Kind? {
        let token = envelope.continuationToken.flatMap { $0.isEmpty ? nil : $0 }
        let code = envelope.firstCode
        if Self.isCodeLimit(envelope) { return .codeLimitReached }
        if let suberror = envelope.suberror {
            switch suberror {
            case .invalidOOBValue: return .invalidCode
            case .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordRecentlyUsed, .passwordBanned, .passwordIsInvalid:
                return .invalidPassword(suberror)
            case .attributeValidationFailed:
                let names = envelope.invalidAttributes?.map(\.name) ?? []
                return names.isEmpty ? nil : .invalidAttributes(names)
            case .step(let step): return token.map { .nextStep(.step(step, continuationToken: $0)) }
            case .introspectRequired: return .introspectRequired
            case .providerBlockedByRep, .providerBlockedByAdmin: return .authMethodBlocked(suberror)
            case .nativeAuthAPIDisabled: return .nativeAuthDisabled
            case .unknown: break
            }
        }
        switch envelope.error {
        case .accessDenied where code == AADSTSCode.methodBlocked:
            return .authMethodBlocked(envelope.suberror ?? .providerBlockedByRep)
        case .invalidClient: return .invalidClient
        case .unauthorizedClient: return .unauthorizedClient
        case .unsupportedChallengeType: return .unsupportedChallengeType
        case .userNotFound: return .userNotFound
        case .addressTaken: return .userAlreadyExists
        case .expiredToken, .expiredRefreshToken: return .expiredToken
        case .credentialRequired: return token.map { .nextStep(.credentialRequired(continuationToken: $0)) }
        case .attributesRequired:
            guard let token, let attributes = envelope.requiredAttributes, !attributes.isEmpty else { return nil }
            return .nextStep(.attributesRequired(attributes, continuationToken: token))
        case .verificationRequired:
            guard let token else { return nil }
            return .nextStep(.verificationRequired(envelope.unverifiedAttributes?.map(\.name) ?? [], continuationToken: token))
        case .invalidGrant:
            switch code {
            case AADSTSCode.userNotFound: return .userNotFound
            case AADSTSCode.invalidCredentials: return .invalidCredentials
            case AADSTSCode.mfaRequired where grantType == .refreshToken: return .interactionRequired
            case AADSTSCode.refreshTokenExpired where grantType == .refreshToken: return .expiredToken
            case AADSTSCode.passwordChangeRequired: return .passwordChangeRequired
            default: return .general
            }
        case .invalidRequest:
            switch code {
            case AADSTSCode.userHasNoPassword: return .userHasNoPassword
            case AADSTSCode.invalidVerificationContact: return .invalidInput
            case AADSTSCode.passwordChangeRequired: return .passwordChangeRequired
            case AADSTSCode.invalidRequestParameter
                where envelope.errorDescription?.contains("username parameter is empty or not valid") == true:
                return .invalidInput
            case AADSTSCode.invalidRequestParameter
                where envelope.errorDescription?.contains("client_id parameter is empty or not valid") == true:
                return .unauthorizedClient
            default: return .general
            }
        case .accessDenied, .invalidScope, .unsupportedGrantType, .serverError, .authorizationPending, .slowDown,
             .unsupportedAuthMethod, .authNotSupported, .unknown:
            return .general
        }
    }
}
