import Foundation

/// Every way the interactive stack can fail, typed: callers switch on cases, never on codes.
///
/// Server-originated cases carry `ServerDetails` (error, suberror, AADSTS code, correlation id); each
/// says what the user has to do next: sign in again (`interactionRequired`), pass MFA (`mfaRequired`),
/// consent (`consentRequired`), or nothing they can fix (`server`).
/// Source: docs/protocol.md §I2.3 (AADSTS codes on refresh), §I2.4 (recommended console policy), §I4.2
/// (device-code polling errors), docs/protocol.md §I4.4 (authorize errors).
public enum AuthError: Error, LocalizedError, Sendable, Equatable {
    /// `configure(clientId:…)` was not called.
    case notConfigured
    /// The configuration was refused (client id, authority, redirect URI, CA file, cache path).
    case invalidConfiguration(String)
    /// No account is signed in (none cached for this app and authority): sign in interactively.
    case noAccount
    /// The refresh token expired, was revoked or is unusable (AADSTS700082, 70008, 50173, 9002313,
    /// suberror `bad_token`); it was removed from the cache. Sign in interactively.
    case interactionRequired(ServerDetails)
    /// The tenant now demands MFA or MFA registration for these scopes (AADSTS50076, 50079, 50078).
    /// The refresh token is kept: other scopes may still work. Sign in interactively.
    case mfaRequired(ServerDetails)
    /// Consent to the scopes is missing (AADSTS65001, suberror `consent_required`): sign in with
    /// `prompt: .consent`.
    case consentRequired(ServerDetails)
    /// The device code expired before the user finished (`expired_token`): ask for a new one.
    case deviceCodeExpired
    /// The user declined the sign-in (`authorization_declined`, `access_denied`).
    case authorizationDeclined(ServerDetails)
    /// The sign-in was cancelled on this side (Esc, task cancellation, time-out of the redirect wait).
    case cancelled
    /// The account was signed out (removed from the shared token cache, e.g. by another window) while a
    /// refresh was under way; the refresh's tokens were not stored. Sign in again.
    case signedOutElsewhere
    /// The token service answered 429 or 5xx (`temporarily_unavailable`, `server_error`, an HTML 503) when
    /// the cached token could not be served instead. Nothing was removed: try again later. `retryAfter` is
    /// the answer's `Retry-After` in seconds, when sent.
    case serviceUnavailable(ServerDetails, retryAfter: Int?)
    /// Any other error answer of the tenant.
    case server(ServerDetails)
    /// No answer from the tenant (unreachable, TLS refused, timed out).
    case networkFailure(String)
    /// An answer the protocol does not allow (not JSON, a token answer without `access_token`, an id
    /// token whose `nonce` differs from the one sent).
    case unexpectedResponse(String)
    /// The token cache could not be read or written.
    case tokenCache(String)

    /// A sentence for the user, saying what to do.
    public var errorDescription: String? {
        switch self {
        case .notConfigured: "TophhieAuth is not configured: call configure(clientId:…) first."
        case .invalidConfiguration(let text): text
        case .noAccount: "No account is signed in. Sign in first (natively, with the browser or with a device code)."
        case .interactionRequired: "The saved sign-in has expired or was revoked. Sign in again."
        case .mfaRequired: "The tenant now requires multi-factor authentication. Sign in again to complete it."
        case .consentRequired: "Consent to the requested permissions is missing. Sign in again and accept them."
        case .deviceCodeExpired: "The device code expired before the sign-in was finished. Ask for a new code."
        case .authorizationDeclined: "The sign-in was declined."
        case .cancelled: "The sign-in was cancelled."
        case .signedOutElsewhere: "This account was signed out in another window. Sign in again."
        case .serviceUnavailable(let details, let retryAfter):
            "The sign-in service is unavailable (HTTP \(details.status.map(String.init) ?? "?")). You are still signed in; try again "
                + (retryAfter.map { "in \($0) s." } ?? "later.")
        case .server(let details): "The tenant refused the request: \(details)"
        case .networkFailure(let text): text
        case .unexpectedResponse(let text): "The tenant's answer was not understood: \(text)"
        case .tokenCache(let text): "The token cache could not be used: \(text)"
        }
    }

    /// The server's details, when the error came from an answer.
    public var serverDetails: ServerDetails? {
        switch self {
        case .interactionRequired(let details), .mfaRequired(let details), .consentRequired(let details),
             .authorizationDeclined(let details), .server(let details), .serviceUnavailable(let details, _):
            details
        case .notConfigured, .invalidConfiguration, .noAccount, .deviceCodeExpired, .cancelled, .signedOutElsewhere,
             .networkFailure, .unexpectedResponse, .tokenCache:
            nil
        }
    }

    /// True when only an interactive sign-in can fix it (what `tophhie token` reports with exit 4).
    public var needsInteraction: Bool {
        switch self {
        case .noAccount, .signedOutElsewhere, .interactionRequired, .mfaRequired, .consentRequired: true
        case .notConfigured, .invalidConfiguration, .deviceCodeExpired, .authorizationDeclined, .cancelled, .serviceUnavailable,
             .server, .networkFailure, .unexpectedResponse, .tokenCache:
            false
        }
    }
}
