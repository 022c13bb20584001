import EnrolmentFiles
import Foundation
import Testing

/// Lists as spreadsheets save them: the encoding from the byte order mark, the separator from the header line,
/// everything else refused where it stands. Field case 037: the same two people saved five ways.
@Suite struct CSVDialectTests {
    static let columns = ["email", "displayName"]
    static let people = [["email", "displayName"], ["ann@contoso.com", "Ann Lee"], ["jörg@contoso.com", "Jörg Müller"]]

    static func text(_ separator: String, lineEnd: String = "\n") -> String {
        people.map { $0.joined(separator: separator) }.joined(separator: lineEnd) + lineEnd
    }

    static func utf16LittleEndian(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// Every record and the dialect, read `chunkSize` bytes at a time with the separator taken from the header.
    static func read(_ bytes: [UInt8], chunkSize: Int = 64 * 1024,
                     columns: [String]? = CSVDialectTests.columns) throws(CSVError) -> (records: [[String]], dialect: CSVDialect?) {
        let reader = CSVReader(bytes: bytes, chunkSize: chunkSize, separatorFromHeader: columns)
        var all: [[String]] = []
        while let record = try reader.next() { all.append(record.fields) }
        return (all, reader.dialect)
    }

    static let unicodeFiles: [(name: String, bytes: [UInt8], notice: String?)] = [
        ("comma UTF-8", Array(text(",").utf8), nil),
        ("comma UTF-8 with a byte order mark", [0xEF, 0xBB, 0xBF] + Array(text(",").utf8), nil),
        ("; UTF-8 with CRLF", Array(text(";", lineEnd: "\r\n").utf8), "read as ;-separated"),
        ("TAB UTF-16LE with a byte order mark", utf16LittleEndian(text("\t", lineEnd: "\r\n")), "read as TAB-separated UTF-16LE text"),
    ]

    @Test("the four Unicode files are the same two people, whatever the chunk size", arguments: [1, 2, 3, 7, 64 * 1024])
    func fourUnicodeFiles(chunkSize: Int) throws {
        for file in Self.unicodeFiles {
            let read = try Self.read(file.bytes, chunkSize: chunkSize)
            #expect(read.records == Self.people, "\(file.name)")
            #expect(read.dialect?.notice == file.notice, "\(file.name)")
        }
    }

    @Test func windows1252IsRefusedAtItsRowAndColumnNeverReadAsOtherLetters() throws {
        // "jörg" and "Müller" in Windows-1252: ö is 0xF6, ü is 0xFC.
        let bytes = Array("email;displayName\r\nann@contoso.com;Ann Lee\r\nj".utf8) + [0xF6] + Array("rg@contoso.com;J".utf8) + [0xF6]
            + Array("rg M".utf8) + [0xFC] + Array("ller\r\n".utf8)
        let error = try #require(#expect(throws: CSVError.self) { try Self.read(bytes) })
        #expect(error.row == 3)
        #expect(error.column == 1)
        #expect(error.columnName == "email")
        #expect(error.message.contains("Windows-1252"))
        #expect(error.message.contains("\"CSV UTF-8\""))
    }

    @Test func theOtherSeparatorInsideAValueStaysInTheValue() throws {
        let semicolons = Array("email;displayName\n\"ann@contoso.com\";\"Lee; Ann\"\njörg@contoso.com;Müller, Jörg\n".utf8)
        #expect(try Self.read(semicolons).records.dropFirst() == [["ann@contoso.com", "Lee; Ann"], ["jörg@contoso.com", "Müller, Jörg"]])
        let commas = Array("email,displayName\nann@contoso.com,\"Lee, Ann\"\njörg@contoso.com,Müller; Jörg\n".utf8)
        #expect(try Self.read(commas).records.dropFirst() == [["ann@contoso.com", "Lee, Ann"], ["jörg@contoso.com", "Müller; Jörg"]])
    }

    @Test func anAmbiguousHeaderTakesTheSeparatorThatGivesKnownColumnsAndSaysSo() throws {
        // Both ; and , outside quotes: only ; splits the line into known names.
        let read = try Self.read(Array("email;displayName,x\nann@contoso.com;Lee, Ann\n".utf8))
        #expect(read.records == [["email", "displayName,x"], ["ann@contoso.com", "Lee, Ann"]])
        #expect(read.dialect?.separator == .semicolon)
        #expect(read.dialect?.notice == "read as ;-separated (the header line holds , too; ; gives the known column names)")
        // A ; inside a quoted name is no separator.
        let quoted = try Self.read(Array("email,\"display;Name\"\nann@contoso.com,Ann\n".utf8))
        #expect(quoted.dialect?.separator == .comma)
        #expect(quoted.dialect?.notice == nil)
    }

    @Test func commentLinesBeforeTheHeaderAreSkippedBeforeTheSeparatorIsChosen() throws {
        let read = try Self.read(Array("# saved from a spreadsheet, with commas\nemail;displayName\nann@contoso.com;Ann Lee\n".utf8), chunkSize: 4)
        #expect(read.records == [["email", "displayName"], ["ann@contoso.com", "Ann Lee"]])
    }

    @Test func withoutTheColumnsTheSeparatorIsTheComma() throws {
        #expect(try Self.read(Array(Self.text(";").utf8), columns: nil).records.first == ["email;displayName"])
    }

    @Test func utf16PairsAcrossChunksAndHalfPairsRefused() throws {
        let text = "email\tdisplayName\r\nann@contoso.com\tAnn 🙂 Lee\r\n"
        for chunkSize in [1, 3, 5] {
            #expect(try Self.read(Self.utf16LittleEndian(text), chunkSize: chunkSize).records.last == ["ann@contoso.com", "Ann 🙂 Lee"])
        }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try Self.read(bigEndian).dialect?.encoding == .utf16BigEndian)
        // A high surrogate with no low one after it.
        let half = Self.utf16LittleEndian("email\tdisplayName\r\nann@contoso.com\tAnn ") + [0x3D, 0xD8] + Self.utf16LittleEndian("x\r\n").dropFirst(2)
        let error = try #require(#expect(throws: CSVError.self) { try Self.read(half) })
        #expect(error.description.hasPrefix("row 2, column 2 (displayName): not UTF-16LE text"))
    }
}
