import Foundation

/// The enrolment record's hash chain: each line is one JSON object, a ``RecordEntry`` plus `seq` (its place,
/// from 1) and `prev`, the SHA-256 (hex) of the previous line's bytes without its line feed; the first line's
/// `prev` is ``genesis``. A line changed, removed or moved breaks the chain at a line that ``verify(_:)``
/// names. What a chain cannot show is its own end cut off: keep the head hash that verify prints.
public enum RecordChain {
    /// The first line's `prev`: 64 zeros.
    public static let genesis = String(repeating: "0", count: 64)

    /// One line of the record, without its line feed, keys sorted.
    public static func line(_ entry: RecordEntry, seq: Int, prev: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings, an enum and an integer cannot fail.
        let data = (try? encoder.encode(Line(entry: entry, seq: seq, prev: prev))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The SHA-256 (hex) of `line`'s UTF-8 bytes: the next line's `prev`.
    public static func hash(_ line: some StringProtocol) -> String { SHA256Hex.of(line.utf8) }

    /// Checks a whole record file's bytes.
    /// - Returns: ``RecordVerdict/intact(lines:head:)``, or ``RecordVerdict/broken(line:reason:)`` naming the
    ///   first line (from 1) that was changed, removed, moved or left incomplete.
    /// - Throws: ``RecordFileError`` when the bytes are not a record at all (empty, or no line is a record line).
    public static func verify(_ bytes: [UInt8]) throws(RecordFileError) -> RecordVerdict {
        guard !bytes.isEmpty else { throw .notARecord("the file is empty.") }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        let complete = lines.last?.isEmpty == true
        if complete { lines.removeLast() }
        let parsed = lines.map { try? JSONDecoder().decode(Link.self, from: Data($0)) }
        guard parsed.contains(where: { $0 != nil }) else {
            throw .notARecord("no line is an enrolment record line (JSON with seq and prev).")
        }
        var prev = genesis
        for (index, link) in parsed.enumerated() {
            let number = index + 1
            guard let link else { return .broken(line: number, reason: "line \(number) is not a record line: it was changed.") }
            if link.seq != number {
                let movedHere = parsed[(index + 1)...].contains { $0?.seq == number }
                if movedHere || link.seq < number {
                    return .broken(line: number, reason: "line \(number) holds record \(link.seq): lines were reordered.")
                }
                return .broken(line: number, reason: "record \(number) is missing before line \(number): it was removed"
                               + (link.seq - number > 1 ? " (records \(number) to \(link.seq - 1))." : "."))
            }
            if link.prev != prev {
                return number == 1
                    ? .broken(line: 1, reason: "line 1 does not start the chain: it was changed.")
                    : .broken(line: number - 1, reason: "line \(number - 1) was changed: line \(number) carries another hash of it.")
            }
            prev = SHA256Hex.of(lines[index])
        }
        guard complete else {
            return .broken(line: lines.count, reason: "line \(lines.count) has no line end: it was cut off or changed.")
        }
        return .intact(lines: lines.count, head: prev)
    }

    /// The encoded line: the entry's fields beside `seq` and `prev`.
    private struct Line: Encodable {
        let entry: RecordEntry
        let seq: Int
        let prev: String

        enum Keys: String, CodingKey { case seq, prev }

        func encode(to encoder: any Encoder) throws {
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(seq, forKey: .seq)
            try container.encode(prev, forKey: .prev)
        }
    }

    /// What verify reads of a line.
    private struct Link: Decodable {
        let seq: Int
        let prev: String
    }
}
