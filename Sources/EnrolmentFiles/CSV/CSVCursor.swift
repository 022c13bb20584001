/// ``CSVReader``'s place in its file: the chunk in hand, the position in it, the row and line counts and the field
/// being gathered. A value the reader moves into a local variable for each record and back: a class's stored
/// properties were exclusivity-checked at each byte's access (8 % of the list check), a local struct's are not.
///
/// Its errors name the row, line and column; the reader adds the column's name from the header.
struct CSVCursor {
    let source: CSVByteSource
    private var chunk: [UInt8] = []
    private var position = 0
    private var exhausted = false
    /// The record being read (or the last one read), from 1.
    private(set) var row = 0
    /// The line where the next byte is, from 1.
    private(set) var line = 1
    private var field: [UInt8] = []
    var separator = CSVSeparator.comma.rawValue

    init(source: CSVByteSource) {
        self.source = source
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    // MARK: Records

    /// Skips comment records and empty lines (each counted as a row) up to a record's first byte; returns the
    /// line that record starts on, or nil at the end of the file.
    mutating func skipToRecord() throws(CSVError) -> Int? {
        while let first = try peek() {
            row += 1
            if first == UInt8(ascii: "#") {
                var end = try take()
                while let byte = end, byte != Self.lineFeed, byte != Self.carriageReturn { end = try take() }
                if end != nil { try endLine(afterCarriageReturn: end == Self.carriageReturn) }
                continue
            }
            if first == Self.lineFeed || first == Self.carriageReturn {
                _ = try take()
                try endLine(afterCarriageReturn: first == Self.carriageReturn)
                continue
            }
            return line
        }
        return nil
    }

    /// The fields of the record starting here (after ``skipToRecord()``); its line break is taken.
    mutating func record(expectedFields: Int) throws(CSVError) -> [String] {
        var fields: [String] = []
        fields.reserveCapacity(expectedFields)
        while true {
            fields.append(try readField(column: fields.count + 1))
            guard let byte = try take() else { break }
            if byte == separator {
                guard fields.count < CSVReader.maxFields else {
                    throw error("more than \(CSVReader.maxFields) fields in one record.", column: fields.count + 1)
                }
                continue
            }
            try endLine(afterCarriageReturn: byte == Self.carriageReturn)
            break
        }
        return fields
    }

    // MARK: Bytes

    private mutating func peek() throws(CSVError) -> UInt8? {
        if position == chunk.count {
            guard !exhausted else { return nil }
            position = 0
            guard try source.read(into: &chunk) else {
                // The source leaves the buffer as it was at the end.
                chunk.removeAll(keepingCapacity: true)
                exhausted = true
                return nil
            }
        }
        return chunk[position]
    }

    private mutating func take() throws(CSVError) -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    /// After a CR or LF that ends a line: counts the line, and takes the LF of a CRLF.
    private mutating func endLine(afterCarriageReturn: Bool) throws(CSVError) {
        line += 1
        if afterCarriageReturn, try peek() == Self.lineFeed { position += 1 }
    }

    // MARK: Fields

    private mutating func readField(column: Int) throws(CSVError) -> String {
        field.removeAll(keepingCapacity: true)
        if try peek() == Self.quote {
            position += 1
            let openedOn = line
            while true {
                guard try peek() != nil else {
                    throw CSVError(row: row, line: openedOn, column: column,
                                   message: "a quoted field is not closed before the end of the file; close it with \".")
                }
                // The chunk's run of bytes up to a quote or a line feed at once, as for an unquoted field.
                let start = position
                let stop = chunk.withUnsafeBufferPointer { bytes in
                    var index = start
                    while index < bytes.count, bytes[index] != Self.quote, bytes[index] != Self.lineFeed { index += 1 }
                    return index
                }
                field.append(contentsOf: chunk[start..<stop])
                position = stop
                try checkLength(field.count, column)
                guard stop < chunk.count else { continue } // the field goes on in the next chunk
                let byte = chunk[stop]
                position += 1
                if byte == Self.quote {
                    guard try peek() == Self.quote else { break }
                    position += 1
                } else {
                    line += 1
                }
                field.append(byte)
                try checkLength(field.count, column)
            }
            if let next = try peek(), next != separator, next != Self.lineFeed, next != Self.carriageReturn {
                throw error("text after a closing quote; put the whole field in quotes and double any quote inside it (\"\").", column: column)
            }
        } else {
            // A chunk's run of plain bytes at once.
            let stops = (separator, Self.lineFeed, Self.carriageReturn, Self.quote)
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
            if try peek() == Self.quote {
                throw error("a quote inside an unquoted field; put the whole field in quotes and double the quote (\"\").", column: column)
            }
        }
        return try text(field.withUnsafeBufferPointer(Self.decode), column: column)
    }

    /// What a field's bytes are not, for ``text(_:column:)`` to say.
    private enum Fault: Error {
        case tooLong, nulByte, notText
    }

    /// A field's `bytes` as text.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<String, Fault> {
        guard bytes.count <= CSVReader.maxFieldBytes else { return .failure(.tooLong) }
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
            throw error("a NUL byte: the file looks like UTF-16 text without a byte order mark; " + CSVReader.saveAsUTF8, column: column)
        case .failure(.notText):
            throw error(source.encoding == .utf8
                ? "not UTF-8 text (plain \"CSV\" from a spreadsheet is often in a Windows code page such as Windows-1252); " + CSVReader.saveAsUTF8
                : "not \(source.encoding.name) text (half of a surrogate pair); " + CSVReader.saveAsUTF8, column: column)
        }
    }

    // MARK: Header line

    /// The bytes up to the first line break outside quotes (at most ``CSVReader/maxFieldBytes``), left in place to be read.
    mutating func headerLine() throws(CSVError) -> [UInt8] {
        var line: [UInt8] = []
        var index = position
        var quoted = false
        while line.count < CSVReader.maxFieldBytes {
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
            if byte == Self.quote {
                quoted.toggle()
            } else if !quoted, byte == Self.lineFeed || byte == Self.carriageReturn {
                break
            }
            line.append(byte)
        }
        return line
    }

    // MARK: Errors

    private func checkLength(_ bytes: Int, _ column: Int) throws(CSVError) {
        guard bytes <= CSVReader.maxFieldBytes else { throw tooLong(column) }
    }

    private func tooLong(_ column: Int) -> CSVError {
        error("a field longer than \(CSVReader.maxFieldBytes) bytes (is a quote not closed?).", column: column)
    }

    private func error(_ message: String, column: Int) -> CSVError {
        CSVError(row: row, line: line, column: column, message: message)
    }
}
