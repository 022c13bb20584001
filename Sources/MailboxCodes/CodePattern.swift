import Foundation

/// How a code is found in a message's text: a regular expression (ICU syntax) whose every match is a candidate
/// (its first capture group, or the whole match when it has none). The code is the candidate nearest a code word
/// ("code", "passcode", "Verifizierungscode", "OTP"): first one in the same sentence (no `.`, `!` or `?` and a
/// space or line break between them), then the fewest characters between. So a year or an order number in a
/// footer loses to the digits beside "Your code:", before or after them; with no code word in the text (a mail in
/// another language), the first candidate is the code.
public struct CodePattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let source: String
    private let expression: NSRegularExpression

    /// The longest text searched (the start of the message's text): a huge body cannot make a search slow.
    static let longestText = 256 * 1024

    /// A word ending in "code" or "codes", or "OTP": what names the code in a mail.
    private static let codeWord = try? NSRegularExpression(pattern: #"(?i)(?:codes?|otp)(?!\p{L})"#)
    /// The end of a sentence. Line breaks are not: "Your code is:", an empty line, then the code is one sentence.
    private static let sentenceEnd = try? NSRegularExpression(pattern: #"[.!?]\s"#)

    /// The default: a run of exactly `digits` digits standing alone. Not a candidate: digits that are part of a
    /// longer token (a hex colour `#20212300`, `A1B2C3D4E5`, a longer number) or of a decimal (`12345678.90`).
    /// - Parameter digits: the code's length, the challenge's `code_length` (docs/protocol.md §N3.2).
    public static func standalone(digits: Int) -> CodePattern {
        // Compiles for any count: only the number changes.
        try! CodePattern(#"(?<![\p{L}\p{N}_#]|[0-9][.,])[0-9]{\#(max(1, digits))}(?![\p{L}\p{N}_]|[.,][0-9])"#)
    }

    /// - Throws: `MailboxFailure.configuration` when the pattern does not compile.
    public init(_ source: String) throws(MailboxFailure) {
        do {
            expression = try NSRegularExpression(pattern: source)
        } catch {
            throw .configuration("the code pattern \(source) is not a regular expression")
        }
        self.source = source
    }

    /// The candidate nearest a code word in `text` (the first of equals), or nil when there is none.
    public func code(in text: String) -> String? {
        let searched = String(text.prefix(Self.longestText))
        let whole = NSRange(searched.startIndex..., in: searched)
        let candidates = expression.matches(in: searched, range: whole).map { match in
            match.numberOfRanges > 1 && match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range
        }.filter { $0.length > 0 }
        let words = Self.codeWord?.matches(in: searched, range: whole).map(\.range) ?? []
        // Only the code words just before and just after a candidate can be its nearest (matches are in order).
        var after = 0
        let nearest = candidates.map { candidate in
            while after < words.count, words[after].location < NSMaxRange(candidate) { after += 1 }
            let neighbours = words[max(0, after - 1)..<min(words.count, after + 1)]
            return (candidate, neighbours.map { separation(candidate, $0, in: searched) }.min { $0 < $1 } ?? (0, 0))
        }.min { $0.1 < $1.1 }
        return nearest.flatMap { Range($0.0, in: searched) }.map { String(searched[$0]) }
    }

    /// Whether a sentence ends between a candidate and a code word (1 or 0), then the characters between (0 when they
    /// touch or overlap).
    private func separation(_ candidate: NSRange, _ word: NSRange, in text: String) -> (Int, Int) {
        let gap = word.location >= NSMaxRange(candidate)
            ? NSRange(location: NSMaxRange(candidate), length: word.location - NSMaxRange(candidate))
            : NSRange(location: NSMaxRange(word), length: max(0, candidate.location - NSMaxRange(word)))
        let ends = gap.length > 0 && Self.sentenceEnd?.firstMatch(in: text, range: gap) != nil
        return (ends ? 1 : 0, gap.length)
    }

    public var description: String { source }

    public static func == (left: CodePattern, right: CodePattern) -> Bool { left.source == right.source }
}
