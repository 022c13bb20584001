import Foundation

/// Base64url without padding (RFC 4648 §5: `-` and `_` for `+` and `/`), as JWTs, `client_info`, PKCE
/// (RFC 7636 §4.2) and the emulator's continuation tokens use it. The one encoder and decoder of the package.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's 6-bit value in `alphabet`, or 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { values[Int(character)] = UInt8(value) }
        return values
    }()

    /// `bytes` as base64url text with no `=` padding: 4 characters per 3 bytes, 2 or 3 for the last 1 or 2.
    ///
    /// Encodes directly from the table: this runs several times per emulator token, and Foundation's
    /// base64-then-replace path was a visible share of the benchmark profile.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 2 < input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            // One append per character: an array literal per chunk allocated on every three bytes.
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
            output.append(alphabet[Int(chunk & 63)])
            index += 3
        }
        let remaining = input.count - index
        if remaining == 1 {
            let chunk = UInt32(input[index]) << 16
            output += [alphabet[Int(chunk >> 18 & 63)], alphabet[Int(chunk >> 12 & 63)]]
        } else if remaining == 2 {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output += [alphabet[Int(chunk >> 18 & 63)], alphabet[Int(chunk >> 12 & 63)], alphabet[Int(chunk >> 6 & 63)]]
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, with or without its `=` padding; nil when `text` holds a character outside the
    /// base64url alphabet (`+`, `/`, white space, …), misplaced padding, or a length no encoding has (4n + 1).
    /// Unused low bits of the last character are ignored, as Foundation's decoder does.
    public static func decode(_ text: String) -> Data? {
        var characters = Array(text.utf8)
        var padding = 0
        while characters.last == UInt8(ascii: "=") {
            characters.removeLast()
            padding += 1
        }
        guard padding == 0 || (padding <= 2 && (characters.count + padding) % 4 == 0), characters.count % 4 != 1 else { return nil }
        var output = Data()
        output.reserveCapacity(characters.count * 3 / 4)
        // Only the low `bits` bits are pending; older bits shift out of the top harmlessly.
        var pending: UInt32 = 0
        var bits = 0
        for character in characters {
            let value = values[Int(character)]
            guard value != 0xFF else { return nil }
            pending = pending << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: pending >> UInt32(bits)))
            }
        }
        return output
    }
}
