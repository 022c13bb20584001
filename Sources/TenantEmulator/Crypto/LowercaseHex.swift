/// Bytes as lower-case hex digits, two per byte, by table: `String(format:)` per byte was a visible share of
/// every token request's profile, and `UUID.uuidString` formats through `sprintf`.
enum LowercaseHex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The UTF-8 byte of one hex digit, `value` in 0...15.
    static func digit(_ value: UInt8) -> UInt8 { digits[Int(value)] }

    /// The hex digits' UTF-8 bytes (`[0xAB, 0x01]` → `"ab01"` as bytes).
    static func utf8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var hex: [UInt8] = []
        hex.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return hex
    }
}
