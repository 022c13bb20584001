/// Local sign-out. Source: docs/protocol.md §I3.1 (MSAL Python `remove_account`), trap T11.
extension MSALTokenCache {
    /// Removes the account (in every realm) and all its access, refresh and id tokens, for every app.
    /// Other accounts, app metadata and unknown members stay.
    ///
    /// Unlike MSAL Python, which removes only the calling app's tokens, this removes every app's tokens
    /// for the account: the console signs the person out of this machine.
    public mutating func removeAccount(homeAccountID: String, environment: String) {
        for section in [CacheSection.account, .accessToken, .refreshToken, .idToken] {
            remove(section) { $0.field("home_account_id", is: homeAccountID) && $0.environment(is: environment) }
        }
    }

    /// Removes every refresh token of the account for the app (e.g. after `invalid_grant` for an expired or
    /// revoked token), whatever key it is stored under.
    public mutating func removeRefreshToken(homeAccountID: String, environment: String, clientID: String) {
        remove(.refreshToken) {
            $0.field("home_account_id", is: homeAccountID) && $0.environment(is: environment) && $0.field("client_id", is: clientID)
        }
    }
}
