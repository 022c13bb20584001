/// Text from outside (the token cache, a server, a tenant policy) made safe for a terminal: C0 and C1 controls, DEL and
/// bidi overrides are shown as `\u{…}` escapes instead of acting on the terminal. JSON output keeps the
/// exact value. Source: field case 026 (docs/field-cases.md).
public enum PrintableText {
    /// - Parameter keepingNewlines: let `\n` through, for multi-line screen text.
    public static func make(_ text: String, keepingNewlines: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isControl = (value < 0x20 && !(keepingNewlines && value == 0x0A)) || (0x7F...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
            if isControl || isBidi {
                out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
