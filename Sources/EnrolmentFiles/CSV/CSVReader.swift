/// Reads a CSV file (RFC 4180) one record at a time, holding only one chunk of the file and the record
/// being read, so a file of any length is read in bounded memory.
///
/// The dialect: fields separated by commas; records by CRLF, LF or CR; a field in double quotes may hold
/// separators, line breaks and quotes (doubled, `""`); UTF-8, with or without a byte order mark. Two additions
/// for people's files: a record that starts with `#` is a comment up to the end of its line (a template's
/// example row), and an empty line is skipped. Both still count as rows, as a spreadsheet counts them.
///
/// What spreadsheets save is read too: UTF-16 with a byte order mark ("Unicode Text"), transcoded a chunk at a
/// time; and, given the columns to expect, `;` or TAB between fields, taken from the header line (``dialect``).
///
/// Anything else is refused with a ``CSVError`` naming the row, line and column: a quote inside an
/// unquoted field, text after a closing quote, a quoted field not closed at the end of the file, bytes that
/// are not Unicode (a Windows code page, UTF-16 without a mark), a field longer than ``maxFieldBytes`` or a
/// record with more than ``maxFields`` fields (which is what an unclosed quote early in a large file looks like).
public final class CSVReader {
    /// The longest field accepted, in bytes.
    public static let maxFieldBytes = 64 * 1024
    /// The most fields one record may have.
    public static let maxFields = 4096

    private let source: CSVByteSource
    /// Moved out for each record and back (``CSVCursor``); nil only while a record is read.
    private var cursor: CSVCursor?
    private let knownColumns: [String]?
    /// The first record's fields, once read: errors name columns by them.
    public private(set) var header: [String]?
    /// The encoding and separator the file was read with, once its header is read.
    public private(set) var dialect: CSVDialect?

    /// Reads the file at `path`, `chunkSize` bytes at a time.
    /// - Parameter knownColumns: the column names a header may hold; when given, the separator is taken from
    ///   the header line (``CSVSeparator``), else it is the comma.
    /// - Throws: ``CSVError`` when it cannot be opened.
    public init(path: String, chunkSize: Int = 64 * 1024, separatorFromHeader knownColumns: [String]? = nil) throws(CSVError) {
        source = try CSVByteSource(path: path, chunkSize: chunkSize)
        cursor = CSVCursor(source: source)
        self.knownColumns = knownColumns
    }

    /// Reads `bytes`, `chunkSize` at a time (a small size exercises records split across chunks).
    public init(bytes: [UInt8], chunkSize: Int = 64 * 1024, separatorFromHeader knownColumns: [String]? = nil) {
        source = CSVByteSource(bytes: bytes, chunkSize: max(1, chunkSize))
        cursor = CSVCursor(source: source)
        self.knownColumns = knownColumns
    }

    /// The next record; nil at the end of the file. The first one is taken as the header.
    /// - Throws: ``CSVError`` where the file breaks the dialect; reading should stop there.
    public func next() throws(CSVError) -> CSVRecord? {
        guard var cursor = cursor.take() else { return nil }
        defer { self.cursor = cursor }
        do {
            guard let startLine = try cursor.skipToRecord() else { return nil }
            if dialect == nil { try chooseSeparator(&cursor) }
            let fields = try cursor.record(expectedFields: header?.count ?? 1)
            if header == nil { header = fields }
            return CSVRecord(row: cursor.row, line: startLine, fields: fields)
        } catch {
            throw CSVError(row: error.row, line: error.line, column: error.column,
                           columnName: error.column.flatMap { name($0, row: cursor.row) }, message: error.message)
        }
    }

    /// How to get a file this reader takes, in the words of the spreadsheets' own menus.
    static let saveAsUTF8 = "save the list again as \"CSV UTF-8\" (Excel: Save As, CSV UTF-8 (Comma delimited); "
        + "LibreOffice: Save As, Text CSV, character set Unicode (UTF-8))."

    // MARK: Separator

    /// Before the header record: the separator from its line (read ahead, then read again as a record). One
    /// candidate outside quotes is taken; several, the one whose fields are most often known columns, the comma
    /// first on a tie; none, the comma (a one-column list).
    private func chooseSeparator(_ cursor: inout CSVCursor) throws(CSVError) {
        guard let knownColumns else {
            dialect = CSVDialect(separator: .comma, encoding: source.encoding)
            return
        }
        let line = try cursor.headerLine()
        let present = CSVSeparator.allCases.filter { candidate in Self.split(line, on: candidate.rawValue).count > 1 }
        let known = Set(knownColumns)
        var (chosen, best) = (CSVSeparator.comma, -1)
        for candidate in present {
            let count = Self.split(line, on: candidate.rawValue).filter(known.contains).count
            if count > best { (chosen, best) = (candidate, count) }
        }
        cursor.separator = chosen.rawValue
        dialect = CSVDialect(separator: chosen, encoding: source.encoding, alsoInHeader: present.filter { $0 != chosen })
    }

    /// `line`'s fields split on `separator` outside quotes, trimmed of spaces and quotes.
    private static func split(_ line: [UInt8], on separator: UInt8) -> [String] {
        var fields: [[UInt8]] = [[]]
        var quoted = false
        for byte in line {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == separator, !quoted { fields.append([]) } else { fields[fields.count - 1].append(byte) }
        }
        return fields.map { String(decoding: $0, as: UTF8.self).trimmed(of: [" ", "\t", "\""]) }
    }

    private func name(_ column: Int, row: Int) -> String? {
        guard let header, row > 1, column <= header.count else { return nil }
        return header[column - 1]
    }
}
