/// Phone numbers: the E.164 check of `/register/v1.0/challenge` and the masked label.
///
/// Source: docs/protocol.md §N3.7 step B (numbers that are not E.164 → 400 invalid_request
/// 901001), field cases 002 and 012 (docs/field-cases.md). Only E.164 is accepted, written `+447700900461` or, as the documented
/// exchanges and Microsoft's samples write it, with one space after the country code (`+1 4255550123`);
/// dashes, brackets, a trunk `0` and other spacing are refused (normalising is the client's job), and
/// the number is stored in E.164.
enum PhoneNumber {
    /// The number without spaces, hyphens or parentheses (for masking numbers stored before the check
    /// was strict).
    static func compact(_ text: String) -> String {
        String(text.filter { !" -()".contains($0) })
    }

    /// `+` then 8 to 15 digits, the first 1–9 (ITU-T E.164 allows at most 15 digits), with at most one
    /// space, after a country code of 1 to 3 digits; nothing else.
    static func isE164(_ text: String) -> Bool {
        guard text.first == "+" else { return false }
        let parts = text.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 1 || (parts.count == 2 && (1...3).contains(parts[0].count)) else { return false }
        let digits = parts.joined()
        return (8...15).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber } && digits.first != "0"
    }

    /// `+14255550123` → `+1********23`.
    static func masked(_ text: String) -> String {
        let digits = compact(text)
        guard digits.count > 4 else { return "****" }
        return String(digits.prefix(2)) + String(repeating: "*", count: digits.count - 4) + String(digits.suffix(2))
    }
}
