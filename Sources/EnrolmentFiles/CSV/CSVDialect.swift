/// How ``CSVReader`` read a file: the encoding its byte order mark gave and the separator its header line gave.
public struct CSVDialect: Sendable, Equatable {
    public let separator: CSVSeparator
    public let encoding: CSVTextEncoding
    /// The other separators the header line also holds, outside quotes: the choice was not obvious.
    public let alsoInHeader: [CSVSeparator]

    /// Memberwise.
    public init(separator: CSVSeparator, encoding: CSVTextEncoding, alsoInHeader: [CSVSeparator] = []) {
        self.separator = separator
        self.encoding = encoding
        self.alsoInHeader = alsoInHeader
    }

    /// What to tell the person when the file is not plain comma-separated UTF-8, or the separator was a choice:
    /// `read as ;-separated UTF-16LE text`, `read as ;-separated (the header line holds , too; ; gives the known
    /// column names)`; nil for plain RFC 4180.
    public var notice: String? {
        guard separator != .comma || encoding != .utf8 || !alsoInHeader.isEmpty else { return nil }
        var text = "read as \(separator.name)-separated" + (encoding == .utf8 ? "" : " \(encoding.name) text")
        if !alsoInHeader.isEmpty {
            text += " (the header line holds \(alsoInHeader.map(\.name).joined(separator: " and ")) too; \(separator.name) gives the known column names)"
        }
        return text
    }
}
