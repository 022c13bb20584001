import NativeAuthWire

/// Email addresses: a plausibility check and the masked label the service shows.
enum EmailAddress {
    /// `local@domain.tld` with no spaces and no empty domain label; the service's own checks are stricter and unpublished.
    static func isPlausible(_ text: String) -> Bool {
        // Hand-rolled rather than a regex: this runs on every initiate / start, and compiling a pattern per call is slow.
        // Most addresses are visible ASCII, where bytes are characters: checked on the bytes, without grapheme breaking.
        if isVisibleASCII(text) {
            let bytes = Array(text.utf8)
            guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0, bytes.lastIndex(of: UInt8(ascii: "@")) == at else { return false }
            let domain = bytes[(at + 1)...].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        // Control characters (ESC, BEL, C1) are never part of an address and would reach terminals (field case 026, docs/field-cases.md).
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace),
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    /// `jane.doe@contoso.com` → `j***@c*****o.com` (``MaskedEmail/label(_:)``, the shape of `challenge_target_label`).
    static func masked(_ text: String) -> String { MaskedEmail.label(text) }

    /// Every byte is printable ASCII other than the space (0x21–0x7E).
    private static func isVisibleASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
