internal import CGMime
import EmailAddresses
import Foundation

/// A received message read by GMime as a person's mail program would: RFC 5322 headers (encoded words decoded),
/// the MIME tree (RFC 2045-2046) walked, transfer encodings decoded and charsets converted to UTF-8.
///
/// The readable text prefers plain text: a `multipart/alternative` gives its `text/plain` alternative, else its
/// HTML one as ``HTMLVisibleText`` sees it; other multiparts give all their inline text parts in order.
/// Never throws: what GMime reports as malformed is kept in ``problem``, so a report can say "malformed MIME" next
/// to "no code".
struct ReceivedMessage: Sendable {
    /// The `Subject`, decoded; empty when absent.
    let subject: String
    /// The addresses of the `To` and `Cc` fields (groups opened), as written: `"QA" <QA+run42@Contoso.com>` →
    /// `QA+run42@Contoso.com`.
    let recipients: [String]

    /// Whether `address` is among ``recipients``, written in any case or Unicode normal form (``EmailAddress/same(_:_:)``).
    func isAddressed(to address: String) -> Bool {
        recipients.contains { EmailAddress.same($0, address) }
    }

    /// The `Date` field, or nil when absent or unreadable.
    let date: Date?
    /// The text a reader sees (see above); empty when the message has no text part.
    let text: String
    /// What GMime found malformed in the body, in words ("a multipart holds no parts"), if anything.
    let problem: String?

    /// GMime's one-time set-up: Swift runs a static's initializer once, thread-safely.
    private static let gmime: Void = g_mime_init()

    init(_ bytes: [UInt8]) {
        _ = Self.gmime
        let warnings = Warnings()
        let stream = bytes.withUnsafeBufferPointer { buffer in
            // Copies the bytes.
            buffer.withMemoryRebound(to: CChar.self) { g_mime_stream_mem_new_with_buffer($0.baseAddress, $0.count) }
        }
        let parser = g_mime_parser_new_with_stream(stream)
        g_object_unref(stream)
        let options = g_mime_parser_options_new()
        let context = Unmanaged.passRetained(warnings)
        g_mime_parser_options_set_warning_callback(options, { _, code, _, context in
            guard let context else { return }
            Unmanaged<Warnings>.fromOpaque(context).takeUnretainedValue().codes.append(code.rawValue)
        }, context.toOpaque())
        let message = g_mime_parser_construct_message(parser, options)
        g_mime_parser_options_free(options)
        context.release()
        g_object_unref(parser)
        guard let message else {
            (subject, recipients, date, problem) = ("", [], nil, "not a message")
            text = String(decoding: bytes, as: UTF8.self)
            return
        }
        defer { g_object_unref(message) }
        subject = g_mime_message_get_subject(message).map { String(cString: $0) } ?? ""
        recipients = [GMIME_ADDRESS_TYPE_TO, GMIME_ADDRESS_TYPE_CC].flatMap { Self.addresses(g_mime_message_get_addresses(message, $0)) }
        date = g_mime_message_get_date(message).map { Date(timeIntervalSince1970: TimeInterval(g_date_time_to_unix($0))) }
        let pieces = g_mime_message_get_mime_part(message).map(Self.pieces) ?? []
        let plain = pieces.filter { !$0.isHTML }.map(\.text).joined(separator: "\n")
        // Lines end in LF as a mail program shows them (MIME sends CRLF).
        text = (plain.contains(where: { !$0.isWhitespace }) ? plain : pieces.map(\.text).joined(separator: "\n"))
            .replacingOccurrences(of: "\r\n", with: "\n")
        problem = Self.malformations.first { warnings.codes.contains($0.code) }?.words
    }

    /// The parser's warnings, collected by its C callback.
    private final class Warnings {
        var codes: [UInt32] = []
    }

    /// One text part's readable text.
    private struct Piece {
        var text: String
        var isHTML: Bool
    }

    /// The warnings that mean the body was not read as sent, the most telling first (others, such as a repeated
    /// header, do not matter here).
    private static let malformations: [(code: UInt32, words: String)] = [
        (GMIME_WARN_MALFORMED_MULTIPART.rawValue, "a multipart holds no parts (its boundary never appears)"),
        (GMIME_CRIT_MULTIPART_WITHOUT_BOUNDARY.rawValue, "a multipart names no boundary"),
        (GMIME_CRIT_NESTING_OVERFLOW.rawValue, "multiparts nested too deep"),
        (GMIME_CRIT_PART_WITHOUT_HEADERS_OR_CONTENT.rawValue, "a part has neither headers nor content"),
        (GMIME_WARN_INVALID_CONTENT_TYPE.rawValue, "a Content-Type cannot be read"),
        (GMIME_WARN_MALFORMED_MESSAGE.rawValue, "the message is malformed"),
        (GMIME_WARN_TRUNCATED_MESSAGE.rawValue, "the message ends before its MIME structure does"),
    ]

    /// The readable pieces of a MIME object, in order; an attachment or an attached message gives none.
    private static func pieces(_ object: UnsafeMutablePointer<GMimeObject>) -> [Piece] {
        let type = g_mime_object_get_content_type(object)
        if let multipart = cgmime_multipart(object) {
            let children = (0..<g_mime_multipart_get_count(multipart)).compactMap { g_mime_multipart_get_part(multipart, $0) }
            guard g_mime_content_type_is_type(type, "multipart", "alternative") != 0 else { return children.flatMap(pieces) }
            // The plain-text alternative if one has text, else the first that has any.
            var fallback: [Piece] = []
            for child in children {
                let readable = pieces(child).filter { $0.text.contains(where: { !$0.isWhitespace }) }
                if readable.contains(where: { !$0.isHTML }) { return readable }
                if fallback.isEmpty { fallback = readable }
            }
            return fallback
        }
        guard let part = cgmime_text_part(object),
              g_mime_object_get_disposition(object).map({ String(cString: $0).lowercased() }) != "attachment" else { return [] }
        let isHTML = g_mime_content_type_is_type(type, "text", "html") != 0
        guard isHTML || g_mime_content_type_is_type(type, "text", "plain") != 0, let bytes = g_mime_text_part_get_text(part) else { return [] }
        defer { g_free(bytes) }
        let text = String(cString: bytes)
        return [Piece(text: isHTML ? HTMLVisibleText.text(text) : text, isHTML: isHTML)]
    }

    /// The mailbox addresses of a list, a group's members included.
    private static func addresses(_ list: UnsafeMutablePointer<InternetAddressList>?) -> [String] {
        guard let list else { return [] }
        return (0..<internet_address_list_length(list)).compactMap { internet_address_list_get_address(list, $0) }.flatMap { address -> [String] in
            if let mailbox = cgmime_address_mailbox(address), let addr = internet_address_mailbox_get_addr(mailbox) {
                return [String(cString: addr)]
            }
            return cgmime_address_group(address).map { addresses(internet_address_group_get_members($0)) } ?? []
        }
    }
}
