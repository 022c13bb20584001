import Localization

/// Normalises what people type as a phone number to E.164 (`+` then 8–15 digits).
///
/// Accepts spaces, dashes, dots and parentheses as separators, an international prefix written as
/// `+` or `00`, and a national number, which takes `countryCode` after dropping its trunk `0`. A trunk
/// prefix written in brackets, as in `+44 (0)7700 900123`, is dialled only at home, so it is dropped
/// (field case 012, docs/field-cases.md).
/// The server (`/register/v1.0/challenge`) answers AADSTS901001 for numbers that are not E.164; this
/// check catches the obvious ones before a request (field case 002).
public enum PhoneNumber {
    /// Why a typed number was refused; `message` is shown on the phone field. A number that is not
    /// plausible says "doesn't look right", as the server's 901001 answer does (field case 002, docs/field-cases.md).
    public enum Problem: Error, Sendable, Equatable {
        /// Nothing but whitespace.
        case empty
        /// Something other than digits, a leading `+`, spaces, dashes, dots or brackets.
        case invalidCharacters
        /// A national number without a usable country code (1–3 digits, no leading 0), or an international one
        /// starting with 0.
        case missingCountryCode
        /// Fewer than 8 digits with the country code.
        case tooShort
        /// More than 15 digits with the country code (the E.164 maximum).
        case tooLong

        /// The sentence shown on the phone field.
        public var message: String {
            switch self {
            case .empty: tr("phone.empty")
            case .invalidCharacters: tr("phone.invalidCharacters")
            case .missingCountryCode: tr("phone.missingCountryCode")
            case .tooShort: tr("phone.tooShort")
            case .tooLong: tr("phone.tooLong")
            }
        }
    }

    /// E.164 allows at most 15 digits; 8 is the shortest we accept (short codes cannot receive
    /// verification texts).
    static let digitRange = 8...15

    /// - Parameters:
    ///   - text: what the user typed.
    ///   - countryCode: digits (no `+`) used for a national number; `nil` when none was chosen.
    /// - Returns: `+` followed by the digits.
    /// - Throws: ``Problem``.
    public static func normalise(_ text: String, countryCode: String?) throws(Problem) -> String {
        var rest = Substring(droppingTrunkPrefix(text.trimmingSpaces))
        guard !rest.isEmpty else { throw .empty }
        var international = false
        if rest.hasPrefix("+") {
            international = true
            rest = rest.dropFirst()
        }
        var digits = ""
        for character in rest {
            if character.isASCIIDigit {
                digits.append(character)
            } else if !" -.()".contains(character) {
                throw .invalidCharacters
            }
        }
        if !international, digits.hasPrefix("00") {
            international = true
            digits.removeFirst(2)
        }
        if !international {
            let code = (countryCode ?? "").filter { $0 != "+" && $0 != " " }
            guard !code.isEmpty, code.count <= 3, code.allSatisfy(\.isASCIIDigit), !code.hasPrefix("0") else {
                throw .missingCountryCode
            }
            if digits.hasPrefix("0") { digits.removeFirst() }
            digits = code + digits
        }
        if digits.count < digitRange.lowerBound { throw .tooShort }
        if digits.count > digitRange.upperBound { throw .tooLong }
        guard !digits.hasPrefix("0") else { throw .missingCountryCode }
        return "+" + digits
    }

    /// `text` without `(0)` groups: a national trunk prefix, never dialled with the country code.
    static func droppingTrunkPrefix(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: "(0)") {
            result += rest[..<range.lowerBound]
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
