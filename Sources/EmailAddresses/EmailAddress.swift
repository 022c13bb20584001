import Foundation

/// The package's one rule for what an email address looks like and when two are the same address. The sign-up
/// and sign-in forms, enrolment lists (`enrol --check`, `--queue`), the emulator's usernames and contacts, the
/// outbox, the token cache's accounts and the mailbox reader all ask it, so a list, a screen and the tenant
/// cannot disagree.
///
/// The shape (``isWellFormed(_:)``) is deliberately plain, a practical subset of RFC 5321 §4.1.2's mailbox with
/// internationalized addresses (RFC 6531): the service's own checks are stricter and unpublished, and it has
/// the last word.
public enum EmailAddress {
    /// Characters a local part never holds here: RFC 5322 §3.2.3's specials other than `.` and `@` (which
    /// would need a quoted local part, and mean markup or a list when pasted from elsewhere).
    private static let specials: Set<Unicode.Scalar> = ["<", ">", "(", ")", "[", "]", "\\", ",", ";", ":", "\""]
    /// The ASCII characters a local part may hold (visible, not `@`, not one of ``specials``), one bit per code point:
    /// read per character instead of hashing it into the set.
    private static let localPartASCII: (low: UInt64, high: UInt64) = (UInt32(0x21)...0x7E).reduce(into: (0, 0)) { bits, value in
        guard let scalar = Unicode.Scalar(value), scalar != "@", !specials.contains(scalar) else { return }
        if value < 64 { bits.low |= 1 << UInt64(value) } else { bits.high |= 1 << UInt64(value - 64) }
    }

    /// Whether `text` has the shape `local@domain`:
    /// - exactly one `@`;
    /// - a non-empty local part without white space, control or format characters (ESC, BEL, C1, bidi
    ///   overrides, zero-width marks) or any of `<>()[]\,;:"`;
    /// - a domain of at least two dot-separated labels, each non-empty, made of letters (any script), marks,
    ///   digits and hyphens, not starting or ending with a hyphen; no trailing dot.
    ///
    /// `text` is taken as it is: callers trim what their input may carry around it.
    public static func isWellFormed(_ text: String) -> Bool {
        var inDomain = false
        var localLength = 0
        var labels = 0
        var label: (length: Int, last: Unicode.Scalar?) = (0, nil)
        for scalar in text.unicodeScalars {
            if !inDomain {
                if scalar == "@" {
                    guard localLength > 0 else { return false }
                    inDomain = true
                    continue
                }
                guard allowedInLocalPart(scalar) else { return false }
                localLength += 1
            } else if scalar == "." {
                guard label.length > 0, label.last != "-" else { return false }
                labels += 1
                label = (0, nil)
            } else {
                guard allowedInLabel(scalar), label.length > 0 || scalar != "-" else { return false }
                label = (label.length + 1, scalar)
            }
        }
        guard inDomain, label.length > 0, label.last != "-" else { return false }
        return labels + 1 >= 2
    }

    /// The form in which addresses are compared and keyed: Unicode case folding of the NFC form, so
    /// `Émile.Durand@contoso.com`, `émile.durand@contoso.com` and the decomposed `e\u{301}mile…` are one
    /// address (and `STRASSE@…` is `straße@…`); an accent is not a letter case (`emile` is not `émile`).
    ///
    /// ASCII text, nearly every address, is folded byte by byte without Foundation's Unicode tables, and is its own
    /// key when it has no capital (no copy).
    public static func key(_ address: String) -> String {
        if address.utf8.allSatisfy({ $0 < 0x80 }) {
            let capitals = UInt8(ascii: "A")...UInt8(ascii: "Z")
            guard address.utf8.contains(where: capitals.contains) else { return address }
            return String(decoding: address.utf8.map { capitals.contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return address.precomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// Whether two texts are the same address (``key(_:)`` of each).
    public static func same(_ first: String, _ second: String) -> Bool { key(first) == key(second) }

    private static func allowedInLocalPart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = UInt64(scalar.value)
            return (value < 64 ? localPartASCII.low >> value : localPartASCII.high >> (value - 64)) & 1 == 1
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .privateUse, .unassigned:
            return false
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
             .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
             .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
             .modifierSymbol, .otherSymbol:
            return true
        @unknown default:
            return false
        }
    }

    private static func allowedInLabel(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == "-" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
             .enclosingMark, .decimalNumber:
            return true
        case .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
             .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .surrogate, .privateUse, .unassigned:
            return false
        @unknown default:
            return false
        }
    }
}
