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
    private var chunk: [UInt8] = []
    private var position = 0
    private var exhausted = false
    private var row = 0
    private var line = 1
    private var field: [UInt8] = []
    private var separator = CSVSeparator.comma.rawValue
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
        self.knownColumns = knownColumns
    }

    /// Reads `bytes`, `chunkSize` at a time (a small size exercises records split across chunks).
    public init(bytes: [UInt8], chunkSize: Int = 64 * 1024, separatorFromHeader knownColumns: [String]? = nil) {
        source = CSVByteSource(bytes: bytes, chunkSize: max(1, chunkSize))
        self.knownColumns = knownColumns
    }

    /// The next record; nil at the end of the file. The first one is taken as the header.
    /// - Throws: ``CSVError`` where the file breaks the dialect; reading should stop there.
    public func next() throws(CSVError) -> CSVRecord? {
        while let first = try peek() {
            row += 1
            let startLine = line
            if first == UInt8(ascii: "#") {
                var end = try take()
                while let byte = end, byte != lineFeed, byte != carriageReturn { end = try take() }
                if end != nil { try endLine(afterCarriageReturn: end == carriageReturn) }
                continue
            }
            if first == lineFeed || first == carriageReturn {
                _ = try take()
                try endLine(afterCarriageReturn: first == carriageReturn)
                continue
            }
            if dialect == nil { try chooseSeparator() }
            var fields: [String] = []
            fields.reserveCapacity(header?.count ?? 1)
            while true {
                fields.append(try readField(column: fields.count + 1, recordLine: startLine))
                guard let separator = try take() else { break }
                if separator == self.separator {
                    guard fields.count < Self.maxFields else {
                        throw error("more than \(Self.maxFields) fields in one record.", column: fields.count + 1)
                    }
                    continue
                }
                try endLine(afterCarriageReturn: separator == carriageReturn)
                break
            }
            if header == nil { header = fields }
            return CSVRecord(row: row, line: startLine, fields: fields)
        }
        return nil
    }

    // MARK: Bytes

    private let quote = UInt8(ascii: "\"")
    private let lineFeed: UInt8 = 0x0A
    private let carriageReturn: UInt8 = 0x0D

    private func peek() throws(CSVError) -> UInt8? {
        if position == chunk.count {
            guard !exhausted else { return nil }
            position = 0
            // Read into a buffer of its own: an access to `chunk` across the call made every access to it a checked one.
            var next: [UInt8] = []
            swap(&next, &chunk)
            guard try source.read(into: &next) else {
                exhausted = true
                return nil
            }
            chunk = next
        }
        return chunk[position]
    }

    private func take() throws(CSVError) -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    /// After a CR or LF that ends a line: counts the line, and takes the LF of a CRLF.
    private func endLine(afterCarriageReturn: Bool) throws(CSVError) {
        line += 1
        if afterCarriageReturn, try peek() == lineFeed { position += 1 }
    }

    // MARK: Fields

    private func readField(column: Int, recordLine: Int) throws(CSVError) -> String {
        field.removeAll(keepingCapacity: true)
        if try peek() == quote {
            position += 1
            let openedOn = line
            let stops = (quote, lineFeed)
            while true {
                guard try peek() != nil else {
                    throw CSVError(row: row, line: openedOn, column: column, columnName: name(column),
                                   message: "a quoted field is not closed before the end of the file; close it with \".")
                }
                // The chunk's run of bytes up to a quote or a line feed at once, as for an unquoted field.
                let start = position
                let stop = chunk.withUnsafeBufferPointer { bytes in
                    var index = start
                    while index < bytes.count, bytes[index] != stops.0, bytes[index] != stops.1 { index += 1 }
                    return index
                }
                field.append(contentsOf: chunk[start..<stop])
                position = stop
                try checkLength(field.count, column)
                guard stop < chunk.count else { continue } // the field goes on in the next chunk
                let byte = chunk[stop]
                position += 1
                if byte == quote {
                    guard try peek() == quote else { break }
                    position += 1
                } else {
                    line += 1
                }
                field.append(byte)
                try checkLength(field.count, column)
            }
            if let next = try peek(), next != separator, next != lineFeed, next != carriageReturn {
                throw error("text after a closing quote; put the whole field in quotes and double any quote inside it (\"\").", column: column)
            }
        } else {
            // A chunk's run of plain bytes at once: a call per byte on the reader's stored properties paid an
            // exclusivity check each.
            let stops = (separator, lineFeed, carriageReturn, quote)
            while try peek() != nil {
                let (start, fieldStarts) = (position, field.isEmpty)
                let (stop, whole) = chunk.withUnsafeBufferPointer { bytes in
                    var index = start
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte == stops.0 || byte == stops.1 || byte == stops.2 || byte == stops.3 { break }
                        index += 1
                    }
                    // The whole field in this chunk (nearly every one): its text is made from the chunk, with no copy first.
                    let whole = fieldStarts && index < bytes.count && bytes[index] != stops.3
                    return (index, whole ? Self.decode(UnsafeBufferPointer(rebasing: bytes[start..<index])) : nil)
                }
                position = stop
                if let whole { return try text(whole, column: column) }
                field.append(contentsOf: chunk[start..<stop])
                try checkLength(field.count, column)
                guard stop == chunk.count else { break }
            }
            if try peek() == quote {
                throw error("a quote inside an unquoted field; put the whole field in quotes and double the quote (\"\").", column: column)
            }
        }
        return try text(field.withUnsafeBufferPointer(Self.decode), column: column)
    }

    /// What a field's bytes are not, for ``text(_:column:)`` to say.
    private enum Fault: Error {
        case tooLong, nulByte, notText
    }

    /// A field's `bytes` as text. Static, reading none of the reader's properties: called within an access to
    /// `chunk` or `field`, a method that could touch them made every access to them a checked one.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<String, Fault> {
        guard bytes.count <= maxFieldBytes else { return .failure(.tooLong) }
        guard !bytes.contains(0) else { return .failure(.nulByte) }
        // `String(decoding:)` repairs what is not UTF-8, so a text that differs from its bytes was not UTF-8 (ASCII needs no
        // comparing). `String(validating:as:)` is generic and looked its types up for every field.
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.allSatisfy({ $0 < 0x80 }) || text.utf8.elementsEqual(bytes) ? .success(text) : .failure(.notText)
    }

    /// The field's text, or the refusal that names its row and column.
    private func text(_ decoded: Result<String, Fault>, column: Int) throws(CSVError) -> String {
        switch decoded {
        case .success(let text):
            return text
        case .failure(.tooLong):
            throw tooLong(column)
        case .failure(.nulByte):
            throw error("a NUL byte: the file looks like UTF-16 text without a byte order mark; " + Self.saveAsUTF8, column: column)
        case .failure(.notText):
            throw error(source.encoding == .utf8
                ? "not UTF-8 text (plain \"CSV\" from a spreadsheet is often in a Windows code page such as Windows-1252); " + Self.saveAsUTF8
                : "not \(source.encoding.name) text (half of a surrogate pair); " + Self.saveAsUTF8, column: column)
        }
    }

    /// How to get a file this reader takes, in the words of the spreadsheets' own menus.
    static let saveAsUTF8 = "save the list again as \"CSV UTF-8\" (Excel: Save As, CSV UTF-8 (Comma delimited); "
        + "LibreOffice: Save As, Text CSV, character set Unicode (UTF-8))."

    // MARK: Separator

    /// Before the header record: the separator from its line (read ahead, then read again as a record). One
    /// candidate outside quotes is taken; several, the one whose fields are most often known columns, the comma
    /// first on a tie; none, the comma (a one-column list).
    private func chooseSeparator() throws(CSVError) {
        guard let knownColumns else {
            dialect = CSVDialect(separator: .comma, encoding: source.encoding)
            return
        }
        let line = try headerLine()
        let present = CSVSeparator.allCases.filter { candidate in Self.split(line, on: candidate.rawValue).count > 1 }
        let known = Set(knownColumns)
        var (chosen, best) = (CSVSeparator.comma, -1)
        for candidate in present {
            let count = Self.split(line, on: candidate.rawValue).filter(known.contains).count
            if count > best { (chosen, best) = (candidate, count) }
        }
        separator = chosen.rawValue
        dialect = CSVDialect(separator: chosen, encoding: source.encoding, alsoInHeader: present.filter { $0 != chosen })
    }

    /// The bytes up to the first line break outside quotes (at most ``maxFieldBytes``), left in place to be read.
    private func headerLine() throws(CSVError) -> [UInt8] {
        var line: [UInt8] = []
        var index = position
        var quoted = false
        while line.count < Self.maxFieldBytes {
            if index == chunk.count {
                // Keep what is looked at, and add the next chunk after it.
                chunk.removeSubrange(..<position)
                (index, position) = (index - position, 0)
                var more: [UInt8] = []
                guard !exhausted, try source.read(into: &more) else {
                    exhausted = true
                    break
                }
                chunk += more
            }
            let byte = chunk[index]
            index += 1
            if byte == quote {
                quoted.toggle()
            } else if !quoted, byte == lineFeed || byte == carriageReturn {
                break
            }
            line.append(byte)
        }
        return line
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

    private func checkLength(_ bytes: Int, _ column: Int) throws(CSVError) {
        guard bytes <= Self.maxFieldBytes else { throw tooLong(column) }
    }

    private func tooLong(_ column: Int) -> CSVError {
        error("a field longer than \(Self.maxFieldBytes) bytes (is a quote not closed?).", column: column)
    }

    private func name(_ column: Int) -> String? {
        guard let header, row > 1, column <= header.count else { return nil }
        return header[column - 1]
    }

    private func error(_ message: String, column: Int) -> CSVError {
        CSVError(row: row, line: line, column: column, columnName: name(column), message: message)
    }
}
