import Foundation

/// The query options of `GET /v1.0/auditLogs/signIns`: `$filter`, `$top`, `$skiptoken`, and `$orderby`
/// (only `createdDateTime desc`, the log's own order).
///
/// `$filter` is clauses joined by `and` (case-insensitive keywords): `userId eq '<id>'`,
/// `userPrincipalName eq '<upn>'` (case-insensitive match), `createdDateTime ge <ISO 8601 UTC>`. String literals
/// double a quote to escape it. `$top` is 1…1000 (default 1000; larger values are capped at 1000).
/// `$skiptoken` is opaque: base64url of the position after the last row served (time and row id), so a page
/// stays right when sign-ins happen between requests. Source: interactive-api §6.1; trap 16; case 022 b.
struct SignInQuery: Equatable {
    static let maximumTop = 1000

    var userID: String?
    var userPrincipalName: String?
    var createdSince: Date?
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
            guard let position = Self.decode(token) else { throw .badRequest("The $skiptoken value is not valid; follow @odata.nextLink as given.") }
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
        if let createdSince, event.createdAt < createdSince { return false }
        if let after {
            let time = event.createdAt.timeIntervalSince1970
            guard time < after.time || (time == after.time && event.rowID < after.rowID) else { return false }
        }
        return true
    }

    /// The `$skiptoken` for the page after `event`.
    static func skipToken(after event: SignInEvent) -> String {
        Base64URL.encode(Array("\(event.createdAt.timeIntervalSince1970.bitPattern):\(event.rowID)".utf8))
    }

    private static func decode(_ token: String) -> Position? {
        guard let data = Base64URL.decode(token) else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(separator: ":")
        guard parts.count == 2, let bits = UInt64(parts[0]), let rowID = Int64(parts[1]) else { return nil }
        return Position(time: Double(bitPattern: bits), rowID: rowID)
    }

    private mutating func parseFilter(_ filter: String) throws(GraphError) {
        let unsupported = GraphError(400, "Request_UnsupportedQuery",
                                     "Unsupported $filter '\(filter)': use userId eq '…', userPrincipalName eq '…', createdDateTime ge <ISO 8601>, joined by and.")
        var rest = Substring(filter.trimmingCharacters(in: .whitespaces))
        while true {
            guard let field = Self.word(&rest), let op = Self.word(&rest) else { throw unsupported }
            switch (field.lowercased(), op.lowercased()) {
            case ("userid", "eq"):
                guard let value = Self.literal(&rest) else { throw unsupported }
                userID = value
            case ("userprincipalname", "eq"):
                guard let value = Self.literal(&rest) else { throw unsupported }
                userPrincipalName = value
            case ("createddatetime", "ge"):
                guard let text = Self.word(&rest), let date = SignInEvent.parseTimestamp(text) else { throw unsupported }
                createdSince = date
            default:
                throw unsupported
            }
            rest = rest.drop { $0 == " " }
            if rest.isEmpty { return }
            guard Self.word(&rest)?.lowercased() == "and" else { throw unsupported }
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
