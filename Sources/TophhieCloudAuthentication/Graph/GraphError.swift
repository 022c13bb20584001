import Foundation

/// Every way a Graph call (profile, profile update, sign-in history) can fail, typed: switch on cases,
/// never on codes or messages. No case holds a token.
///
/// Source: docs/protocol.md §I5.3 (status and `error.code` table, throttling), §I6.3 (licence gate), traps
/// T15–T16, T18; field cases 021–022 (docs/field-cases.md).
public enum GraphError: Error, LocalizedError, Sendable, Equatable {
    /// 401 `InvalidAuthenticationToken` again after one forced silent refresh and one retry: sign in again.
    case unauthorized(GraphErrorDetails)
    /// 401 again after one forced silent refresh and one retry, while this side's clock and the service's (its
    /// `Date` header) differ by `seconds` (positive: this side is ahead), 5 minutes or more: a token this side
    /// finds valid may be expired or not yet valid there. Signing in again would not help; setting the clock does.
    /// Source: docs/protocol.md §I5.3; field case 042 (docs/field-cases.md).
    case clockSkew(seconds: Int, GraphErrorDetails)
    /// 403 `Authorization_RequestDenied` (or any 403 but the licence one): a scope or directory role is
    /// missing, or the account may not change that property. Not retried.
    case missingPermission(GraphErrorDetails)
    /// 403 `Authentication_RequestFromNonPremiumTenantOrB2CTenant`: the tenant needs an Entra ID P1/P2
    /// licence and the caller `AuditLog.Read.All` plus a reports role. A licence gate, not consent; not retried.
    case notPremium(GraphErrorDetails)
    /// `updateProfile` was asked to change properties a customer may not change themselves (in
    /// `ProfileProperty.allCases` order); nothing was sent.
    case notSelfWritable([ProfileProperty])
    /// 400: an unknown `$select` name, a read-only property, `displayName` cleared.
    case badRequest(GraphErrorDetails)
    /// 404 `Request_ResourceNotFound`: the user object is gone.
    case notFound(GraphErrorDetails)
    /// 429/503 still after 3 retries. `retryAfter`: the last `Retry-After` in seconds, if sent;
    /// `rowsRead`: the sign-in rows this call had read before (empty for the profile calls);
    /// `nextLink`: the URL to resume with (`nextSignInPage(after: SignInPage(rows: [], nextLink: link))`).
    case throttled(retryAfter: Int?, rowsRead: [SignInRecord], nextLink: URL?, GraphErrorDetails)
    /// 400 to a page link (`@odata.nextLink`, sent byte for byte): Graph will not read it, e.g. "Invalid Skip
    /// Token" with an empty `code`. Not retried: the same link gets the same answer. `rowsRead`: the rows this
    /// call had read before; `nextLink`: the refused link. Start again from the first page. Source: field case 033.
    case pageLinkRefused(rowsRead: [SignInRecord], nextLink: URL, GraphErrorDetails)
    /// Any other error answer (5xx, a non-JSON error page, an unexpected status).
    case server(GraphErrorDetails)
    /// Getting the access token failed (`AuthError.interactionRequired`, `.consentRequired`, `.noAccount`…).
    case auth(AuthError)
    /// No answer from Graph (unreachable, TLS refused, timed out).
    case networkFailure(String)
    /// A success answer this side cannot read (not JSON, no `value`), or a next link to another host.
    case unexpectedResponse(String)

    /// A sentence for the user, saying what to do.
    public var errorDescription: String? {
        switch self {
        case .unauthorized:
            "Microsoft Graph refused the access token, even after a refresh. Sign in again."
        case .clockSkew(let seconds, _):
            "Microsoft Graph refused the access token, even after a refresh: this computer's clock is about "
                + "\(max(1, Int((Double(abs(seconds)) / 60).rounded()))) minutes \(seconds > 0 ? "ahead of" : "behind") the service's "
                + "(from its Date header). Set the clock right (e.g. turn on NTP) and try again."
        case .missingPermission:
            "This account is not allowed to do that (a permission or directory role is missing, or the property cannot be changed by this account)."
        case .notPremium:
            "Sign-in logs need a Microsoft Entra ID P1 or P2 licence in the tenant, and a caller with AuditLog.Read.All and a reports role "
                + "(Reports Reader, Security Reader, Global Reader). You are still signed in; retry once both are in place."
        case .notSelfWritable(let properties):
            "These properties cannot be changed by the account itself: \(properties.map(\.label).joined(separator: ", "))."
        case .badRequest(let details):
            "Microsoft Graph refused the request: \(details)"
        case .notFound:
            "The user no longer exists in the directory."
        case .throttled(let retryAfter, _, _, _):
            "Microsoft Graph is limiting requests. " + (retryAfter.map { "Try again in \($0) s." } ?? "Try again in a moment.")
                + " What was already read is kept."
        case .pageLinkRefused(_, _, let details):
            "Graph refused the page link: \(details.message.flatMap { $0.isEmpty ? nil : $0 } ?? "no reason given")."
                + " What was already read is kept; start again from the newest sign-ins to read further."
        case .server(let details):
            "Microsoft Graph failed: \(details)"
        case .auth(let error):
            error.errorDescription
        case .networkFailure(let text):
            text
        case .unexpectedResponse(let text):
            "Microsoft Graph's answer was not understood: \(text)"
        }
    }

    /// Graph's details, when the error came from an answer.
    public var details: GraphErrorDetails? {
        switch self {
        case .unauthorized(let details), .clockSkew(_, let details), .missingPermission(let details), .notPremium(let details), .badRequest(let details),
             .notFound(let details), .throttled(_, _, _, let details), .pageLinkRefused(_, _, let details), .server(let details):
            details
        case .notSelfWritable, .auth, .networkFailure, .unexpectedResponse: nil
        }
    }
}
