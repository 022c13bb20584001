import EnrolmentFiles
import Foundation
import Testing

/// The enrolment record's chain: verify passes on a record as written and names the first line that was
/// changed, removed or moved; the file is private and only ever appended to.
@Suite struct RecordChainTests {
    func entry(_ number: Int, outcome: RecordOutcome = .enrolled) -> RecordEntry {
        RecordEntry(time: "2026-12-02T07:3\(number):00Z", staff: "desk-1", terminal: "/dev/pts/3", tenant: "http://127.0.0.1:8080/t",
                    email: "person\(number)@example.com", objectId: "oid-\(number)", outcome: outcome,
                    code: outcome == .failed ? "AADSTS50034" : nil, correlationId: outcome == .failed ? "corr-\(number)" : nil)
    }

    /// A record of `count` lines written through ``RecordFile``, in a fresh folder.
    func writtenRecord(_ count: Int) async throws -> (path: String, lines: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("enrolment.jsonl").path
        let file = try RecordFile(path: path)
        for number in 1...count { try await file.append(entry(number, outcome: number == 2 ? .failed : .enrolled)) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return (path, text.split(separator: "\n").map(String.init))
    }

    func verdict(_ lines: [String]) throws -> RecordVerdict {
        try RecordChain.verify(Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    @Test func aRecordAsWrittenVerifiesAndLinksEachLineToTheOneBefore() async throws {
        let (path, lines) = try await writtenRecord(4)
        #expect(try verdict(lines) == .intact(lines: 4, head: RecordChain.hash(lines[3])))
        #expect(lines[0].contains("\"prev\":\"\(RecordChain.genesis)\""))
        #expect(lines[1].contains("\"prev\":\"\(RecordChain.hash(lines[0]))\""))
        #expect(lines[1].contains("\"code\":\"AADSTS50034\"") && lines[1].contains("\"correlationId\":\"corr-2\""))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func reopeningContinuesTheChain() async throws {
        let (path, _) = try await writtenRecord(2)
        try await RecordFile(path: path).append(entry(3))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try RecordChain.verify(Array(text.utf8)) == .intact(lines: 3, head: RecordChain.hash(text.split(separator: "\n")[2])))
    }

    @Test func anEditedLineIsNamed() async throws {
        var (_, lines) = try await writtenRecord(4)
        lines[1] = lines[1].replacing("person2@example.com", with: "someone@example.com")
        #expect(try verdict(lines) == .broken(line: 2, reason: "line 2 was changed: line 3 carries another hash of it."))
    }

    @Test func aRemovedLineIsNamed() async throws {
        var (_, lines) = try await writtenRecord(4)
        lines.remove(at: 2)
        #expect(try verdict(lines) == .broken(line: 3, reason: "record 3 is missing before line 3: it was removed."))
    }

    @Test func swappedLinesAreNamed() async throws {
        var (_, lines) = try await writtenRecord(4)
        lines.swapAt(1, 2)
        #expect(try verdict(lines) == .broken(line: 2, reason: "line 2 holds record 3: lines were reordered."))
    }

    @Test func anEditedFirstLineIsNamed() async throws {
        var (_, lines) = try await writtenRecord(3)
        lines[0] = lines[0].replacing("\"enrolled\"", with: "\"absent\"")
        #expect(try verdict(lines) == .broken(line: 1, reason: "line 1 was changed: line 2 carries another hash of it."))
        // The first line removed: the record now starts at record 2.
        #expect(try verdict(Array(lines.dropFirst())) == .broken(line: 1, reason: "record 1 is missing before line 1: it was removed."))
    }

    @Test func aCutLastLineIsNamed() async throws {
        let (_, lines) = try await writtenRecord(2)
        let bytes = Array((lines[0] + "\n" + lines[1].prefix(20)).utf8)
        #expect(try RecordChain.verify(bytes) == .broken(line: 2, reason: "line 2 is not a record line: it was changed."))
    }

    @Test func somethingElseIsNotARecord() {
        #expect(throws: RecordFileError.notARecord("the file is empty.")) { try RecordChain.verify([]) }
        #expect(throws: RecordFileError.self) { try RecordChain.verify(Array("email,name\n".utf8)) }
    }

    @Test func appendingToABrokenRecordIsRefused() async throws {
        let (path, lines) = try await writtenRecord(3)
        try (lines[0] + "\n" + lines[2] + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: RecordFileError.self) { try RecordFile(path: path) }
    }
}
