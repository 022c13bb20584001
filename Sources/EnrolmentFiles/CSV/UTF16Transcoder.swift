/// UTF-16 bytes to UTF-8 bytes, a chunk at a time: a code unit or a surrogate pair split across chunks is carried
/// to the next one, so the reader's memory stays one chunk.
///
/// A lone surrogate, or an odd byte at the end, becomes the byte 0xFF, which is never UTF-8: the reader then
/// refuses the field it lands in, naming its row and column, as it does any text that is not Unicode.
struct UTF16Transcoder {
    private let bigEndian: Bool
    private var oddByte: UInt8?
    private var highSurrogate: UInt16?

    init(bigEndian: Bool) {
        self.bigEndian = bigEndian
    }

    /// Appends the UTF-8 of `bytes` (after whatever the previous chunk left) to `output`.
    mutating func transcode(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
        for byte in bytes {
            guard let first = oddByte else {
                oddByte = byte
                continue
            }
            oddByte = nil
            unit(bigEndian ? UInt16(first) << 8 | UInt16(byte) : UInt16(byte) << 8 | UInt16(first), into: &output)
        }
    }

    /// At the end of the bytes: what is left over cannot be text.
    mutating func finish(into output: inout [UInt8]) {
        if highSurrogate != nil || oddByte != nil { output.append(0xFF) }
        (highSurrogate, oddByte) = (nil, nil)
    }

    private mutating func unit(_ unit: UInt16, into output: inout [UInt8]) {
        if let high = highSurrogate {
            highSurrogate = nil
            if UTF16.isTrailSurrogate(unit) {
                Self.append(0x10000 + (UInt32(high - 0xD800) << 10 | UInt32(unit - 0xDC00)), to: &output)
                return
            }
            output.append(0xFF)
        }
        if UTF16.isLeadSurrogate(unit) {
            highSurrogate = unit
        } else if UTF16.isTrailSurrogate(unit) {
            output.append(0xFF)
        } else {
            Self.append(UInt32(unit), to: &output)
        }
    }

    /// The UTF-8 of the scalar `value` (RFC 3629 §3).
    private static func append(_ value: UInt32, to output: inout [UInt8]) {
        switch value {
        case ..<0x80:
            output.append(UInt8(value))
        case ..<0x800:
            output += [0xC0 | UInt8(value >> 6), 0x80 | UInt8(value & 0x3F)]
        case ..<0x10000:
            output += [0xE0 | UInt8(value >> 12), 0x80 | UInt8(value >> 6 & 0x3F), 0x80 | UInt8(value & 0x3F)]
        default:
            output += [0xF0 | UInt8(value >> 18), 0x80 | UInt8(value >> 12 & 0x3F), 0x80 | UInt8(value >> 6 & 0x3F), 0x80 | UInt8(value & 0x3F)]
        }
    }
}
