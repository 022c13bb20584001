import EnrolmentFiles
import Foundation
import Testing

/// The CSV reader: RFC 4180 records in bounded memory, and a clear row and column for every file it refuses.
@Suite struct CSVReaderTests {
    /// Every record of `text`, read `chunkSize` bytes at a time.
    func records(_ text: String, chunkSize: Int = 64 * 1024) throws -> [[String]] {
        try records(Array(text.utf8), chunkSize: chunkSize).map(\.fields)
    }

    func records(_ bytes: [UInt8], chunkSize: Int = 64 * 1024) throws -> [CSVRecord] {
        let reader = CSVReader(bytes: bytes, chunkSize: chunkSize)
        var all: [CSVRecord] = []
        while let record = try reader.next() { all.append(record) }
        return all
    }

    func failure(_ text: String) -> CSVError? {
        failure(Array(text.utf8))
    }

    func failure(_ bytes: [UInt8]) -> CSVError? {
        do {
            _ = try records(bytes)
            return nil
        } catch let error as CSVError {
            return error
        } catch {
            return nil
        }
    }

    @Test func quotedFieldsKeepCommasQuotesAndLineBreaks() throws {
        let text = "email,displayName,motto\r\n"
            + "a@example.com,\"Jones, Pat\",\"She said \"\"hi\"\"\"\r\n"
            + "b@example.com,Sam,\"two\r\nlines\"\r\n"
        // Chunks of 1, 2 and 3 bytes split quotes, CRLFs and doubled quotes across reads.
        for size in [1, 2, 3, 7, 64 * 1024] {
            #expect(try records(text, chunkSize: size) == [
                ["email", "displayName", "motto"],
                ["a@example.com", "Jones, Pat", "She said \"hi\""],
                ["b@example.com", "Sam", "two\r\nlines"],
            ])
        }
    }

    @Test func rowsCountRecordsAndLinesCountLineBreaks() throws {
        let read = try records(Array("h1,h2\n\"a\nb\",c\nd,e".utf8))
        #expect(read.map(\.row) == [1, 2, 3])
        #expect(read.map(\.line) == [1, 2, 4])
        #expect(read.last?.fields == ["d", "e"])
    }

    @Test func lineFeedOnlyAndTrailingEmptyFieldsAndMissingLastLineBreak() throws {
        #expect(try records("a,b,\nc,,\n,,") == [["a", "b", ""], ["c", "", ""], ["", "", ""]])
    }

    @Test func byteOrderMarkIsSkippedEvenWhenSplitAcrossChunks() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("email\nx@example.com\n".utf8)
        for size in [1, 2, 64] {
            #expect(try records(bytes, chunkSize: size).map(\.fields) == [["email"], ["x@example.com"]])
        }
    }

    @Test func commentsAndEmptyLinesAreSkippedButCountAsRows() throws {
        let read = try records(Array("email,name\n# example: \"x, y\",z\n\nb@example.com,B\n".utf8))
        #expect(read.map(\.fields) == [["email", "name"], ["b@example.com", "B"]])
        #expect(read.map(\.row) == [1, 4])
    }

    @Test func utf16WithoutAMarkIsRefusedWithAHint() throws {
        // Without a mark, UTF-16 shows as NUL bytes.
        let unmarked = Array("email".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(failure(unmarked)?.message.contains("UTF-16") == true)
    }

    @Test func latin1IsRefusedNamingRowAndColumn() throws {
        // "Zoë" in ISO-8859-1: 0xEB alone is not UTF-8.
        let bytes = Array("email,name\na@example.com,Zo".utf8) + [0xEB] + Array("\n".utf8)
        let error = try #require(failure(bytes))
        #expect(error.description.hasPrefix("row 2, column 2 (name): not UTF-8 text"))
        #expect(error.description.hasSuffix("save the list again as \"CSV UTF-8\" (Excel: Save As, CSV UTF-8 (Comma delimited); "
                                            + "LibreOffice: Save As, Text CSV, character set Unicode (UTF-8))."))
    }

    @Test("bytes that are not UTF-8 are refused whatever their repair would take, whole in a chunk or split across chunks",
          arguments: [[0xF0, 0x9F, 0x98], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func brokenUTF8IsRefused(broken: [UInt8]) throws {
        // A cut-off emoji (F0 9F 98) is repaired as one U+FFFD, three bytes: as long as what it replaces.
        for quoted in [false, true] {
            let field = Array((quoted ? "\"Zo" : "Zo").utf8) + broken + Array((quoted ? "\"" : "").utf8)
            let bytes = Array("email,name\na@example.com,".utf8) + field + Array(",\n".utf8)
            for size in [1, 3, 64 * 1024] {
                let reader = CSVReader(bytes: bytes, chunkSize: size)
                let error = try #require(throws: CSVError.self) { while try reader.next() != nil {} }
                #expect(error.message.hasPrefix("not UTF-8 text"), "\(broken), quoted \(quoted), chunks of \(size)")
            }
        }
    }

    @Test func utf8IsKeptAsWrittenWholeInAChunkOrSplit() throws {
        // U+FFFD written in the file is text, not a repair.
        let text = "email,name\na@example.com,Zoë \u{FFFD} 😀 São\n"
        for size in [1, 2, 3, 64 * 1024] {
            #expect(try records(text, chunkSize: size) == [["email", "name"], ["a@example.com", "Zoë \u{FFFD} 😀 São"]])
        }
    }

    @Test func aFieldOverTheLimitIsRefusedInAChunkLargerThanIt() throws {
        let long = String(repeating: "x", count: CSVReader.maxFieldBytes + 1)
        let reader = CSVReader(bytes: Array("email,name\na@example.com,\(long)\n".utf8), chunkSize: 4 * CSVReader.maxFieldBytes)
        _ = try reader.next()
        let error = try #require(throws: CSVError.self) { try reader.next() }
        #expect(error.message.contains("longer than \(CSVReader.maxFieldBytes) bytes"))
    }

    @Test func quoteInsideAnUnquotedFieldIsRefused() throws {
        let error = try #require(failure("email,name\na@example.com,Pat \"PJ\" Jones\n"))
        #expect(error.row == 2)
        #expect(error.column == 2)
        #expect(error.columnName == "name")
        #expect(error.message.hasPrefix("a quote inside an unquoted field"))
    }

    @Test func textAfterAClosingQuoteIsRefused() throws {
        let error = try #require(failure("email,name\n\"a@example.com\"x,Pat\n"))
        #expect(error.description.hasPrefix("row 2, column 1 (email): text after a closing quote"))
    }

    @Test func unclosedQuoteNamesTheRowAndLineWhereItOpened() throws {
        let error = try #require(failure("email,name\na@example.com,Pat\nb@example.com,\"Sam\nc@example.com,Kim\n"))
        #expect(error.description == "row 3, column 2 (name): a quoted field is not closed before the end of the file; close it with \".")
    }

    @Test func anUnclosedQuoteEarlyInABigFileStopsAtTheFieldLimit() throws {
        let body = String(repeating: "x@example.com,Pat\n", count: 10_000)
        let error = try #require(failure("email,name\n\"" + body))
        #expect(error.row == 2)
        #expect(error.message.contains("longer than \(CSVReader.maxFieldBytes) bytes"))
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: CSVError.self) { try CSVReader(path: "/nonexistent/people.csv") }
    }

    @Test func readsAFileFromDiskInChunks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("people.csv").path
        try Data("email,name\r\n\"a@example.com\",\"A, B\"\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let reader = try CSVReader(path: path, chunkSize: 5)
        #expect(try reader.next()?.fields == ["email", "name"])
        #expect(try reader.next()?.fields == ["a@example.com", "A, B"])
        #expect(try reader.next() == nil)
    }

    @Test func writtenFieldsReadBackUnchanged() throws {
        let fields = ["plain", "with, comma", "with \"quote\"", "two\r\nlines", "#not a comment", ""]
        let text = CSVField.record(["a", "b", "c", "d", "e", "f"]) + CSVField.record(fields)
        #expect(try records(text) == [["a", "b", "c", "d", "e", "f"], fields])
    }
}
