import EnrolmentFiles
import Foundation

/// `tophhie record verify FILE`: checks an enrolment record's chain.
///
/// Exit codes: 0 intact (stdout: the line count and the head hash to keep elsewhere), 1 broken (stdout names
/// the first line changed, removed, moved or cut), 2 the file cannot be read or is not a record.
public enum RecordCommand {
    /// Runs it and returns the exit code.
    public static func verify(_ path: String) -> Int32 {
        do throws(RecordFileError) {
            switch try RecordChain.verify(try RecordFile.contents(of: path)) {
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
