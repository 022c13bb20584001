import Foundation

extension EmailAddress {
    /// The form in which the tenant compares and keys usernames: Unicode case folding of the NFC form, so
    /// `Émile.Durand@contoso.com`, `émile.durand@contoso.com` and the decomposed `E\u{301}mile…` are one account
    /// (and `STRASSE@…` is `straße@…`). Every comparison and key of a username or an email target goes through it:
    /// the user store and its SQLite column, the outbox, the sign-in log's filter, the operator list, export order.
    ///
    /// Printable ASCII, nearly every address, is folded byte by byte without Foundation's Unicode tables.
    static func key(_ address: String) -> String {
        if address.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: address.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return address.precomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// Whether two usernames name the same account (`key` of each).
    static func same(_ first: String, _ second: String) -> Bool { key(first) == key(second) }
}
