import EmailAddresses
import Foundation

/// A received message read as a person's mail program would: RFC 5322 headers, and the MIME body's text
/// (RFC 2045-2046): multipart parts walked, quoted-printable and base64 decoded, charsets utf-8, us-ascii
/// and iso-8859-1 read, and HTML turned into its text when no plain-text part exists.
///
/// Never throws: a body that cannot be read as MIME is taken as it stands, and ``problem`` says why (so a
/// report can say "malformed MIME" next to "no code").
struct MailMessage {
    /// Header fields, names lowercased, folded lines unfolded; the first of each name wins.
    let headers: [String: String]
    /// The readable text: the plain-text parts, else the HTML parts' text, else the raw body.
    let text: String
    /// What could not be read as MIME, if anything ("a base64 part is not base64").
    let problem: String?

    /// The deepest multipart nesting followed; deeper parts are skipped (a hostile message cannot recurse far).
    static let deepestNesting = 8

    init(_ bytes: [UInt8]) {
        let (head, body) = Self.split(bytes)
        let headers = Self.fields(head)
        var collected = Collected()
        Self.walk(headers: headers, body: body, depth: 0, into: &collected)
        self.headers = headers
        let plain = collected.plain.joined(separator: "\n")
        let html = collected.html.map(HTMLText.text).joined(separator: "\n")
        text = !plain.isEmpty ? plain : !html.isEmpty ? html : String(decoding: body, as: UTF8.self)
        problem = collected.problems.first
    }

    var subject: String { headers["subject"].map(EncodedWords.decode) ?? "" }

    /// The addresses of the `To` and `Cc` fields as written (`"QA" <qa+run42@contoso.com>` → `qa+run42@contoso.com`).
    var recipients: [String] {
        [headers["to"], headers["cc"]].compactMap { $0 }.flatMap { field in
            field.split(separator: ",").map { part -> String in
                let text = part.trimmingCharacters(in: .whitespaces)
                if let open = text.lastIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close {
                    return String(text[text.index(after: open)..<close])
                }
                return text
            }
        }
    }

    /// Whether `address` is among ``recipients``, written in any case or Unicode normal form (``EmailAddress/same(_:_:)``).
    func isAddressed(to address: String) -> Bool {
        recipients.contains { EmailAddress.same($0, address) }
    }

    /// The `Date` field (RFC 5322 §3.3, with or without the day name and a trailing comment), or nil.
    var date: Date? {
        guard var text = headers["date"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let comment = text.firstIndex(of: "(") { text = String(text[..<comment]).trimmingCharacters(in: .whitespaces) }
        if let comma = text.firstIndex(of: ",") { text = String(text[text.index(after: comma)...]).trimmingCharacters(in: .whitespaces) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for format in ["d MMM yyyy HH:mm:ss Z", "d MMM yyyy HH:mm Z"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    private struct Collected {
        var plain: [String] = []
        var html: [String] = []
        var problems: [String] = []
    }

    /// Splits at the first empty line (CRLF CRLF, or LF LF from a sloppy sender).
    private static func split(_ bytes: [UInt8]) -> (head: String, body: [UInt8]) {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 10 {
                var next = index + 1
                if next < bytes.count, bytes[next] == 13 { next += 1 }
                if next < bytes.count, bytes[next] == 10 {
                    return (String(decoding: bytes[..<index], as: UTF8.self), Array(bytes[(next + 1)...]))
                }
                if next == bytes.count { return (String(decoding: bytes[..<index], as: UTF8.self), []) }
            }
            index += 1
        }
        return (String(decoding: bytes, as: UTF8.self), [])
    }

    /// Header lines unfolded (a line starting with white space continues the previous one).
    private static func fields(_ head: String) -> [String: String] {
        var fields: [String: String] = [:]
        var lines: [String] = []
        for raw in head.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += " " + raw.trimmingCharacters(in: .whitespaces)
            } else {
                lines.append(String(raw))
            }
        }
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    private static func walk(headers: [String: String], body: [UInt8], depth: Int, into collected: inout Collected) {
        let type = ContentType(headers["content-type"] ?? "text/plain")
        if type.mediaType.hasPrefix("multipart/") {
            guard depth < deepestNesting else { return collected.problems.append("multipart nested deeper than \(deepestNesting)") }
            guard let boundary = type.parameters["boundary"], !boundary.isEmpty else {
                collected.problems.append("a multipart body names no boundary")
                collected.plain.append(String(decoding: body, as: UTF8.self))
                return
            }
            let parts = Self.parts(of: body, boundary: boundary)
            guard !parts.isEmpty else {
                collected.problems.append("the multipart boundary \(boundary) never appears")
                collected.plain.append(String(decoding: body, as: UTF8.self))
                return
            }
            for part in parts {
                let (head, partBody) = split(part)
                walk(headers: fields(head), body: partBody, depth: depth + 1, into: &collected)
            }
            return
        }
        guard type.mediaType.hasPrefix("text/") else { return }
        let encoding = (headers["content-transfer-encoding"] ?? "7bit").trimmingCharacters(in: .whitespaces).lowercased()
        var decoded = body
        switch encoding {
        case "quoted-printable":
            decoded = TransferDecoding.quotedPrintable(body)
        case "base64":
            if let bytes = TransferDecoding.base64(body) {
                decoded = bytes
            } else {
                collected.problems.append("a base64 part is not base64")
            }
        default:
            break
        }
        let text = TransferDecoding.text(decoded, charset: type.parameters["charset"])
        if type.mediaType == "text/html" { collected.html.append(text) } else { collected.plain.append(text) }
    }

    /// The parts between `--boundary` lines, up to `--boundary--` (the preamble and epilogue dropped). Works on
    /// bytes: as Swift text, CRLF is one character and a split at LF would miss it.
    private static func parts(of body: [UInt8], boundary: String) -> [[UInt8]] {
        let delimiter = Array(("--" + boundary).utf8)
        let closing = delimiter + Array("--".utf8)
        var parts: [[UInt8]] = []
        var current: [ArraySlice<UInt8>]?
        func close() {
            guard let lines = current else { return }
            parts.append(Array(lines.joined(separator: [10])))
        }
        for line in body.split(separator: 10, omittingEmptySubsequences: false) {
            var bare = line
            while let last = bare.last, last == 13 || last == 32 || last == 9 { bare = bare.dropLast() }
            if bare.elementsEqual(closing) {
                close()
                return parts
            }
            if bare.elementsEqual(delimiter) {
                close()
                current = []
                continue
            }
            current?.append(line)
        }
        // No closing delimiter: the last part runs to the end.
        close()
        return parts
    }
}
