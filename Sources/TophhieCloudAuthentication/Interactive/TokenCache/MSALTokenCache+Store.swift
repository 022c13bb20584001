import Foundation
import TokenCacheJSON

/// Storing a token answer the way MSAL Python's `TokenCache.add` does. Source: docs/protocol.md §I1.2–§I1.5,
/// docs/protocol.md §I2.2, traps T2, T12, T20.
extension MSALTokenCache {
    /// Stores the access token and, when present, the refresh token, id token, account and app metadata of
    /// one token answer.
    ///
    /// - `home_account_id` is `"uid.utid"` from `client_info`, else `"oid.tid"` from the id token.
    /// - The access token replaces every access token of the same account, app and realm whose scope set
    ///   equals (ignoring case); `target` is the answer's `scope` (else `requestedScopes`), sorted by code point.
    ///   `cached_at = now`, `expires_on = now + expiresIn`, `extended_expires_on = now + (extExpiresIn ?? expiresIn)`,
    ///   `refresh_on = now + refreshIn` when sent; all written as decimal strings of epoch seconds.
    ///   Proof-of-possession and claims-bound entries (see `CacheEntry.isPlainBearer`) are other apps' and stay.
    /// - A new refresh token replaces the one the refresh sent (`replacingRefreshToken`), under its key with its
    ///   other fields (`family_id`, `target`, unknown ones) as they were; otherwise (a sign-in, or the sent one is
    ///   gone) all the account's refresh tokens for the app, keeping the unknown fields and `family_id` of the
    ///   newest. `last_modification_time = now` either way.
    /// - The account gets `username` from `preferred_username` (else `upn`, else the stored one, else `""`),
    ///   `local_account_id` from `oid` (else `sub`, else `uid`), `name` from `name`, `authority_type` `MSSTS`.
    /// - Every entry written lands under MSAL Python's lower-case key; same-identity entries under other keys go.
    /// - Parameters:
    ///   - environment: the authority host the app is configured with (a URL or `host:port` is reduced to
    ///     the lower-case host).
    ///   - realm: the tenant ID (GUID) of the token endpoint.
    ///   - accountSource: the grant, e.g. `urn:ietf:params:oauth:grant-type:device_code`; nil keeps the stored one.
    ///   - now: the time the answer was received.
    ///   - replacingRefreshToken: the refresh token a refresh grant sent, when this answer is that grant's.
    /// - Throws: ``TokenCacheError/noAccountIdentity`` when neither `client_info` nor the id token names the
    ///   account; nothing is stored then.
    public mutating func store(_ response: TokenGrant, clientID: String, environment: String, realm: String,
                               requestedScopes: [String], accountSource: String?, now: Date,
                               replacingRefreshToken: String? = nil) throws(TokenCacheError) {
        let claims = response.idToken.map { JWTClaims.claims(ofJWT: $0.revealed) } ?? [:]
        let info = response.clientInfo.map(JWTClaims.claims(ofBase64URLJSON:)) ?? [:]
        let home: String
        if let uid = info["uid"], let utid = info["utid"], !uid.isEmpty, !utid.isEmpty {
            home = "\(uid).\(utid)"
        } else if let oid = claims["oid"], let tid = claims["tid"], !oid.isEmpty, !tid.isEmpty {
            home = "\(oid).\(tid)"
        } else {
            throw .noAccountIdentity
        }
        let host = CacheEntry.host(environment)
        let served = response.scope.split(whereSeparator: \.isWhitespace).map(String.init)
        let target = CacheEntry.target(served.isEmpty ? requestedScopes : served)
        let stamp = CacheEntry.timestamp(now)
        func later(_ seconds: Int) -> CacheJSON { CacheEntry.timestamp(now.addingTimeInterval(TimeInterval(seconds))) }
        func owned(_ entry: CacheEntry) -> Bool {
            entry.field("home_account_id", is: home) && entry.environment(is: host)
        }

        // Access token: a new entry (MSAL Python replaces the whole entry too).
        var accessFields: [String: CacheJSON] = [
            "credential_type": .string("AccessToken"), "secret": .string(response.accessToken.revealed),
            "home_account_id": .string(home), "environment": .string(host), "client_id": .string(clientID),
            "realm": .string(realm), "target": .string(target), "token_type": .string(response.tokenType),
            "cached_at": stamp, "expires_on": later(response.expiresIn),
            "extended_expires_on": later(response.extExpiresIn ?? response.expiresIn),
        ]
        if let refreshIn = response.refreshIn { accessFields["refresh_on"] = later(refreshIn) }
        let scopeSet = CacheEntry.scopeSet(target.split(separator: " ").map(String.init))
        let staleAccess = entries(.accessToken).filter {
            $0.isPlainBearer && owned($0) && $0.field("client_id", is: clientID) && $0.field("realm", is: realm)
                && CacheEntry.scopeSet($0.scopes) == scopeSet
        }
        replace(.accessToken, keys: staleAccess.map(\.key), with: CacheEntry(key: "", fields: accessFields))

        // Refresh token: rotation replaces the one sent, in place (a family token keeps its app, key and target);
        // else every older one of the account and app.
        if let secret = response.refreshToken {
            if let sent = entries(.refreshToken).first(where: { owned($0) && replacingRefreshToken != nil && $0.text("secret") == replacingRefreshToken }) {
                var fields = sent.fields
                fields["secret"] = .string(secret.revealed)
                fields["last_modification_time"] = stamp
                replace(.refreshToken, keys: [sent.key], with: CacheEntry(key: sent.key, fields: fields), keepingKey: true)
            } else {
                let older = entries(.refreshToken).filter { owned($0) && $0.field("client_id", is: clientID) }
                var fields = older.max { Self.isOlder($0, than: $1, in: .refreshToken) }?.fields ?? [:]
                fields.merge([
                    "credential_type": .string("RefreshToken"), "secret": .string(secret.revealed), "home_account_id": .string(home),
                    "environment": .string(host), "client_id": .string(clientID), "target": .string(target),
                    "last_modification_time": stamp,
                ]) { $1 }
                replace(.refreshToken, keys: older.map(\.key), with: CacheEntry(key: "", fields: fields))
            }
        }

        // Id token: a new entry per account, app and realm.
        if let idToken = response.idToken {
            let older = entries(.idToken).filter { owned($0) && $0.field("client_id", is: clientID) && $0.field("realm", is: realm) }
            replace(.idToken, keys: older.map(\.key), with: CacheEntry(key: "", fields: [
                "credential_type": .string("IdToken"), "secret": .string(idToken.revealed), "home_account_id": .string(home),
                "environment": .string(host), "realm": .string(realm), "client_id": .string(clientID),
            ]))
        }

        // Account: merged, so fields other SDKs wrote (client_info, tenants, …) survive.
        let olderAccounts = entries(.account).filter { owned($0) && $0.field("realm", is: realm) }
        var account = olderAccounts.last?.fields ?? [:]
        let stored = olderAccounts.last
        account.merge([
            "home_account_id": .string(home), "environment": .string(host), "realm": .string(realm),
            "local_account_id": .string(claims["oid"] ?? claims["sub"] ?? stored?.text("local_account_id") ?? info["uid"] ?? ""),
            "username": .string(claims["preferred_username"] ?? claims["upn"] ?? stored?.text("username") ?? ""),
            "authority_type": .string("MSSTS"),
        ]) { $1 }
        if let name = claims["name"] { account["name"] = .string(name) }
        if let accountSource { account["account_source"] = .string(accountSource) }
        replace(.account, keys: olderAccounts.map(\.key), with: CacheEntry(key: "", fields: account))

        // App metadata: kept (with any family_id), never given a family_id here (docs/protocol.md §I1.5).
        let olderMetadata = entries(.appMetadata).filter { $0.environment(is: host) && $0.field("client_id", is: clientID) }
        var metadata = olderMetadata.last?.fields ?? [:]
        metadata["client_id"] = .string(clientID)
        metadata["environment"] = .string(host)
        replace(.appMetadata, keys: olderMetadata.map(\.key), with: CacheEntry(key: "", fields: metadata))
    }
}
