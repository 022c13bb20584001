@testable import TenantEmulator
import Testing

/// Client ids and tenant segments are compared without `lowercased()` copies; the answers must stay `lowercased()`'s,
/// also for the letters whose lower case is not an ASCII fold.
@Suite struct CaseFoldingTests {
    static let pairs: [(String, String)] = [
        ("00001111-AAAA-2222-bbbb-3333CCCC4444", "00001111-aaaa-2222-BBBB-3333cccc4444"),
        ("contoso", "Contoso"), ("contoso", "contoso2"), ("contoso2", "contoso"), ("", ""), ("", "a"), ("a@b", "a`b"),
        // U+212A KELVIN SIGN lower-cases to an ASCII `k`; U+0130 to `i` and a combining dot, one byte longer than `İ`.
        ("\u{212A}", "k"), ("k", "\u{212A}"), ("\u{212A}elvin", "Kelvin"), ("\u{0130}d", "i\u{0307}d"), ("i\u{0307}d", "\u{0130}D"),
        ("Stra\u{DF}e", "STRASSE"), ("café", "CAFÉ"), ("cafe\u{301}", "CAFÉ"), ("@", "`"), ("[", "{"),
    ]

    @Test("two strings are equal ignoring case exactly when their lowercased() forms are equal")
    func equalsIgnoringCaseIsLowercasedEquality() {
        for (left, right) in Self.pairs {
            #expect(left.equalsIgnoringCase(right) == (left.lowercased() == right.lowercased()), "\(left) / \(right)")
        }
    }

    @Test("a string's lower case equals a given text exactly when its lowercased() form does")
    func lowercasedEqualsIsLowercasedComparison() {
        for (left, right) in Self.pairs + Self.pairs.map({ ($0.0, $0.1.lowercased()) }) {
            #expect(left.lowercased(equals: right) == (left.lowercased() == right), "\(left) / \(right)")
        }
    }
}
