/// The parameters of a control sequence from the keyboard, `ESC [ 27;5:3;13 u` style: fields split by
/// `;`, each field split into sub-fields by `:` (kitty's alternate keys and event types). An empty
/// sub-field is nil.
///
/// Parsed from bytes without building strings, so decoding stays cheap on every key.
struct CSIParameters {
    private var fields: [[Int?]] = [[]]

    /// Parses the parameter bytes between `ESC [` and the final byte; nil when they hold anything
    /// but digits, `;` and `:` (a private marker such as `?` or `<` starts a terminal's reply or a
    /// mouse report, never a key).
    init?(_ bytes: ArraySlice<UInt8>) {
        var value: Int?
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Saturates: a run of digits from line noise must not overflow.
                value = min((value ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), Self.largest)
            case UInt8(ascii: ":"):
                fields[fields.count - 1].append(value)
                value = nil
            case UInt8(ascii: ";"):
                fields[fields.count - 1].append(value)
                fields.append([])
                value = nil
            default:
                return nil
            }
        }
        fields[fields.count - 1].append(value)
    }

    /// Larger than any key code or modifier set a terminal sends.
    private static let largest = 0x10FFFF + 1

    /// Sub-field `sub` of field `field`, or nil when it is absent or empty.
    subscript(field: Int, sub sub: Int = 0) -> Int? {
        guard fields.indices.contains(field), fields[field].indices.contains(sub) else { return nil }
        return fields[field][sub]
    }

    /// Every sub-field of `field` that is present, in order (kitty's text as code points).
    func values(of field: Int) -> [Int] {
        fields.indices.contains(field) ? fields[field].compactMap { $0 } : []
    }

    /// The modifier keys held, from field 1 (xterm's and kitty's `1 + bits`); Caps Lock and Num Lock
    /// are left out, since a key means the same with either on.
    var modifiers: KeyModifiers {
        self[1].map(Self.modifiers(encoded:)) ?? []
    }

    /// The modifiers of one `1 + bits` parameter, without Caps Lock and Num Lock.
    static func modifiers(encoded: Int) -> KeyModifiers {
        guard encoded > 1 else { return [] }
        return KeyModifiers(rawValue: (encoded - 1) & ~(KeyModifiers.capsLock.rawValue | KeyModifiers.numLock.rawValue))
    }

    /// True for kitty's key-release event (`;mods:3`); a key acts on press (and repeat), never on release.
    var isRelease: Bool { self[1, sub: 1] == 3 }
}
