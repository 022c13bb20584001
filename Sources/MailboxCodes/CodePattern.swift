import Foundation

/// How a code is found in a message's text: a regular expression (ICU syntax); its first capture group is the
/// code, or the whole match when it has none.
public struct CodePattern: Sendable, Equatable, CustomStringConvertible {
    /// The default: the word "code", then at most 40 characters that are not digits, then 4 to 10 digits, as in
    /// "Your code is: 12345678" and "Account verification code:\n12345678"; a year or a street number elsewhere
    /// in the mail is not taken.
    public static let defaultSource = #"(?i)code[^0-9]{0,40}?([0-9]{4,10})(?![0-9])"#

    /// The pattern as written.
    public let source: String
    private let expression: NSRegularExpression

    /// The longest text searched (the start of the message's text): a huge body cannot make a search slow.
    static let longestText = 256 * 1024

    /// - Throws: `MailboxFailure.configuration` when the pattern does not compile.
    public init(_ source: String = CodePattern.defaultSource) throws(MailboxFailure) {
        do {
            expression = try NSRegularExpression(pattern: source)
        } catch {
            throw .configuration("the code pattern \(source) is not a regular expression")
        }
        self.source = source
    }

    /// The first code in `text`, or nil.
    public func code(in text: String) -> String? {
        let searched = String(text.prefix(Self.longestText))
        let whole = NSRange(searched.startIndex..., in: searched)
        guard let match = expression.firstMatch(in: searched, range: whole) else { return nil }
        let range = match.numberOfRanges > 1 && match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range
        return Range(range, in: searched).map { String(searched[$0]) }
    }

    public var description: String { source }

    public static func == (left: CodePattern, right: CodePattern) -> Bool { left.source == right.source }
}
