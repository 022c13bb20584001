import Foundation

/// How the reports name a scenario file: its name without the folder (`smoke.json`), unless another file of the
/// run has that name too (`a/smoke.json`, `b/smoke.json`); then the path as given, so their rows and JUnit suites
/// stay apart.
enum ReportFileName {
    /// - Parameters:
    ///   - file: a scenario file's path as given.
    ///   - files: every file of the run (for a shard, of the whole run: every shard is given the same files).
    static func of(_ file: String, among files: [String]) -> String {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let shared = Set(files.filter { URL(fileURLWithPath: $0).lastPathComponent == name }).count > 1
        return shared ? file : name
    }
}
