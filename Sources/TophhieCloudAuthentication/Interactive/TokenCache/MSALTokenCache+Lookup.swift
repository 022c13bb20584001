import Foundation
import TokenCacheJSON

/// Finding accounts and credentials by their fields (never by key). Source: docs/protocol.md §I1.2, §I1.3,
/// docs/protocol.md traps T1 and T20; field case 020 (docs/field-cases.md).
extension MSALTokenCache {
    /// The accounts in the cache, one per (`home_account_id`, `environment`) ignoring case, sorted by
    /// username then `home_account_id`.
    ///
    /// When an account has entries in several realms, the one in its home tenant (the `utid` part of
    /// `home_account_id`) is returned.
    /// - Parameter clientID: when given, only accounts holding an access, refresh or id token of that app.
    public func accounts(clientID: String? = nil) -> [CachedAccount] {
        var seen: Set<String> = []
        var result: [CachedAccount] = []
        let credentials = clientID.map { client in
            [CacheSection.refreshToken, .accessToken, .idToken].flatMap(entries).filter { $0.field("client_id", is: client) }
        }
        for entry in preferringHomeRealm(entries(.account)) {
            guard let account = Self.account(entry) else { continue }
            let identity = account.homeAccountID.lowercased() + "\u{1F}" + account.environment
            guard !seen.contains(identity) else { continue }
            if let credentials, !credentials.contains(where: {
                $0.field("home_account_id", is: account.homeAccountID) && $0.environment(is: account.environment)
            }) { continue }
            seen.insert(identity)
            result.append(account)
        }
        return result.sorted { ($0.username, $0.homeAccountID) < ($1.username, $1.homeAccountID) }
    }

    /// The account with this `home_account_id` and `environment` (ignoring case; `environment` may be a
    /// host, `host:port` or an authority URL), preferring its home-tenant realm; nil when there is none.
    public func account(homeAccountID: String, environment: String) -> CachedAccount? {
        preferringHomeRealm(entries(.account))
            .first { $0.field("home_account_id", is: homeAccountID) && $0.environment(is: environment) }
            .flatMap(Self.account)
    }

    /// The access token for these scopes: a plain Bearer entry (no proof-of-possession key, no requested claims)
    /// whose `target` holds every requested scope (set compare, ignoring case and order). When several fit, the
    /// one expiring last. Expired tokens are returned too: compare ``CachedAccessToken/expiresOn`` with the clock.
    /// - Parameters:
    ///   - realm: the tenant ID; nil matches any realm.
    ///   - scopes: the requested scopes; empty matches any token of the account and app.
    public func accessToken(homeAccountID: String, environment: String, clientID: String, realm: String?,
                            scopes: [String]) -> CachedAccessToken? {
        let wanted = CacheEntry.scopeSet(scopes)
        return entries(.accessToken)
            .filter { entry in
                entry.isPlainBearer && entry.field("home_account_id", is: homeAccountID) && entry.environment(is: environment)
                    && entry.field("client_id", is: clientID) && (realm.map { entry.field("realm", is: $0) } ?? true)
                    && wanted.isSubset(of: CacheEntry.scopeSet(entry.scopes))
            }
            .compactMap(Self.accessToken)
            .max { $0.expiresOn < $1.expiresOn }
    }

    /// The app's refresh token for the account; when several exist (written by different MSAL versions), the
    /// one with the newest `last_modification_time` (an entry without one counts as oldest).
    public func refreshToken(homeAccountID: String, environment: String, clientID: String) -> CachedRefreshToken? {
        entries(.refreshToken)
            .filter { $0.field("home_account_id", is: homeAccountID) && $0.environment(is: environment) && $0.field("client_id", is: clientID) }
            .max { Self.isOlder($0, than: $1, in: .refreshToken) }
            .flatMap(Self.refreshToken)
    }

    /// The refresh tokens a silent refresh tries, in MSAL's order: when the app's `AppMetadata` names a family
    /// (`family_id`), that family's tokens of the account first (any app of the family), then the app's own; else
    /// the app's own only. Newest `last_modification_time` first within each group.
    /// Source: docs/protocol.md §I1.5 (MSAL Python `_acquire_token_silent_by_finding_rt_belongs_to_me_or_my_family`).
    public func refreshTokens(homeAccountID: String, environment: String, clientID: String) -> [CachedRefreshToken] {
        let account = entries(.refreshToken).filter { $0.field("home_account_id", is: homeAccountID) && $0.environment(is: environment) }
        let family = entries(.appMetadata).first { $0.environment(is: environment) && $0.field("client_id", is: clientID) }?.text("family_id")
        let familyFirst = family.flatMap { $0.isEmpty ? nil : $0 }.map { id in account.filter { $0.field("family_id", is: id) } } ?? []
        let own = account.filter { entry in entry.field("client_id", is: clientID) && !familyFirst.contains { $0.key == entry.key } }
        func newestFirst(_ group: [CacheEntry]) -> [CacheEntry] { group.sorted { Self.isOlder($1, than: $0, in: .refreshToken) } }
        return (newestFirst(familyFirst) + newestFirst(own)).compactMap(Self.refreshToken)
    }

    /// The app's id token for the account (`credential_type` `IdToken`, any case).
    /// - Parameter realm: the tenant ID; nil matches any realm (the home-tenant one first).
    public func idToken(homeAccountID: String, environment: String, clientID: String, realm: String?) -> CachedIdToken? {
        preferringHomeRealm(entries(.idToken))
            .first { entry in
                entry.field("home_account_id", is: homeAccountID) && entry.environment(is: environment)
                    && entry.field("client_id", is: clientID) && (realm.map { entry.field("realm", is: $0) } ?? true)
            }
            .flatMap(Self.idToken)
    }

    // MARK: Entry → value

    /// Entries whose `realm` is their home tenant first, otherwise in key order.
    private func preferringHomeRealm(_ entries: [CacheEntry]) -> [CacheEntry] {
        func isHome(_ entry: CacheEntry) -> Bool {
            guard let home = entry.text("home_account_id"), let tenant = home.split(separator: ".").last else { return false }
            return entry.field("realm", is: String(tenant))
        }
        return entries.filter(isHome) + entries.filter { !isHome($0) }
    }

    static func account(_ entry: CacheEntry) -> CachedAccount? {
        guard let home = entry.text("home_account_id"), let environment = entry.text("environment") else { return nil }
        return CachedAccount(
            homeAccountID: home, environment: CacheEntry.host(environment), realm: entry.text("realm") ?? "",
            localAccountID: entry.text("local_account_id") ?? "", username: entry.text("username") ?? "",
            name: entry.text("name"), authorityType: entry.text("authority_type") ?? "MSSTS",
            accountSource: entry.text("account_source"))
    }

    static func accessToken(_ entry: CacheEntry) -> CachedAccessToken? {
        guard let secret = entry.text("secret") else { return nil }
        let expiresOn = entry.time("expires_on") ?? Date(timeIntervalSince1970: 0)
        return CachedAccessToken(
            secret: Secret(secret), homeAccountID: entry.text("home_account_id") ?? "",
            environment: CacheEntry.host(entry.text("environment") ?? ""), clientID: entry.text("client_id") ?? "",
            realm: entry.text("realm") ?? "", scopes: entry.scopes,
            cachedAt: entry.time("cached_at") ?? Date(timeIntervalSince1970: 0), expiresOn: expiresOn,
            extendedExpiresOn: entry.time("extended_expires_on") ?? entry.time("ext_expires_on") ?? expiresOn,
            refreshOn: entry.time("refresh_on"), tokenType: entry.text("token_type") ?? "Bearer")
    }

    static func refreshToken(_ entry: CacheEntry) -> CachedRefreshToken? {
        guard let secret = entry.text("secret") else { return nil }
        return CachedRefreshToken(
            secret: Secret(secret), homeAccountID: entry.text("home_account_id") ?? "",
            environment: CacheEntry.host(entry.text("environment") ?? ""), clientID: entry.text("client_id") ?? "",
            scopes: entry.scopes, familyID: entry.text("family_id"), lastModified: entry.time("last_modification_time"))
    }

    static func idToken(_ entry: CacheEntry) -> CachedIdToken? {
        guard let secret = entry.text("secret") else { return nil }
        return CachedIdToken(
            secret: Secret(secret), homeAccountID: entry.text("home_account_id") ?? "",
            environment: CacheEntry.host(entry.text("environment") ?? ""), realm: entry.text("realm") ?? "",
            clientID: entry.text("client_id") ?? "")
    }
}
