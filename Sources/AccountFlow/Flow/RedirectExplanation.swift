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
            cause = "The emulator was told to answer this request with a web fallback (a queued fault)."
            fix = "Nothing to change in the app; the next request is answered normally."
        } else if reason.contains("mfa_required") {
            cause = "The tenant requires a second factor (MFA) for this account, and the app did not declare the "
                + "mfa_required capability, so it cannot be asked for one."
            fix = "Declare it: --capabilities mfa_required,registration_required. Or turn MFA off for this user flow."
        } else if reason.contains("registration_required") {
            cause = "The tenant wants this account to register a strong authentication method, and the app did not "
                + "declare the registration_required capability."
            fix = "Declare it: --capabilities mfa_required,registration_required."
        } else if needsCodes {
            cause = "The tenant's user flow works with one-time codes (email verification\(passwordAccounts ? "" : ", and codes instead of passwords")), "
                + "and the app did not send the oob challenge type, so the native API cannot ask for a code."
            fix = "Add oob to the app's challenge types: --challenge-types \(types)."
        } else if needsPassword {
            cause = "Accounts on this tenant have passwords (email with password), and the app did not send the "
                + "password challenge type, so the native API cannot ask for the password."
            fix = "Add password to the app's challenge types: --challenge-types \(types)."
        } else if !fallback.missingCapabilities.isEmpty {
            let missing = fallback.missingCapabilities.map(\.wireValue).joined(separator: ",")
            cause = "The tenant likely needs MFA or method registration for this account, and the app did not declare \(missing)."
            fix = "Declare it: --capabilities mfa_required,registration_required."
        } else {
            cause = "The app sent every challenge type and capability the native API has, so the tenant needs what it "
                + "cannot finish natively: an account kind it does not support (a social or federated identity, a username "
                + "instead of an email), a method other than email and SMS codes, or fraud protection (a blocked SMS)."
            fix = "Finish in the browser (Sign in with browser, or with a device code), or change the user flow to email "
                + "with password or email one-time code."
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
