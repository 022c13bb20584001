import Foundation

extension FlowState {
    /// The account: who, how they came, where the tokens are kept, each token's lifetime in local time,
    /// and the id-token claims on request. Never a token.
    func accountScreen(_ account: SignedInAccount, showingClaims: Bool) -> Screen {
        let time = LocalTime(timeZone: settings.timeZone)
        var details: [ScreenDetail] = []
        if let username = account.username { details.append(ScreenDetail("Username", username)) }
        if let name = account.displayName { details.append(ScreenDetail("Display name", name)) }
        if let id = account.objectID { details.append(ScreenDetail("Object id", id)) }
        if let tenant = account.tenantID { details.append(ScreenDetail("Tenant id", tenant)) }
        details.append(account.tokenStore.map { ScreenDetail("Token cache", $0) } ?? ScreenDetail("Tokens kept", "In memory only"))
        details.append(ScreenDetail("Scopes", account.scopes.joined(separator: " ")))
        details.append(ScreenDetail("Access token expires", time.expiry(account.accessTokenExpiresOn, now: now)))
        if let idExpiry = account.idTokenExpiresOn {
            details.append(ScreenDetail("ID token expires", time.expiry(idExpiry, now: now)))
        }
        details.append(ScreenDetail("Refresh token", account.canRefresh ? "Present" : "None"))
        if showingClaims {
            details += account.claims.keys.sorted().map { ScreenDetail("Claim \($0)", Self.claimValue($0, account.claims[$0] ?? "", time)) }
        }
        var actions = [ScreenAction("Home", .homeRequested)]
        if account.canRefresh { actions.append(ScreenAction("Refresh now", .refreshRequested)) }
        if !account.claims.isEmpty {
            actions.append(ScreenAction(showingClaims ? "Hide claims" : "Show claims", .claimsToggled))
        }
        if account.cachedAccountCount > 1 { actions.append(ScreenAction("Switch account", .switchAccountRequested)) }
        actions.append(ScreenAction("Sign out", .signOutRequested))
        // After the account's own actions, so their keys and numbers stay as they were.
        if !settings.enrolmentMode {
            actions += [ScreenAction("Profile", .profileRequested), ScreenAction("Sign-in history", .historyRequested),
                        ScreenAction("Tenant snapshot", .tenantRequested)]
        }
        let refreshed = account.refreshedAt.map { "Tokens refreshed at \($0.formatted(.iso8601.time(includingFractionalSeconds: false))) UTC." }
        return Screen(title: "Signed in", text: [Self.sourceLine(account.source) + " The tokens are never shown."],
                      details: details, actions: actions, notice: refreshed)
    }

    /// A claim's value; the times of the JWT (seconds since 1970, RFC 7519 §4.1.4–§4.1.6, and OpenID Connect's
    /// `auth_time`) also in the operator's zone, as the token lifetimes above are.
    private static func claimValue(_ name: String, _ value: String, _ time: LocalTime) -> String {
        guard ["exp", "nbf", "iat", "auth_time"].contains(name), let seconds = Int(value) else { return value }
        return "\(value) (\(time.timestamp(Date(timeIntervalSince1970: TimeInterval(seconds)))))"
    }

    /// How the account came to the console, as a sentence.
    static func sourceLine(_ source: AccountSource) -> String {
        switch source {
        case .browser: "Signed in with the browser."
        case .deviceCode: "Signed in with a device code."
        case .nativeSignIn: "Signed in natively."
        case .restored: "Restored from the token cache."
        }
    }
}
