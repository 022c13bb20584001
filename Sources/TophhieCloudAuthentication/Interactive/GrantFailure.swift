import Foundation

/// Maps an error answer of the token endpoint to `AuthError`, and says whether the refresh token that
/// was sent is dead (to be removed from the cache).
///
/// Dead: AADSTS700082 (unused too long), 70008 (expired or revoked), 50173 (fresh token needed after a
/// revocation), 9002313 (malformed, e.g. another client's token), 70043 (sign-in frequency), 50132/50133
/// (session invalid after a password change), and suberror `bad_token`. MFA (50076, 50079, 50078) and
/// consent (65001) keep it: other scopes may still work. A 429 or 5xx answer is `serviceUnavailable` and keeps it.
/// Source: docs/protocol.md §I2.3, §I2.4 (recommended console policy), trap T11; field case 005 (docs/field-cases.md).
enum GrantFailure {
    static let deadGrantCodes: Set<Int> = [700_082, 70_008, 50_173, 9_002_313, 70_043, 50_132, 50_133]
    static let mfaCodes: Set<Int> = [50_076, 50_079, 50_078]
    static let consentCodes: Set<Int> = [65_001]

    static func classify(_ answer: InteractiveClient.Answer) -> (error: AuthError, refreshTokenDead: Bool) {
        let (envelope, details) = InteractiveClient.details(of: answer)
        // 429 and 5xx say nothing about the grant (an HTML 503 from a gateway, `temporarily_unavailable`,
        // `server_error`): the refresh token stays and the caller may try again (field case 030, docs/field-cases.md).
        if answer.status == 429 || answer.status >= 500 {
            return (.serviceUnavailable(details, retryAfter: RetryAfter.seconds(in: answer.headers, now: Date())), false)
        }
        guard let envelope else {
            return (.server(details), false)
        }
        let code = envelope.firstCode ?? 0
        let suberror = envelope.suberror?.wireValue
        let error = envelope.error.wireValue
        if deadGrantCodes.contains(code) || suberror == "bad_token" || suberror == "token_expired" {
            return (.interactionRequired(details), true)
        }
        if mfaCodes.contains(code) || suberror == "basic_action" || suberror == "additional_action" {
            return (.mfaRequired(details), false)
        }
        if consentCodes.contains(code) || suberror == "consent_required" || error == "consent_required" {
            return (.consentRequired(details), false)
        }
        if ["invalid_grant", "interaction_required", "login_required"].contains(error) {
            return (.interactionRequired(details), false)
        }
        return (.server(details), false)
    }
}
