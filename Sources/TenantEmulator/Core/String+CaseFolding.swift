/// Letter-case comparisons without the copies `lowercased()` makes: every request compares its tenant segment and
/// client id this way, and a GUID's lower-cased copy is a heap allocation each time.
///
/// ASCII text (GUIDs, domain names) is folded byte by byte, which is what `lowercased()` does to it; anything else
/// takes `lowercased()` itself, so the answers are always theirs.
extension String {
    /// `lowercased() == other.lowercased()`.
    func equalsIgnoringCase(_ other: String) -> Bool {
        Self.compareASCII(self, other, foldingOther: true) ?? (lowercased() == other.lowercased())
    }

    /// `lowercased() == lower`.
    func lowercased(equals lower: String) -> Bool {
        Self.compareASCII(self, lower, foldingOther: false) ?? (lowercased() == lower)
    }

    /// Whether the two are equal with `text`'s upper-case ASCII letters folded (and `other`'s, when asked);
    /// `nil` when either holds a non-ASCII byte (`lowercased()` can change such a string's length) or is not
    /// stored as contiguous UTF-8.
    private static func compareASCII(_ text: String, _ other: String, foldingOther: Bool) -> Bool? {
        let answer: Bool??? = text.utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right -> Bool? in
                guard left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard left.count == right.count else { return false }
                for index in left.indices where folded(left[index]) != (foldingOther ? folded(right[index]) : right[index]) {
                    return false
                }
                return true
            }
        }
        return answer.flatMap { $0 }.flatMap { $0 }
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
