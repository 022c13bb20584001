/// The text a reader sees in an HTML part: tags dropped (block tags become line breaks), `<script>`,
/// `<style>` and comments removed with their content, and the common entities and numeric references decoded.
enum HTMLText {
    static func text(_ html: String) -> String {
        var out = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            out += decodeEntities(rest[..<open])
            let tagText = rest[open...]
            if tagText.hasPrefix("<!--") {
                rest = tagText.range(of: "-->").map { tagText[$0.upperBound...] } ?? ""
                continue
            }
            guard let close = tagText.firstIndex(of: ">") else {
                rest = ""
                break
            }
            let name = tagText.dropFirst().prefix { $0.isLetter || $0 == "/" }.lowercased()
            rest = tagText[tagText.index(after: close)...]
            if name == "script" || name == "style" {
                let end = "</\(name)"
                rest = rest.range(of: end, options: .caseInsensitive).map { range in
                    rest[range.upperBound...].firstIndex(of: ">").map { rest[rest.index(after: $0)...] } ?? ""
                } ?? ""
                continue
            }
            out += ["br", "p", "/p", "div", "/div", "tr", "/tr", "li", "td"].contains(name) ? "\n" : " "
        }
        out += decodeEntities(rest)
        return out
    }

    private static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]

    private static func decodeEntities(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var out = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = String(after[..<semicolon])
            if let value = named[name.lowercased()] {
                out += value
            } else if name.hasPrefix("#"), let scalar = number(name.dropFirst()).flatMap(Unicode.Scalar.init) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "&" + name + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return out + rest
    }

    private static func number(_ text: Substring) -> UInt32? {
        if text.hasPrefix("x") || text.hasPrefix("X") { return UInt32(text.dropFirst(), radix: 16) }
        return UInt32(text)
    }
}
