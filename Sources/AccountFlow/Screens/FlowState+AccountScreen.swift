import Localization
import Foundation

extension FlowState {
    /// The account: who, how they came, where the tokens are kept, each token's lifetime in local time,
    /// and the id-token claims on request. Never a token.
    func accountScreen(_ account: SignedInAccount, showingClaims: Bool) -> Screen {
        let time = LocalTime(timeZone: settings.timeZone)
        var details: [ScreenDetail] = []
        if let username = account.username { details.append(ScreenDetail(tr("account.username"), username)) }
        if let name = account.displayName { details.append(ScreenDetail(tr("account.displayName"), name)) }
        if let id = account.objectID { details.append(ScreenDetail(tr("account.objectID"), id)) }
        if let tenant = account.tenantID { details.append(ScreenDetail(tr("account.tenantID"), tenant)) }
        details.append(account.tokenStore.map { ScreenDetail(tr("account.tokenCache"), $0) } ?? ScreenDetail(tr("account.tokensKept"), tr("account.inMemoryOnly")))
        details.append(ScreenDetail(tr("account.scopes"), account.scopes.joined(separator: " ")))
        details.append(ScreenDetail(tr("account.accessTokenExpires"), time.expiry(account.accessTokenExpiresOn, now: now)))
        if let idExpiry = account.idTokenExpiresOn {
            details.append(ScreenDetail(tr("account.idTokenExpires"), time.expiry(idExpiry, now: now)))
        }
        details.append(ScreenDetail(tr("account.refreshToken"), account.canRefresh ? tr("account.present") : tr("account.none")))
        if showingClaims {
            details += account.claims.keys.sorted().map { ScreenDetail(tr("account.claim", ["name": $0]), Self.claimValue($0, account.claims[$0] ?? "", time)) }
        }
        var actions = [ScreenAction(tr("action.home"), .homeRequested)]
        if account.canRefresh { actions.append(ScreenAction(tr("action.refreshNow"), .refreshRequested)) }
        if !account.claims.isEmpty {
            actions.append(ScreenAction(showingClaims ? tr("action.hideClaims") : tr("action.showClaims"), .claimsToggled))
        }
        if account.cachedAccountCount > 1 { actions.append(ScreenAction(tr("action.switchAccount"), .switchAccountRequested)) }
        actions.append(ScreenAction(tr("action.signOut"), .signOutRequested))
        // After the account's own actions, so their keys and numbers stay as they were.
        if !settings.enrolmentMode {
            actions += [ScreenAction(tr("action.profile"), .profileRequested), ScreenAction(tr("action.history"), .historyRequested),
                        ScreenAction(tr("action.tenant"), .tenantRequested)]
        }
        let refreshed = account.refreshedAt.map { tr("account.refreshedAt", ["time": $0.formatted(.iso8601.time(includingFractionalSeconds: false))]) }
        return Screen(title: tr("account.title"), text: [tr("account.neverShown", ["source": Self.sourceLine(account.source)])],
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
        case .browser: tr("account.source.browser")
        case .deviceCode: tr("account.source.deviceCode")
        case .nativeSignIn: tr("account.source.nativeSignIn")
        case .restored: tr("account.source.restored")
        }
    }
}
