/// Reads back the XML `tophhie run` writes (its JUnit): tags with their attributes, and the text between them,
/// entities decoded. Not a general XML parser: no CDATA, comments or DTDs, which our writer never emits; it keeps
/// the console free of libxml2 (FoundationXML), a library the start-up would load for nothing.
struct XMLTags {
    enum Token: Equatable {
        /// `<name a="1">` (`closing`: `</name>`; `empty`: `<name/>`).
        case tag(name: String, attributes: [String: String], closing: Bool, empty: Bool)
        case text(String)
    }

    struct Malformed: Error {}

    /// The tokens of `text` in order; declarations (`<?xml …?>`) skipped.
    static func tokens(_ text: String) throws(Malformed) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "<") else {
                tokens.append(.text(decode(rest)))
                break
            }
            if open > rest.startIndex { tokens.append(.text(decode(rest[..<open]))) }
            // An attribute value escapes `>`, so the first one closes the tag.
            guard let close = rest[open...].firstIndex(of: ">") else { throw Malformed() }
            var inside = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if inside.hasPrefix("?") { continue }
            let closing = inside.hasPrefix("/")
            let empty = inside.hasSuffix("/")
            if closing { inside = inside.dropFirst() }
            if empty { inside = inside.dropLast() }
            let name = inside.prefix { !$0.isWhitespace }
            guard !name.isEmpty else { throw Malformed() }
            tokens.append(.tag(name: String(name), attributes: try attributes(inside.dropFirst(name.count)), closing: closing, empty: empty))
        }
        return tokens
    }

    /// ` a="1" b="x &amp; y"` → `["a": "1", "b": "x & y"]`.
    private static func attributes(_ text: Substring) throws(Malformed) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text.drop { $0.isWhitespace }
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)...].first == "\"" else { throw Malformed() }
            let valueStart = rest.index(equals, offsetBy: 2)
            guard let valueEnd = rest[valueStart...].firstIndex(of: "\"") else { throw Malformed() }
            result[String(rest[..<equals])] = decode(rest[valueStart..<valueEnd])
            rest = rest[rest.index(after: valueEnd)...].drop { $0.isWhitespace }
        }
        return result
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and numeric references; anything else kept as written.
    static func decode(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var out = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(entity)]
            let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
            if let replacement = named ?? number.flatMap({ Unicode.Scalar($0) }).map({ String($0) }) {
                out += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        return out + rest
    }
}
