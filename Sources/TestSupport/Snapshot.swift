import Foundation
import Testing

/// Compares `actual` with `Snapshots/<name>.txt` beside the calling test file.
///
/// With `RECORD_SNAPSHOTS=1` in the environment the file is (re)written and the test passes. A missing
/// file is recorded and reported as a failure, so a new snapshot is always looked at once. A mismatch
/// is reported with a line diff (`-` expected, `+` actual).
public func assertSnapshot(_ actual: String, named name: String, filePath: String = #filePath,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not write snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        if !recording { Issue.record("recorded new snapshot \(name); check it and run again", sourceLocation: sourceLocation) }
        return
    }
    guard expected != actual else { return }
    Issue.record("snapshot \(name) differs:\n\(lineDiff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
}

/// A minimal line diff: unchanged lines with two spaces, removed with `-`, added with `+`.
public func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    // Longest common subsequence table, from the end.
    var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
    }
    var lines: [String] = []
    var i = 0, j = 0
    while i < old.count || j < new.count {
        if i < old.count, j < new.count, old[i] == new[j] {
            lines.append("  " + old[i]); i += 1; j += 1
        } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
            lines.append("+ " + new[j]); j += 1
        } else {
            lines.append("- " + old[i]); i += 1
        }
    }
    return lines.joined(separator: "\n")
}
