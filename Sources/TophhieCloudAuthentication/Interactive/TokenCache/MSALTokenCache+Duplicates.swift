import Foundation
import TokenCacheJSON

/// Collapsing entries that describe the same credential or account (field case 020 (docs/field-cases.md): two refresh tokens whose keys
/// and `environment` differ only in case; the older one is revoked).
extension MSALTokenCache {
    /// For each section, groups entries by identity (fields compared ignoring case, `environment` ignoring
    /// port) and keeps only the newest of each group of two or more, written under MSAL Python's lower-case
    /// key with `environment` lower-cased. Single entries keep their keys.
    /// - Returns: whether anything changed.
    mutating func collapseDuplicates() -> Bool {
        var changed = false
        for section in CacheSection.allCases {
            let groups = Dictionary(grouping: entries(section), by: { Self.identity(of: $0, in: section) })
            for (_, group) in groups.sorted(by: { $0.key < $1.key }) where group.count > 1 {
                guard var newest = group.max(by: { Self.isOlder($0, than: $1, in: section) }) else { continue }
                newest.fields["environment"] = .string(CacheEntry.host(newest.text("environment") ?? ""))
                replace(section, keys: group.map(\.key), with: newest)
                changed = true
            }
        }
        return changed
    }

    /// What makes two entries the same thing. A proof-of-possession or claims-bound access token is never the
    /// same thing as a Bearer one, nor a family refresh token as the app's own (field case 043 (docs/field-cases.md)).
    static func identity(of entry: CacheEntry, in section: CacheSection) -> String {
        let home = (entry.text("home_account_id") ?? "").lowercased()
        let environment = CacheEntry.host(entry.text("environment") ?? "")
        let client = (entry.text("client_id") ?? "").lowercased()
        let realm = (entry.text("realm") ?? "").lowercased()
        let binding = ["token_type", "key_id", "keyid", "requested_claims", "requestedClaims"].map { entry.text($0) ?? "" }
        let parts: [String] = switch section {
        case .accessToken:
            [home, environment, client, realm, CacheEntry.target(Array(CacheEntry.scopeSet(entry.scopes))),
             entry.isPlainBearer ? "" : binding.joined(separator: "\u{1F}")]
        case .refreshToken: [home, environment, client, entry.text("family_id") ?? ""]
        case .idToken: [home, environment, client, realm]
        case .account: [home, environment, realm]
        case .appMetadata: [environment, client]
        }
        return parts.joined(separator: "\u{1F}")
    }

    /// Orders entries of one identity: by `expires_on` (AT), `last_modification_time` (RT), the id token's
    /// `iat` (IdToken), else by key (entries are sorted by key, so the result is stable).
    static func isOlder(_ lhs: CacheEntry, than rhs: CacheEntry, in section: CacheSection) -> Bool {
        func age(_ entry: CacheEntry) -> Double {
            switch section {
            case .accessToken: entry.time("expires_on")?.timeIntervalSince1970 ?? 0
            case .refreshToken: entry.time("last_modification_time")?.timeIntervalSince1970 ?? 0
            case .idToken: Double(JWTClaims.claims(ofJWT: entry.text("secret") ?? "")["iat"] ?? "") ?? 0
            case .account, .appMetadata: 0
            }
        }
        let (left, right) = (age(lhs), age(rhs))
        return left != right ? left < right : lhs.key < rhs.key
    }
}
