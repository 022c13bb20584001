/// A tenant pattern simple enough to match on UTF-8 bytes in one pass, without ICU: a sequence of ASCII
/// classes (`[A-Za-z .'-]`), ASCII literals, `.` and groups of literal alternatives of one length (`(19|20)`),
/// each class, literal or `.` with a count (`{n}`, `{m,n}`, `?`, `*`, `+`), at most one of them with a count
/// that varies, optionally between `^` and `$`. Such a pattern's whole-input match is decided by the input's
/// length alone, so it is linear and never gives up; every other pattern (escapes, `\p{…}`, negated or nested
/// classes, nested counts, flags) is left to ICU (``CompiledPattern``), which also decides whether a pattern
/// compiles at all. Where it applies, the answer is ICU's for every input (`BytePatternTests` compares both).
///
/// As in ICU, `.` is one Unicode scalar other than a line terminator (U+000A–U+000D, U+0085, U+2028, U+2029).
struct BytePattern: Sendable {
    private enum Atom: Sendable {
        /// One ASCII byte of the set (bit n of the two words is byte n).
        case set(low: UInt64, high: UInt64)
        /// One scalar that is not a line terminator.
        case any
        /// One of these ASCII strings, all of one length.
        case literals([[UInt8]])
    }

    private struct Step: Sendable {
        let atom: Atom
        let min: Int
        let max: Int
    }

    private let steps: [Step]
    /// The scalars the steps with a fixed count take together.
    private let fixedLength: Int
    /// The step whose count varies, if any.
    private let variable: Int?

    /// Nil when `source` is not of the simple shape (ICU then matches it).
    init?(_ source: String) {
        var bytes = Array(source.utf8)[...]
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") }) else { return nil }
        if bytes.first == UInt8(ascii: "^") { bytes = bytes.dropFirst() }
        if bytes.last == UInt8(ascii: "$") { bytes = bytes.dropLast() }
        var steps: [Step] = []
        while let first = bytes.popFirst() {
            let atom: Atom
            switch first {
            case UInt8(ascii: "["):
                guard let end = bytes.firstIndex(of: UInt8(ascii: "]")), let set = Self.set(bytes[..<end]) else { return nil }
                atom = set
                bytes = bytes[(end + 1)...]
            case UInt8(ascii: "."):
                atom = .any
            case UInt8(ascii: "("):
                guard let end = bytes.firstIndex(of: UInt8(ascii: ")")), let literals = Self.literals(bytes[..<end]) else { return nil }
                bytes = bytes[(end + 1)...]
                // A counted group could backtrack; ICU keeps it.
                guard bytes.first.map({ !Self.quantifierStarts.contains($0) }) ?? true else { return nil }
                steps.append(Step(atom: literals, min: 1, max: 1))
                continue
            default:
                guard Self.isLiteral(first) else { return nil }
                atom = .set(low: first < 64 ? 1 << first : 0, high: first >= 64 ? 1 << (first - 64) : 0)
            }
            guard let range = Self.count(&bytes) else { return nil }
            steps.append(Step(atom: atom, min: range.min, max: range.max))
        }
        let varying = steps.indices.filter { steps[$0].min != steps[$0].max }
        guard varying.count <= 1 else { return nil }
        self.steps = steps
        variable = varying.first
        fixedLength = steps.enumerated().reduce(0) { total, step in
            guard step.offset != varying.first else { return total }
            if case .literals(let words) = step.element.atom { return total + words[0].count }
            return total + step.element.min
        }
    }

    /// Whether all of `text` matches.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            // Scalars: every byte that does not continue one.
            var scalars = 0
            for byte in bytes where byte & 0xC0 != 0x80 { scalars += 1 }
            let extra = scalars - fixedLength
            if let variable {
                guard extra >= steps[variable].min, extra <= steps[variable].max else { return false }
            } else {
                guard extra == 0 else { return false }
            }
            var position = 0
            for (index, step) in steps.enumerated() {
                let count = index == variable ? extra : step.min
                switch step.atom {
                case .set(let low, let high):
                    for _ in 0..<count {
                        let byte = bytes[position]
                        guard byte < 0x80, (byte < 64 ? low >> byte : high >> (byte - 64)) & 1 == 1 else { return false }
                        position += 1
                    }
                case .any:
                    for _ in 0..<count {
                        guard let next = Self.scalarEnd(bytes, from: position) else { return false }
                        position = next
                    }
                case .literals(let words):
                    let length = words[0].count
                    guard position + length <= bytes.count,
                          words.contains(where: { word in word.indices.allSatisfy { bytes[position + $0] == word[$0] } })
                    else { return false }
                    position += length
                }
            }
            return position == bytes.count
        }
    }

    // MARK: Matching

    /// Where the scalar at `position` ends, or nil when it is a line terminator (which `.` does not take).
    private static func scalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int? {
        let lead = bytes[position]
        if lead < 0x80 { return (0x0A...0x0D).contains(lead) ? nil : position + 1 }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard position + length <= bytes.count else { return nil }
        // U+0085 is C2 85; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
        if length == 2, lead == 0xC2, bytes[position + 1] == 0x85 { return nil }
        if length == 3, lead == 0xE2, bytes[position + 1] == 0x80, bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9 {
            return nil
        }
        return position + length
    }

    // MARK: Parsing

    private static let quantifierStarts: Set<UInt8> = Set("{?*+".utf8)
    /// Characters that stand for themselves outside and inside a class (no syntax in either).
    private static let punctuation: Set<UInt8> = Set(" '_,@!%/=~".utf8)

    private static func isLiteral(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || punctuation.contains(byte) || byte == UInt8(ascii: "-")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A class body (between `[` and `]`): alphanumeric ranges within one kind (`a-z`, `0-9`), literals, and `-`
    /// only first or last.
    private static func set(_ body: ArraySlice<UInt8>) -> Atom? {
        var low: UInt64 = 0
        var high: UInt64 = 0
        func add(_ byte: UInt8) {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
        let items = Array(body)
        guard !items.isEmpty else { return nil }
        var index = 0
        while index < items.count {
            let byte = items[index]
            if byte == UInt8(ascii: "-") {
                guard index == 0 || index == items.count - 1 else { return nil }
                add(byte)
                index += 1
            } else if index + 2 < items.count, items[index + 1] == UInt8(ascii: "-") {
                let end = items[index + 2]
                guard isAlphanumeric(byte), isAlphanumeric(end), byte <= end, kind(byte) == kind(end) else { return nil }
                for member in byte...end { add(member) }
                index += 3
            } else {
                guard isAlphanumeric(byte) || punctuation.contains(byte) || byte == UInt8(ascii: ".") else { return nil }
                add(byte)
                index += 1
            }
        }
        return .set(low: low, high: high)
    }

    private static func kind(_ byte: UInt8) -> Int {
        byte <= UInt8(ascii: "9") ? 0 : byte <= UInt8(ascii: "Z") ? 1 : 2
    }

    /// `(a|b)` or `(?:a|b)`: alphanumeric alternatives of one length.
    private static func literals(_ body: ArraySlice<UInt8>) -> Atom? {
        var body = body
        if body.starts(with: "?:".utf8) { body = body.dropFirst(2) }
        let words = body.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map(Array.init)
        guard let length = words.first?.count, length > 0,
              words.allSatisfy({ $0.count == length && $0.allSatisfy(isAlphanumeric) }) else { return nil }
        return .literals(words)
    }

    /// The count after an atom (1 when none), taken from `bytes`; nil for a form ICU reads differently
    /// (lazy or possessive counts) or refuses.
    private static func count(_ bytes: inout ArraySlice<UInt8>) -> (min: Int, max: Int)? {
        let range: (min: Int, max: Int)
        switch bytes.first {
        case UInt8(ascii: "?"): range = (0, 1)
        case UInt8(ascii: "*"): range = (0, .max)
        case UInt8(ascii: "+"): range = (1, .max)
        case UInt8(ascii: "{"):
            guard let end = bytes.firstIndex(of: UInt8(ascii: "}")) else { return nil }
            let parts = bytes[(bytes.startIndex + 1)..<end].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let min = number(parts[0]) else { return nil }
            let max: Int? = parts.count == 1 ? min : parts[1].isEmpty ? Int.max : number(parts[1])
            guard let max, min <= max else { return nil }
            range = (min, max)
            bytes = bytes[end...]
        default:
            return (1, 1)
        }
        bytes = bytes.dropFirst()
        guard bytes.first.map({ !quantifierStarts.contains($0) }) ?? true else { return nil }
        return range
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
