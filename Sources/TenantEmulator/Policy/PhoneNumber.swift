/// Phone numbers: the E.164 check of `/register/v1.0/challenge` and the masked label.
///
/// Source: native-auth API reference §3.7 step B (too-short numbers → 400 invalid_request 901001),
/// case 002. Spaces are allowed between the country code and the number, as Microsoft's samples write it.
enum PhoneNumber {
    /// The number without spaces, hyphens or parentheses.
    static func compact(_ text: String) -> String {
        String(text.filter { !" -()".contains($0) })
    }

    /// `+` then 8 to 15 digits, the first not 0 (ITU-T E.164 allows at most 15 digits).
    static func isE164(_ text: String) -> Bool {
        let digits = compact(text)
        guard digits.first == "+" else { return false }
        let rest = digits.dropFirst()
        return (8...15).contains(rest.count) && rest.allSatisfy { $0.isASCII && $0.isNumber } && rest.first != "0"
    }

    /// `+14255550123` → `+1********23`.
    static func masked(_ text: String) -> String {
        let digits = compact(text)
        guard digits.count > 4 else { return "****" }
        return String(digits.prefix(2)) + String(repeating: "*", count: digits.count - 4) + String(digits.suffix(2))
    }
}
