import CCrypto

/// SHA-256 (FIPS 180-4) of bytes, as 64 lower-case hex digits: how one record line names the one before it.
enum SHA256Hex {
    static func of(_ bytes: some Collection<UInt8>) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let input = Array(bytes)
        input.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in _ = SHA256(input.baseAddress, input.count, output.baseAddress) }
        }
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
