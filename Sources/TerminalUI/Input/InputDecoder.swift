/// Turns raw terminal bytes into ``Key``s.
///
/// Input arrives in arbitrary chunks, so an incomplete escape sequence or UTF-8 sequence is kept
/// until the next ``decode(_:)``. A lone Esc cannot be told from the start of a sequence by its bytes;
/// the backend calls ``flushPendingEscape()`` when no more input arrives shortly after it.
///
/// Recognised sequences include every Home/End form used by xterm, screen and tmux
/// (`ESC [ H`/`F`, `ESC [ 1~`/`4~`, `ESC [ 7~`/`8~`, `ESC O H`/`F`), Shift-Tab `ESC [ Z`, and bracketed
/// paste (`ESC [ 200~` … `ESC [ 201~`) which becomes one ``Key/paste(_:)``. Unknown sequences are
/// dropped whole so no part of them is ever inserted as text.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Bytes of a paste in progress, or nil outside a paste.
    private var paste: [UInt8]?

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// A decoder with no bytes held back.
    public init() {}

    /// True when bytes are held back waiting for the rest of a sequence (or a paste is open).
    public var hasPendingInput: Bool { !pending.isEmpty || paste != nil }

    /// Decodes as many keys as the bytes seen so far allow.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while true {
            if paste != nil {
                guard finishPaste(into: &keys) else { return keys }
                continue
            }
            guard let first = pending.first else { return keys }
            let step: Step
            if first == 0x1B {
                step = decodeEscape()
            } else if first < 0x20 || first == 0x7F {
                step = .consumed(1, Self.control(first))
            } else {
                step = decodeText()
            }
            switch step {
            case .needMore:
                return keys
            case .consumed(let count, let produced):
                pending.removeFirst(count)
                keys.append(contentsOf: produced)
            case .pasteStarted(let count):
                pending.removeFirst(count)
                paste = []
            }
        }
    }

    /// Called when input has been idle after an Esc: a lone Esc becomes ``Key/escape``; an unfinished
    /// sequence is dropped (its bytes are never inserted). An open paste is kept.
    public mutating func flushPendingEscape() -> [Key] {
        guard paste == nil, pending.first == 0x1B else { return [] }
        let lone = pending.count == 1
        pending.removeAll()
        return lone ? [.escape] : []
    }

    private enum Step {
        case needMore
        case consumed(Int, [Key])
        case pasteStarted(Int)
    }

    /// Moves pending bytes into the open paste; closes it when the end marker is seen.
    private mutating func finishPaste(into keys: inout [Key]) -> Bool {
        guard var text = paste else { return false }
        text.append(contentsOf: pending)
        pending.removeAll()
        if let end = text.firstRange(of: Self.pasteEnd) {
            pending = Array(text[end.upperBound...])
            keys.append(.paste(String(decoding: text[..<end.lowerBound], as: UTF8.self)))
            paste = nil
            return true
        }
        paste = text
        return false
    }

    private static func control(_ byte: UInt8) -> [Key] {
        switch byte {
        case 0x0D, 0x0A: return [.enter]
        case 0x09: return [.tab]
        case 0x7F, 0x08: return [.backspace]
        case 0x01...0x1A: return [.control(Character(Unicode.Scalar(byte + 0x60)))]
        default: return []
        }
    }

    /// A run of printable UTF-8, decoded together so combining marks join their base.
    private func decodeText() -> Step {
        var end = 0
        while end < pending.count {
            let byte = pending[end]
            if byte < 0x20 || byte == 0x7F { break }
            let length = Self.utf8Length(lead: byte)
            if length == 0 { end += 1; continue }   // stray continuation byte: decoded as U+FFFD below
            if end + length > pending.count {
                if end == 0 { return .needMore }
                break
            }
            end += length
        }
        let text = String(decoding: pending[..<end], as: UTF8.self)
        return .consumed(end, text.map { Key.character($0) })
    }

    private static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0x00..<0x80: return 1
        case 0xC0..<0xE0: return 2
        case 0xE0..<0xF0: return 3
        case 0xF0..<0xF8: return 4
        default: return 0
        }
    }

    private func decodeEscape() -> Step {
        guard pending.count >= 2 else { return .needMore }
        switch pending[1] {
        case UInt8(ascii: "["): return decodeCSI()
        case UInt8(ascii: "O"):
            guard pending.count >= 3 else { return .needMore }
            return .consumed(3, Self.ss3(pending[2]))
        case 0x1B:
            // Esc pressed twice (or Esc then a sequence): the first is a lone Esc.
            return .consumed(1, [.escape])
        default:
            // Alt+key arrives as Esc then the key: report Esc, decode the key next.
            return .consumed(1, [.escape])
        }
    }

    private static func ss3(_ final: UInt8) -> [Key] {
        final == UInt8(ascii: "M") ? [.enter] : cursorOrFunction(final)
    }

    /// The final letters `ESC O` and `ESC [` share: arrows, Home/End, F1–F4.
    private static func cursorOrFunction(_ final: UInt8) -> [Key] {
        switch final {
        case UInt8(ascii: "A"): return [.up]
        case UInt8(ascii: "B"): return [.down]
        case UInt8(ascii: "C"): return [.right]
        case UInt8(ascii: "D"): return [.left]
        case UInt8(ascii: "H"): return [.home]
        case UInt8(ascii: "F"): return [.end]
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return [.function(Int(final - UInt8(ascii: "P")) + 1)]
        default: return []
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), then one final byte (0x40–0x7E).
    private func decodeCSI() -> Step {
        var index = 2
        while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
        guard index < pending.count else { return .needMore }
        let final = pending[index]
        let length = index + 1
        guard (0x40...0x7E).contains(final) else {
            // Not a valid sequence: drop the introducer only, so the rest is decoded normally.
            return .consumed(2, [])
        }
        let parameters = String(decoding: pending[2..<index], as: UTF8.self)
        let first = parameters.split(separator: ";").first.flatMap { Int($0) }
        if final == UInt8(ascii: "~"), first == 200 { return .pasteStarted(length) }
        return .consumed(length, Self.csi(final: final, first: first))
    }

    private static func csi(final: UInt8, first: Int?) -> [Key] {
        switch final {
        case UInt8(ascii: "Z"): return [.backTab]
        case UInt8(ascii: "~"): return tilde(first)
        default: return cursorOrFunction(final)
        }
    }

    private static func tilde(_ code: Int?) -> [Key] {
        switch code {
        case 1, 7: return [.home]
        case 4, 8: return [.end]
        case 2: return [.insert]
        case 3: return [.delete]
        case 5: return [.pageUp]
        case 6: return [.pageDown]
        case 11, 12, 13, 14, 15: return [.function((code ?? 11) - 10)]
        case 17, 18, 19, 20, 21: return [.function((code ?? 17) - 11)]
        case 23, 24: return [.function((code ?? 23) - 12)]
        default: return []   // includes a stray 201~: markers are never inserted
        }
    }
}
