import Foundation
import Testing

/// The flow is pure: it decides, and the framework's async steps are called from `AccountFlowLive` alone. An async
/// function or an `await` in `Sources/AccountFlow` would be a framework call (or other I/O) no reducer test sees.
@Suite struct PureFlowTests {
    @Test func theFlowHasNoAsyncCode() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = repository.appendingPathComponent("Sources/AccountFlow")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 20, "\(folder.path) holds the flow's sources")
        let word = try Regex(#"\b(async|await)\b"#)
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(word) {
                found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "async code in the pure flow (it belongs in Sources/AccountFlowLive): \(found)")
    }
}
