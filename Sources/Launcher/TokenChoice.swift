import TokenCacheJSON

/// The access token ``CachedTokenShortcut`` may print from a parsed cache, or nil (the console decides). Fields
/// compare as the framework's `CacheEntry` does: `home_account_id`, `client_id`, `realm`, `credential_type`
/// ignoring case, `environment` by host; entries are taken in key order and home-realm first where the framework
/// takes them so. Source: docs/protocol.md §I1.1–§I1.3, §I2.4.
struct TokenChoice {
    let secret: String

    private typealias Entry = [String: CacheJSON]

    init?(root: [String: CacheJSON], host: String, clientID: String, now: Double) {
        var sections: [String: [(key: String, entry: Entry)]] = [:]
        for name in ["AccessToken", "RefreshToken", "IdToken", "Account", "AppMetadata"] {
            guard let member = root[name] else { continue }
            guard let members = member.object else { return nil }
            let entries = members.sorted { $0.key < $1.key }.compactMap { key, value in value.object.map { (key: key, entry: $0) } }
            // An environment or scopes written in a shape this reader does not compare as the framework does.
            guard entries.allSatisfy({ entry in
                entry.entry["environment"] == nil || Self.host(Self.text(entry.entry, "environment") ?? "") != nil
            }) else { return nil }
            if name == "AccessToken", !entries.allSatisfy({ Self.scopes($0.entry) != nil }) { return nil }
            // Duplicates would be collapsed and written back by the console.
            var identities: Set<String> = []
            for (_, entry) in entries where !identities.insert(Self.identity(entry, in: name)).inserted { return nil }
            sections[name] = entries
        }
        let accessTokens = sections["AccessToken", default: []].map(\.entry)
        // Any proof-of-possession trace, or an entry of another credential type, in the section: the console.
        guard accessTokens.allSatisfy({ entry in
            Self.lowered(entry, "credential_type").map { $0 == "accesstoken" } ?? true
                && Self.lowered(entry, "token_type").map { $0 == "bearer" } ?? true
                && entry["key_id"] == nil && entry["req_cnf"] == nil
        }) else { return nil }
        func ofType(_ section: String, _ type: String) -> [Entry] {
            sections[section, default: []].map(\.entry).filter { Self.lowered($0, "credential_type").map { $0 == type } ?? true }
        }
        func belongs(_ entry: Entry, to home: String) -> Bool {
            Self.lowered(entry, "home_account_id") == home && Self.host(Self.text(entry, "environment") ?? "") == host
                && Self.lowered(entry, "client_id") == clientID
        }
        let credentials = ofType("RefreshToken", "refreshtoken") + ofType("AccessToken", "accesstoken") + ofType("IdToken", "idtoken")

        // The current account: the first of this app's accounts in this environment by username, then home account id.
        var accounts: [(username: String, home: String, realm: String)] = []
        var seen: Set<String> = []
        for entry in sections["Account", default: []].map(\.entry) {
            guard let home = Self.text(entry, "home_account_id"), let environment = Self.text(entry, "environment") else { continue }
            guard Self.host(environment) == host else { continue }
            // One account in several realms: which entry names it is the console's choice.
            guard seen.insert(home.lowercased()).inserted else { return nil }
            guard credentials.contains(where: { belongs($0, to: home.lowercased()) }) else { continue }
            accounts.append((Self.text(entry, "username") ?? "", home, Self.text(entry, "realm") ?? ""))
        }
        guard let account = accounts.min(by: { ($0.username, $0.home) < ($1.username, $1.home) }) else { return nil }
        let home = account.home.lowercased()
        let realm = account.realm.lowercased()

        // Its id token: exactly one candidate, with a secret.
        let idTokens = ofType("IdToken", "idtoken").filter { belongs($0, to: home) && Self.lowered($0, "realm") == realm }
        guard idTokens.count == 1, Self.text(idTokens[0], "secret") != nil else { return nil }

        // Its access tokens for the default scope, the one expiring last.
        let wanted = "user.read"
        var best: (secret: String, expires: Double, refresh: Double?)?
        var tie = false
        for entry in accessTokens where belongs(entry, to: home) && Self.lowered(entry, "realm") == realm {
            guard Self.scopes(entry)?.contains(wanted) == true else { continue }
            guard let secret = Self.text(entry, "secret"), secret.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), let expires = Self.time(entry, "expires_on"),
                  let cachedAt = Self.time(entry, "cached_at"), cachedAt <= now else { return nil }
            var refresh: Double?
            if entry["refresh_on"] != nil {
                guard let on = Self.time(entry, "refresh_on") else { return nil }
                refresh = on
            }
            if let current = best, current.expires == expires { tie = true }
            if best.map({ expires > $0.expires }) ?? true {
                best = (secret, expires, refresh)
                tie = false
            }
        }
        guard let best, !tie, best.expires - now > CachedTokenShortcut.expiryBuffer + CachedTokenShortcut.edge,
              best.refresh.map({ $0 - now > CachedTokenShortcut.edge }) ?? true else { return nil }
        secret = best.secret
    }

    // MARK: Fields

    /// Strings as they are, numbers as their literal (the framework's `CacheEntry.text`).
    private static func text(_ entry: Entry, _ name: String) -> String? {
        switch entry[name] {
        case .string(let text)?: text
        case .number(let literal)?: literal
        case .null?, .bool?, .array?, .object?, nil: nil
        }
    }

    private static func lowered(_ entry: Entry, _ name: String) -> String? { text(entry, name)?.lowercased() }

    /// Whole epoch seconds written as digits only; anything else (spaces, fractions, exponents) is left to the console.
    private static func time(_ entry: Entry, _ name: String) -> Double? {
        guard let digits = text(entry, name), (1...12).contains(digits.utf8.count),
              digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Double(digits)
    }

    /// `target`'s scopes, lower-cased; nil unless it is printable ASCII (the framework splits on any white space).
    private static func scopes(_ entry: Entry) -> Set<String>? {
        let target = text(entry, "target") ?? ""
        guard target.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return Set(target.lowercased().split(separator: " ").map(String.init))
    }

    /// A host as the cache writes it: `CacheEntry.host` for the plain shapes (`host`, `host:port`); nil for any
    /// other shape (a URL, brackets, spaces), which the console compares.
    private static func host(_ environment: String) -> String? {
        let parts = environment.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty, parts[0].utf8.allSatisfy({ byte in
            (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x2D
        }), parts.count == 1 || parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return parts[0].lowercased()
    }

    /// The framework's duplicate identity (`MSALTokenCache.identity(of:in:)`), close enough to never miss one:
    /// fields lower-cased, the environment by host.
    private static func identity(_ entry: Entry, in section: String) -> String {
        let home = lowered(entry, "home_account_id") ?? ""
        let environment = host(text(entry, "environment") ?? "") ?? ""
        let client = lowered(entry, "client_id") ?? ""
        let realm = lowered(entry, "realm") ?? ""
        let parts: [String] = switch section {
        case "AccessToken": [home, environment, client, realm, (scopes(entry) ?? []).sorted().joined(separator: " ")]
        case "RefreshToken": [home, environment, client]
        case "IdToken": [home, environment, client, realm]
        case "Account": [home, environment, realm]
        default: [environment, client]
        }
        return parts.joined(separator: "\u{1F}")
    }
}
