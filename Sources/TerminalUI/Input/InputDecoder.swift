/// Turns raw terminal bytes into ``Key``s.
///
/// Input arrives in arbitrary chunks, so an incomplete escape sequence or UTF-8 sequence is kept
/// until the next ``decode(_:)``. A lone Esc cannot be told from the start of a sequence by its bytes;
/// the backend calls ``flushPendingEscape()`` when no more input arrives shortly after it. Esc followed
/// at once by another key is that key with Alt (``Key/alt(_:)``, field case 017 (docs/field-cases.md)): terminals send Alt-b as
/// `ESC b`, so reading it as Esc then `b` would go back and lose a form.
///
/// The backend's wait for the rest of a sequence is ``EscapeDelay``; pieces that arrive within it, in any
/// number of reads, decode as one key (field case 028).
///
/// Recognised sequences include every Home/End form used by xterm, screen and tmux
/// (`ESC [ H`/`F`, `ESC [ 1~`/`4~`, `ESC [ 7~`/`8~`, `ESC O H`/`F`), Shift-Tab `ESC [ Z`, the modified-key
/// encodings of kitty's keyboard protocol and xterm's modifyOtherKeys (see `InputDecoder+ModifiedKeys`,
/// field case 027), rxvt's and the Linux console's forms, the keypad in application mode, and bracketed
/// paste (`ESC [ 200~` … `ESC [ 201~`) which becomes one ``Key/paste(_:)``. A paste whose end marker
/// never comes (a multiplexer dropped it) must not swallow every later key: it closes, its text kept,
/// at Ctrl-C, at ``pasteLimit`` bytes, or when the backend calls ``closeUnfinishedPaste()`` after a
/// quiet time. Past ``pasteLimit`` the rest of that paste is dropped up to its end marker (or Ctrl-C, or the
/// quiet time): typed into a field as single keys it would take minutes, each key redrawing a huge value. Unknown sequences are dropped whole so no part of them is ever inserted as text.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Bytes of a paste in progress, or nil outside a paste.
    private var paste: [UInt8]?
    /// True once the open paste reached ``pasteLimit``: its text has gone out, the rest is being dropped.
    private var droppingPasteRest = false

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    private static let interrupt: UInt8 = 0x03
    /// The most bytes one paste keeps: the paste's key carries these, and the rest of it is dropped.
    public static let pasteLimit = 256 * 1024

    /// A decoder with no bytes held back.
    public init() {}

    /// True when bytes are held back waiting for the rest of a sequence (or a paste is open).
    public var hasPendingInput: Bool { !pending.isEmpty || paste != nil }

    /// True while a bracketed paste has started and its end marker has not been seen.
    public var isPasting: Bool { paste != nil }

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

    /// Called when input has been idle after an Esc: a lone Esc becomes ``Key/escape`` (two, when Esc
    /// was pressed twice); `ESC [` and `ESC O` that went no further are Alt-[ and Alt-O; any other
    /// unfinished sequence is dropped (its bytes are never inserted). An open paste is kept.
    public mutating func flushPendingEscape() -> [Key] {
        guard paste == nil, pending.first == 0x1B else { return [] }
        defer { pending.removeAll() }
        switch pending.count {
        case 1: return [.escape]
        case 2 where pending[1] == 0x1B: return [.escape, .escape]
        case 2 where pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O"):
            return [.alt(.character(Character(Unicode.Scalar(pending[1]))))]
        default: return []
        }
    }

    /// Closes a paste whose end marker has not come (the backend calls this after a quiet time): its
    /// text is kept as one ``Key/paste(_:)`` and later bytes are keys again.
    public mutating func closeUnfinishedPaste() -> [Key] {
        guard let text = paste else { return [] }
        paste = nil
        if droppingPasteRest {
            droppingPasteRest = false
            pending.removeAll()
            return []
        }
        return Self.pasted(text[...])
    }

    private enum Step {
        case needMore
        case consumed(Int, [Key])
        case pasteStarted(Int)
    }

    /// Moves pending bytes into the open paste; closes it when the end marker is seen, or early at
    /// Ctrl-C (which then quits) or at ``pasteLimit``.
    private mutating func finishPaste(into keys: inout [Key]) -> Bool {
        guard var text = paste else { return false }
        if droppingPasteRest { return dropPasteRest(into: &keys) }
        text.append(contentsOf: pending)
        pending.removeAll()
        let end = text.firstRange(of: Self.pasteEnd)
        if let stop = text.firstIndex(of: Self.interrupt), stop < end?.lowerBound ?? text.endIndex {
            pending = Array(text[(stop + 1)...])
            keys += Self.pasted(text[..<stop]) + [.control("c")]
        } else if let end {
            pending = Array(text[end.upperBound...])
            keys.append(.paste(String(decoding: text[..<end.lowerBound], as: UTF8.self)))
        } else if text.count > Self.pasteLimit {
            pending = Array(text[Self.pasteLimit...])
            keys += Self.pasted(text[..<Self.pasteLimit])
            paste = []
            droppingPasteRest = true
            return true
        } else {
            paste = text
            return false
        }
        paste = nil
        return true
    }

    /// Drops pending bytes of a paste past ``pasteLimit`` up to its end marker, or up to Ctrl-C (which quits).
    private mutating func dropPasteRest(into keys: inout [Key]) -> Bool {
        let end = pending.firstRange(of: Self.pasteEnd)
        if let stop = pending.firstIndex(of: Self.interrupt), stop < end?.lowerBound ?? pending.endIndex {
            pending = Array(pending[(stop + 1)...])
            keys.append(.control("c"))
        } else if let end {
            pending = Array(pending[end.upperBound...])
        } else {
            // Keeps what may be the start of an end marker split across reads.
            pending = Array(pending.suffix(Self.pasteEnd.count - 1))
            return false
        }
        paste = nil
        droppingPasteRest = false
        return true
    }

    /// The text of a paste closed before its end marker; nothing when it is empty.
    private static func pasted(_ bytes: ArraySlice<UInt8>) -> [Key] {
        bytes.isEmpty ? [] : [.paste(String(decoding: bytes, as: UTF8.self))]
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

    /// `ESC` at `pending[start]`: a sequence, or Alt plus the key that follows at once.
    private func decodeEscape(at start: Int = 0) -> Step {
        guard pending.count >= start + 2 else { return .needMore }
        let next = pending[start + 1]
        switch next {
        case UInt8(ascii: "["): return decodeCSI(at: start)
        case UInt8(ascii: "O"): return decodeSS3(at: start)
        case 0x1B:
            // Esc before a sequence is Alt plus that key (how some terminals send Alt-←); Esc before
            // anything else is the Esc key, pressed twice or followed by an Alt key.
            guard start == 0, pending.count >= 3 else { return .needMore }
            guard pending[2] == UInt8(ascii: "[") || pending[2] == UInt8(ascii: "O") else { return .consumed(1, [.escape]) }
            switch decodeEscape(at: 1) {
            case .consumed(let count, let keys): return .consumed(count + 1, keys.map(Self.withAlt))
            case .pasteStarted(let count): return .pasteStarted(count + 1)
            case .needMore: return .needMore
            }
        case Self.interrupt:
            // Ctrl-C always quits, even typed straight after Esc.
            return .consumed(2, [.control("c")])
        case 0..<0x20, 0x7F:
            return .consumed(2, Self.control(next).map { .alt($0) })
        default:
            let length = Self.utf8Length(lead: next)
            guard length > 0 else { return .consumed(2, []) }
            guard pending.count >= start + 1 + length else { return .needMore }
            let text = String(decoding: pending[(start + 1)..<(start + 1 + length)], as: UTF8.self)
            return .consumed(1 + length, text.map { .alt(.character($0)) })
        }
    }

    /// `ESC O` and a final byte (cursor keys, F1–F4, and the keypad in application mode), with the
    /// modifier parameter older xterms put between them (`ESC O 5 P`, `ESC O 1;5 A`).
    private func decodeSS3(at start: Int) -> Step {
        var index = start + 2
        while index < pending.count, (0x30...0x3F).contains(pending[index]) { index += 1 }
        guard index < pending.count else { return .needMore }
        let final = pending[index]
        // A control byte cannot end it: drop the introducer and decode that byte as itself.
        guard (0x40...0x7E).contains(final) else { return .consumed(2, []) }
        guard let parameters = CSIParameters(pending[(start + 2)..<index]) else { return .consumed(index + 1 - start, []) }
        // One number alone is the modifier (`ESC O 5 P`); two are `1;mods` as after `ESC [`.
        let modifier = parameters[1] ?? parameters[0]
        let modifiers = modifier.map { CSIParameters.modifiers(encoded: $0) } ?? []
        return .consumed(index + 1 - start, Self.modified(Self.ss3(final), by: modifiers))
    }

    private static func ss3(_ final: UInt8) -> [Key] {
        switch final {
        case UInt8(ascii: "M"): return [.enter]
        // The keypad in application mode (left on by a program that died): `ESC O j`…`y` are `*+,-./0`…`9`,
        // the characters 0x40 below.
        case UInt8(ascii: "j")...UInt8(ascii: "y"): return [.character(Character(Unicode.Scalar(final - 0x40)))]
        case UInt8(ascii: "X"): return [.character("=")]
        // rxvt's Ctrl-arrows.
        case UInt8(ascii: "a")...UInt8(ascii: "d"): return rxvtArrow(final)
        default: return cursorOrFunction(final)
        }
    }

    /// rxvt's Shift-arrows (`ESC [ a`…`d`) and Ctrl-arrows (`ESC O a`…`d`): the arrow, as for xterm's forms.
    private static func rxvtArrow(_ final: UInt8) -> [Key] {
        [[Key.up, .down, .right, .left][Int(final - UInt8(ascii: "a"))]]
    }

    /// The final letters `ESC O` and `ESC [` share: arrows, Home/End, F1–F4.
    private static func cursorOrFunction(_ final: UInt8) -> [Key] {
        switch final {
        case UInt8(ascii: "A")...UInt8(ascii: "D"): return [[Key.up, .down, .right, .left][Int(final - UInt8(ascii: "A"))]]
        case UInt8(ascii: "H"): return [.home]
        case UInt8(ascii: "F"): return [.end]
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return [.function(Int(final - UInt8(ascii: "P")) + 1)]
        default: return []
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), then one final byte (0x40–0x7E).
    /// `start` is the index of the `ESC`; the count consumed is from there. A sequence whose parameters
    /// are not keys' (a private marker, an intermediate) is dropped whole.
    private func decodeCSI(at start: Int) -> Step {
        guard pending.count >= start + 3 else { return .needMore }
        if pending[start + 2] == UInt8(ascii: "[") {
            // The Linux console's F1–F5: `ESC [ [ A`…`E`.
            guard pending.count >= start + 4 else { return .needMore }
            let final = pending[start + 3]
            let keys: [Key] = (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) ? [.function(Int(final - UInt8(ascii: "A")) + 1)] : []
            return .consumed(4, keys)
        }
        var index = start + 2
        while index < pending.count, (0x20...0x3F).contains(pending[index]) {
            // rxvt ends Shift-editing keys with `$` (`ESC [ 3 $` is Shift-Delete): after plain digits it
            // is the final byte, or the next key typed would be taken for one.
            if pending[index] == UInt8(ascii: "$"), index > start + 2,
               pending[(start + 2)..<index].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { break }
            index += 1
        }
        guard index < pending.count else { return .needMore }
        let final = pending[index]
        let length = index + 1 - start
        guard (0x40...0x7E).contains(final) || final == UInt8(ascii: "$") else {
            // Not a valid sequence: drop the introducer only, so the rest is decoded normally.
            return .consumed(2, [])
        }
        if final == UInt8(ascii: "M"), index == start + 2 {
            // An X10 mouse report (a mode a program that died left on): three bytes follow, none a key.
            return pending.count >= start + 6 ? .consumed(6, []) : .needMore
        }
        guard let parameters = CSIParameters(pending[(start + 2)..<index]) else { return .consumed(length, []) }
        if final == UInt8(ascii: "~"), parameters[0] == 200 { return .pasteStarted(length) }
        guard !parameters.isRelease else { return .consumed(length, []) }
        return .consumed(length, Self.csi(final: final, parameters))
    }

    private static func csi(final: UInt8, _ parameters: CSIParameters) -> [Key] {
        let modifiers = parameters.modifiers
        switch final {
        case UInt8(ascii: "u"):
            return codedKey(parameters[0], shifted: parameters[0, sub: 1], text: parameters.values(of: 2), modifiers: modifiers)
        case UInt8(ascii: "~") where parameters[0] == 27:
            return codedKey(parameters[2], shifted: nil, text: [], modifiers: modifiers)
        case UInt8(ascii: "Z"): return modified([.backTab], by: modifiers)
        // `~` (xterm), and rxvt's `^` (Ctrl), `$` (Shift) and `@` (Ctrl-Shift) after the same numbers.
        case UInt8(ascii: "~"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "@"):
            return modified(tilde(parameters[0]), by: modifiers)
        case UInt8(ascii: "a")...UInt8(ascii: "d"): return rxvtArrow(final)
        default: return modified(cursorOrFunction(final), by: modifiers)
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
