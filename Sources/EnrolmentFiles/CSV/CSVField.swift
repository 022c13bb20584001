/// Writing one field the way RFC 4180 §2 reads it back.
public enum CSVField {
    /// `text` as it goes between commas: in double quotes, with each quote doubled, when it holds a comma,
    /// a quote or a line break (or starts with `#`, which ``CSVReader`` would take for a comment at the
    /// start of a record); as it is otherwise.
    public static func quoted(_ text: String) -> String {
        let special = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard special || text.hasPrefix("#") else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// One CRLF-terminated record (RFC 4180 §2.1) of `fields`, for a file the console reads back: each field
    /// exactly as it is.
    public static func record(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// One CRLF-terminated record for a file people open in a spreadsheet (a report): a field that starts with
    /// `=`, `+`, `-`, `@`, TAB or CR, which Excel and LibreOffice would run as a formula, is written with a leading
    /// `'` so it shows as the text it is (OWASP, "CSV Injection"); then quoted as ``record(_:)`` quotes.
    public static func spreadsheetRecord(_ fields: [String]) -> String {
        record(fields.map { field in
            guard let first = field.utf8.first, formulaStarts.contains(first) else { return field }
            return "'" + field
        })
    }

    private static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]
}
