import EnrolmentFiles
import Foundation
import SharedQueue
import TerminalUI

/// `tophhie record verify FILE` (or a shared queue's `postgresql://` URL and `--event`): checks an enrolment record's chain;
/// `record export URL --event NAME` prints a shared queue's record as a file holds it.
///
/// Exit codes: 0 intact (stdout: the line count and the head hash to keep elsewhere), 1 broken (stdout names
/// the first line changed, removed, moved or cut), 2 the file cannot be read or is not a record.
public enum RecordCommand {
    /// Runs it and returns the exit code.
    public static func verify(_ path: String) -> Int32 {
        verdict(of: path) { () throws(RecordFileError) in try RecordFile.contents(of: path) }
    }

    /// `record verify|export postgresql://… --event NAME`: the event's chain checked as a file's is, or its lines
    /// printed as a `--record` file holds them (exit 0; 2 when the database cannot be used).
    public static func database(export: Bool, url: DatabaseURL, event: String) async -> Int32 {
        let bytes: [UInt8]
        do throws(DatabaseError) {
            let queue = try await SharedQueue.open(url, event: event, desk: "record")
            bytes = try await queue.record()
            await queue.close()
        } catch {
            FileHandle.standardError.write(Data("tophhie record: \(PrintableText.make(error.description))\n".utf8))
            return 2
        }
        if export {
            FileHandle.standardOutput.write(Data(bytes))
            return 0
        }
        let name = "event \(PrintableText.make(event))"
        guard !bytes.isEmpty else {
            print("\(name): no record lines yet")
            return 0
        }
        return verdict(of: name) { bytes }
    }

    /// The chain of the record `read` returns, said under `path` (a file, or a shared queue's event).
    private static func verdict(of path: String, _ read: () throws(RecordFileError) -> [UInt8]) -> Int32 {
        do throws(RecordFileError) {
            switch try RecordChain.verify(try read()) {
            case .intact(let lines, let head):
                print("\(path): intact, \(lines) line\(lines == 1 ? "" : "s"); head \(head)")
                return 0
            case .broken(let line, let reason):
                print("\(path): broken at line \(line): \(reason)")
                return 1
            }
        } catch {
            FileHandle.standardError.write(Data("tophhie record verify: \(path): \(error.description)\n".utf8))
            return 2
        }
    }
}
