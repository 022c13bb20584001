import CommandGrammar
import Foundation
import TenantConfiguration
import TerminalUI

/// `tophhie tenant diff A B [--json]`: what differs from snapshot A to snapshot B, one line each in the tenant's
/// terms, or JSON `{"equal": Bool, "differences": [{"subject", "change", "before"?, "after"?, "sentence"}]}`.
/// Exit 0 equal, 1 different, 2 a file that is not a snapshot (named, with where it is wrong).
public enum TenantDiffCommand {
    /// - Returns: the exit status (`ExitStatus`).
    public static func run(_ first: String, _ second: String, json: Bool, output: (String) -> Void = { print($0) },
                           errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) -> Int32 {
        var snapshots: [TenantSnapshot] = []
        for path in [first, second] {
            guard let data = FileManager.default.contents(atPath: path) else {
                errors("tophhie tenant diff: \(PrintableText.make(path)): cannot be read.")
                return ExitStatus.usage.rawValue
            }
            do {
                snapshots.append(try TenantSnapshot.decode(data))
            } catch {
                errors("tophhie tenant diff: \(PrintableText.make(path)): \(PrintableText.make(error.description))")
                return ExitStatus.usage.rawValue
            }
        }
        let differences = snapshots[0].differences(to: snapshots[1])
        if json {
            let rows: [[String: Any]] = differences.map { difference in
                var row: [String: Any] = ["subject": difference.subject, "change": difference.change, "sentence": difference.sentence]
                row["before"] = difference.before
                row["after"] = difference.after
                return row
            }
            output(AccountCommandRunner.json(["equal": differences.isEmpty, "differences": rows]))
        } else {
            differences.forEach { output(PrintableText.make($0.sentence)) }
        }
        return differences.isEmpty ? ExitStatus.done.rawValue : ExitStatus.failed.rawValue
    }
}
