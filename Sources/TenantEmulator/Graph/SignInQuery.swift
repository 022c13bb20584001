import EmailAddresses
import Foundation

/// The query options of `GET /v1.0/auditLogs/signIns`: `$filter`, `$top`, `$skiptoken`, and `$orderby`
/// (only `createdDateTime desc`, the log's own order).
///
/// `$filter` is clauses joined by `and` (case-insensitive keywords): `userId eq '<id>'`,
/// `userPrincipalName eq '<upn>'` (case-insensitive match), `correlationId eq '<id>'`, and `createdDateTime`
/// with `ge`, `le` or `eq` and an unquoted ISO 8601 UTC time, the only operators Graph documents for it. String
/// literals double a quote to escape it. A quoted time is a string, which Graph refuses beside a date-time (400). `$top` is 1…1000 (default 1000; larger values are capped at 1000).
/// `$skiptoken` is opaque: the position after the last row served (time and row id), so a page stays right when
/// sign-ins happen between requests. Like Graph's, it is standard base64 (`+`, `/`, `=` padding), and every token
/// holds all three (a fixed lead and padding), so a client that un-escapes the link (`+` read back as a space) is
/// refused with Graph's own answer: 400, empty `code`, "Invalid Skip Token".
/// Source: docs/protocol.md §I6.1, §I6.5; trap T16; field case 022 b (docs/field-cases.md), 033.
struct SignInQuery: Equatable {
    static let maximumTop = 1000

    var userID: String?
    var userPrincipalName: String?
    /// `correlationId eq '…'`: the id the emulator returned to the client for that request.
    var correlationID: String?
    /// `createdDateTime ge …` (and `eq`), in 100 ns ticks since 1970 (``SignInEvent/ticks(_:)``).
    var createdSince: Int64?
    /// `createdDateTime le …` (and `eq`).
    var createdUntil: Int64?
    var top = SignInQuery.maximumTop
    /// Rows strictly older than this position (newest-first order: time, then row id).
    var after: Position?

    struct Position: Equatable {
        var time: Double
        var rowID: Int64
    }

    /// - Throws: 400 `Request_BadRequest` naming what is not supported.
    init(query: [String: String]) throws(GraphError) {
        if let filter = query["$filter"], !filter.trimmingCharacters(in: .whitespaces).isEmpty { try parseFilter(filter) }
        if let text = query["$top"] {
            guard let value = Int(text), value >= 1 else { throw .badRequest("Invalid $top value '\(text)': use a whole number from 1 to 1000.") }
            top = min(value, Self.maximumTop)
        }
        if let token = query["$skiptoken"] {
            guard let position = Self.decode(token) else { throw GraphError(400, "", "Invalid Skip Token") }
            after = position
        }
        // Newest first is the only order the log keeps; asking for it by name is allowed, any other order is not.
        if let order = query["$orderby"],
           order.split(separator: " ").map({ $0.lowercased() }) != ["createddatetime", "desc"] {
            throw .badRequest("Unsupported $orderby '\(order)': sign-ins come newest first (createdDateTime desc).")
        }
    }

    func matches(_ event: SignInEvent) -> Bool {
        if let userID, event.userID.lowercased() != userID.lowercased() { return false }
        if let userPrincipalName, event.userPrincipalName.map({ EmailAddress.same($0, userPrincipalName) }) != true { return false }
        if let correlationID, event.correlationID?.lowercased() != correlationID.lowercased() { return false }
        // In 100 ns ticks, what `createdDateTime` shows: `eq` a row's own time finds it.
        if let createdSince, SignInEvent.ticks(event.createdAt) < createdSince { return false }
        if let createdUntil, SignInEvent.ticks(event.createdAt) > createdUntil { return false }
        if let after {
            let time = event.createdAt.timeIntervalSince1970
            guard time < after.time || (time == after.time && event.rowID < after.rowID) else { return false }
        }
        return true
    }

    /// Bytes that encode as `++++////`: every token carries `+` and `/`.
    private static let lead: [UInt8] = [0xFB, 0xEF, 0xBE, 0xFF, 0xFF, 0xFF]

    /// The `$skiptoken` for the page after `event`: standard base64 of the lead, the position and `;` filler up
    /// to a length that ends in `==` padding.
    static func skipToken(after event: SignInEvent) -> String {
        var bytes = lead + Array("\(event.createdAt.timeIntervalSince1970.bitPattern):\(event.rowID)".utf8)
        while bytes.count % 3 != 1 { bytes.append(UInt8(ascii: ";")) }
        return Data(bytes).base64EncodedString()
    }

    /// `token` in a next link, escaped as Graph does: `%2b`, `%2f`, `%3d` in lower case.
    static func escapedInLink(_ token: String) -> String {
        token.replacingOccurrences(of: "+", with: "%2b").replacingOccurrences(of: "/", with: "%2f").replacingOccurrences(of: "=", with: "%3d")
    }

    private static func decode(_ token: String) -> Position? {
        guard let data = Data(base64Encoded: token), data.starts(with: lead) else { return nil }
        let text = String(decoding: data.dropFirst(lead.count), as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: ";"))
        let parts = text.split(separator: ":")
        guard parts.count == 2, let bits = UInt64(parts[0]), let rowID = Int64(parts[1]) else { return nil }
        return Position(time: Double(bitPattern: bits), rowID: rowID)
    }

    private mutating func parseFilter(_ filter: String) throws(GraphError) {
        let unsupported = GraphError(400, "Request_UnsupportedQuery",
                                     "Unsupported $filter '\(filter)': use userId eq '…', userPrincipalName eq '…', correlationId eq '…', createdDateTime ge|le|eq <ISO 8601, unquoted>, joined by and.")
        var rest = Substring(filter.trimmingCharacters(in: .whitespaces))
        while true {
            guard let field = Self.word(&rest), let op = Self.word(&rest) else { throw unsupported }
            switch (field.lowercased(), Comparison(rawValue: op.lowercased())) {
            case ("userid", .eq?):
                guard let value = Self.literal(&rest) else { throw unsupported }
                userID = value
            case ("userprincipalname", .eq?):
                guard let value = Self.literal(&rest) else { throw unsupported }
                userPrincipalName = value
            case ("correlationid", .eq?):
                guard let value = Self.literal(&rest) else { throw unsupported }
                correlationID = value
            case ("createddatetime", let comparison?):
                if rest.drop(while: { $0 == " " }).first == "'" {
                    throw GraphError(400, "BadRequest", "A binary operator with incompatible types was detected. Found operand types "
                                     + "'Edm.DateTimeOffset' and 'Edm.String' for operator kind '\(comparison.kind)'.")
                }
                guard let text = Self.word(&rest), let date = SignInEvent.parseTicks(text) else { throw unsupported }
                if comparison != .le { createdSince = date }
                if comparison != .ge { createdUntil = date }
            default:
                throw unsupported
            }
            rest = rest.drop { $0 == " " }
            if rest.isEmpty { return }
            guard Self.word(&rest)?.lowercased() == "and" else { throw unsupported }
        }
    }

    /// The comparison operators the filter takes, as OData spells them.
    private enum Comparison: String {
        case ge, le, eq

        /// OData's name for it, as its parser's messages say it.
        var kind: String {
            switch self {
            case .ge: "GreaterThanOrEqual"
            case .le: "LessThanOrEqual"
            case .eq: "Equal"
            }
        }
    }

    /// The next space-delimited word.
    private static func word(_ text: inout Substring) -> String? {
        text = text.drop { $0 == " " }
        let word = text.prefix { $0 != " " }
        guard !word.isEmpty else { return nil }
        text = text.dropFirst(word.count)
        return String(word)
    }

    /// The next `'…'` literal (`''` is a quote).
    private static func literal(_ text: inout Substring) -> String? {
        text = text.drop { $0 == " " }
        guard text.first == "'" else { return nil }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "'" {
                if next < text.endIndex, text[next] == "'" {
                    value.append("'")
                    index = text.index(after: next)
                    continue
                }
                text = text[next...]
                return value
            }
            value.append(character)
            index = next
        }
        return nil
    }
}
