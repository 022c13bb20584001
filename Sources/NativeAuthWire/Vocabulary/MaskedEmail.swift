/// An email address as the service masks it in `challenge_target_label` (docs/protocol.md §N3.2): what the
/// emulator sends, and how the console names a user in its trace without showing the address.
public enum MaskedEmail {
    /// `jane.doe@contoso.com` → `j***@c*****o.com`: the first character of the local part, the first and last of
    /// the host's first label, the rest of the domain as it is; `***` for text without `local@host`.
    public static func label(_ text: String) -> String {
        if isVisibleASCII(text), let label = maskedASCII(Array(text.utf8)) { return label }
        let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
        guard parts.count == 2, let first = parts[0].first else { return "***" }
        let domainParts = parts[1].split(separator: ".", maxSplits: 1).map(String.init)
        let host = domainParts[0]
        let maskedHost: String
        if let head = host.first, let tail = host.last, host.count > 2 {
            maskedHost = "\(head)\(String(repeating: "*", count: host.count - 2))\(tail)"
        } else {
            maskedHost = String(repeating: "*", count: host.count)
        }
        let suffix = domainParts.count > 1 ? "." + domainParts[1] : ""
        return "\(first)***@\(maskedHost)\(suffix)"
    }

    /// `label(_:)` on visible ASCII, where a byte is a character: the same label without grapheme breaking;
    /// `nil` for a shape without a local part and a host (left to the general path).
    private static func maskedASCII(_ bytes: [UInt8]) -> String? {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0 else { return nil }
        let domain = bytes[(at + 1)...]
        let host = domain.prefix { $0 != UInt8(ascii: ".") }
        guard !host.isEmpty else { return nil }
        var label = [bytes[0]] + Array("***@".utf8)
        if host.count > 2, let head = host.first, let tail = host.last {
            label += [head] + Array(repeating: UInt8(ascii: "*"), count: host.count - 2) + [tail]
        } else {
            label += Array(repeating: UInt8(ascii: "*"), count: host.count)
        }
        label += domain[host.endIndex...]
        return String(decoding: label, as: UTF8.self)
    }

    /// Every byte is printable ASCII other than the space (0x21–0x7E).
    private static func isVisibleASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
