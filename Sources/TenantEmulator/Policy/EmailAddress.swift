/// Email addresses: a plausibility check and the masked label the service shows.
enum EmailAddress {
    /// `local@domain.tld` with no spaces and no empty domain label; the service's own checks are stricter and unpublished.
    static func isPlausible(_ text: String) -> Bool {
        // Hand-rolled rather than a regex: this runs on every initiate / start, and compiling a pattern per call is slow.
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        // Control characters (ESC, BEL, C1) are never part of an address and would reach terminals (case 026).
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace),
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    /// `jane.doe@contoso.com` → `j***@c*****o.com`, the shape of `challenge_target_label`.
    static func masked(_ text: String) -> String {
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
}
