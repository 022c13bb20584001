/// Reads a fuzzer's input front to back: single bytes choose variants, lines and length-prefixed chunks
/// carry text, and whatever is left is the payload. Reading past the end gives zeros and empty chunks, so
/// every input, however short, is a valid case.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// Copies `count` bytes from libFuzzer's buffer (which may be null when `count` is 0).
    public init(_ start: UnsafeRawPointer?, _ count: Int) {
        bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    }

    /// Reads `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// True when every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or 0 at the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// One of `choices`, picked by the next byte.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// The bytes up to the next `\n` (not included), or to the end.
    public mutating func line() -> [UInt8] {
        let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        defer { offset = min(end + 1, bytes.count) }
        return offset < end ? Array(bytes[offset..<end]) : []
    }

    /// A chunk whose length is the next byte (fewer at the end).
    public mutating func chunk() -> [UInt8] {
        let length = Int(byte())
        let end = min(offset + length, bytes.count)
        defer { offset = end }
        return offset < end ? Array(bytes[offset..<end]) : []
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return offset < bytes.count ? Array(bytes[offset...]) : []
    }
}

/// Text as a UTF-8 decoder would see it from a network or a file: invalid bytes become U+FFFD.
public func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}
