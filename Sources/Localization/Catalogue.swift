/// One language's messages, read from `Catalogues/<tag>.txt`: `key = ICU MessageFormat pattern`, one a line; lines
/// starting with `#` are notes for translators; blank lines are skipped. Keys name what the message is for
/// (`code.title.signUp`); a pattern's arguments are named (`{seconds}`, `{count, plural, one {…} other {…}}`).
public struct Catalogue: Sendable {
    /// The file's name without `.txt`: a BCP 47 tag (`en`, `pt-BR`).
    public let tag: String
    /// Key to pattern.
    public let messages: [String: String]

    /// A line the reader refused, with its 1-based number.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Reads a catalogue's text. Throws ``Problem`` for a line with no ` = `, an empty key, or a key given twice.
    public init(tag: String, text: String) throws {
        var messages: [String: String] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.first == "#" || line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            guard let equals = line.firstRange(of: " = ") else {
                throw Problem(line: index + 1, reason: "expected `key = message`")
            }
            let key = String(line[..<equals.lowerBound])
            var message = line[equals.upperBound...]
            while message.last == "\r" || message.last == " " { message.removeLast() }
            guard !key.isEmpty, !key.contains(" ") else { throw Problem(line: index + 1, reason: "a key has no spaces") }
            guard messages[key] == nil else { throw Problem(line: index + 1, reason: "\(key) is given twice") }
            messages[key] = String(message)
        }
        self.tag = tag
        self.messages = messages
    }

    /// Every catalogue built into the binary (``embeddedCatalogueFiles``), by tag; one that does not read is
    /// left out here and named by the catalogue tests.
    public static let embedded: [String: Catalogue] = {
        var all: [String: Catalogue] = [:]
        for file in embeddedCatalogueFiles {
            let text = String(decoding: file.bytes, as: UTF8.self)
            if let catalogue = try? Catalogue(tag: file.tag, text: text) { all[file.tag] = catalogue }
        }
        return all
    }()

    /// The source language: every key exists in it.
    public static var english: Catalogue { embedded["en", default: Catalogue(tag: "en", messages: [:])] }

    init(tag: String, messages: [String: String]) {
        self.tag = tag
        self.messages = messages
    }
}
