import Foundation
import TokenCacheJSON

/// One entry of the unified cache (the object under a cache key), read by its fields, never by its key.
///
/// Field names and value rules: docs/protocol.md §I1.3 (timestamps are decimal strings of epoch seconds;
/// numbers are read too), docs/protocol.md trap T2.
struct CacheEntry: Sendable {
    /// The cache key the entry was found under (kept as found: docs/protocol.md trap T1).
    var key: String
    /// Every field, known or not.
    var fields: [String: CacheJSON]

    /// A field as text: strings as they are, numbers as their literal; nil for anything else.
    func text(_ name: String) -> String? {
        switch fields[name] {
        case .string(let text)?: text
        case .number(let literal)?: literal
        case .null?, .bool?, .array?, .object?, nil: nil
        }
    }

    /// A timestamp field (epoch seconds, string or number); nil when absent or not a number.
    func time(_ name: String) -> Date? {
        guard let text = text(name)?.trimmingCharacters(in: .whitespaces), let seconds = Double(text), seconds.isFinite else {
            return nil
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Whether the field equals `value`, ignoring case (field matching rule of field case 020 (docs/field-cases.md)).
    func field(_ name: String, is value: String) -> Bool {
        text(name)?.lowercased() == value.lowercased()
    }

    /// Whether `environment` names the same host as `host`, ignoring case and port.
    func environment(is host: String) -> Bool {
        CacheEntry.host(text("environment") ?? "") == CacheEntry.host(host)
    }

    /// The `target` field split on whitespace.
    var scopes: [String] {
        (text("target") ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// `credential_type` is `expected` (ignoring case) or absent.
    func credentialType(is expected: String) -> Bool {
        text("credential_type").map { $0.lowercased() == expected.lowercased() } ?? true
    }

    /// An access token this client may serve and replace: a Bearer token (`token_type` `Bearer` in any case, or
    /// absent) bound to no key (`key_id`, `keyid`) and asked for with no claims (`requested_claims`). A
    /// proof-of-possession token, or one bound to a claims request, is another app's to use: never served as
    /// Bearer, never overwritten. Source: docs/protocol.md §I1.9; field case 043 (docs/field-cases.md).
    var isPlainBearer: Bool {
        (text("token_type").map { $0.lowercased() == "bearer" } ?? true)
            && ["key_id", "keyid", "requested_claims", "requestedClaims"].allSatisfy { (text($0) ?? "").isEmpty }
    }

    /// An authority host as the cache writes it: lower-case, without port, scheme or path. Accepts a
    /// bare host, `host:port` or a URL (`https://Contoso.ciamlogin.com/tenant`). Source: docs/protocol.md trap T3.
    static func host(_ authority: String) -> String {
        var text = Substring(authority.trimmingCharacters(in: .whitespaces))
        if let scheme = text.range(of: "://") { text = text[scheme.upperBound...] }
        if let slash = text.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { text = text[..<slash] }
        if let at = text.lastIndex(of: "@") { text = text[text.index(after: at)...] }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = text[...close]
        } else if let colon = text.firstIndex(of: ":") {
            text = text[..<colon]
        }
        return text.lowercased()
    }

    /// Epoch seconds as MSAL writes them: a decimal string, whole seconds.
    static func timestamp(_ date: Date) -> CacheJSON {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return .string(seconds.isFinite && abs(seconds) < 1e15 ? String(Int64(seconds)) : "0")
    }

    /// Scopes as MSAL Python stores them in `target`: distinct, sorted by code point, joined by a space (docs/protocol.md trap T20).
    static func target(_ scopes: [String]) -> String {
        Set(scopes).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.joined(separator: " ")
    }

    /// Scopes as a case-insensitive set (docs/protocol.md trap T20).
    static func scopeSet(_ scopes: [String]) -> Set<String> {
        Set(scopes.map { $0.lowercased() })
    }
}
