import Localization
import TophhieCloudAuthentication

/// Why the tenant asked for a browser, told from what the app sent and what the tenant needs, with the fix.
///
/// The service's `redirect_reason` is sometimes absent (docs/protocol.md §N1.6), so the cause is inferred in
/// this order: a capability the reason names; a challenge type the flow needs that was not sent (a password
/// account needs `password`, every user flow needs `oob` for its codes); a capability not declared; else something the native API
/// cannot finish at all. Sources: docs/protocol.md §N1.6 (causes), §N3.6 (`mfa_required`), §N3.7
/// (`registration_required`), docs/protocol.md §N4 and §N5 (sign-up and reset challenge types); field case 001 (docs/field-cases.md).
public struct RedirectExplanation: Sendable, Equatable {
    /// The likely cause, e.g. "Accounts on this tenant have passwords, and the app did not send `password`…".
    public let cause: String
    /// What to change, e.g. "Add password to the app's challenge types: --challenge-types oob,password".
    public let fix: String

    /// - Parameters:
    ///   - fallback: the redirect's reason and what the app sent.
    ///   - flow: the flow that met it (nil when unknown).
    ///   - passwordAccounts: whether the tenant's accounts have passwords (the console's `--sign-up` or the
    ///     embedded tenant's policy).
    public init(_ fallback: WebFallback, flow: FlowKind?, passwordAccounts: Bool) {
        let reason = fallback.reason?.lowercased() ?? ""
        let sent = Set(fallback.sentChallengeTypes)
        let types = ([ChallengeType.oob, .password].filter { sent.contains($0) || Self.needed(flow, passwordAccounts).contains($0) })
            .map(\.wireValue).joined(separator: ",")
        let needsPassword = Self.needed(flow, passwordAccounts).contains(.password) && !sent.contains(.password)
        let needsCodes = Self.needed(flow, passwordAccounts).contains(.oob) && !sent.contains(.oob)
        if reason.contains("fault injection") {
            cause = tr("redirect.faultInjection.cause")
            fix = tr("redirect.faultInjection.fix")
        } else if reason.contains("mfa_required") {
            cause = tr("redirect.mfa.cause")
            fix = tr("redirect.mfa.fix")
        } else if reason.contains("registration_required") {
            cause = tr("redirect.registration.cause")
            fix = tr("redirect.declareCapabilities")
        } else if needsCodes {
            cause = tr("redirect.codes.cause", ["passwords": passwordAccounts ? "yes" : "no"])
            fix = tr("redirect.codes.fix", ["types": types])
        } else if needsPassword {
            cause = tr("redirect.password.cause")
            fix = tr("redirect.password.fix", ["types": types])
        } else if !fallback.missingCapabilities.isEmpty {
            cause = tr("redirect.capabilities.cause", ["missing": fallback.missingCapabilities.map(\.wireValue).joined(separator: ",")])
            fix = tr("redirect.declareCapabilities")
        } else {
            cause = tr("redirect.unsupported.cause")
            fix = tr("redirect.unsupported.fix")
        }
    }

    /// The challenge types `flow` needs on a tenant whose accounts have passwords or not.
    private static func needed(_ flow: FlowKind?, _ passwordAccounts: Bool) -> Set<ChallengeType> {
        switch flow {
        case .resetPassword: [.oob]
        case .signIn, .signUp, nil: passwordAccounts ? [.oob, .password] : [.oob]
        }
    }
}
