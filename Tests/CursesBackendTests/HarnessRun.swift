import Foundation
import TestSupport

/// One run of `tui-harness` in tmux, wrapped in `stty -a` before and after so a test can check the
/// terminal modes came back unchanged.
final class HarnessRun {
    let folder: URL
    let tmux: TmuxSession

    /// The harness binary, built beside the test bundle.
    static var harnessPath: String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("tui-harness").path
    }

    /// - Parameter environment: extra `NAME=value` words put before the harness command.
    init(term: String, environment: String = "", width: Int = 80, height: Int = 24) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.harnessPath) else {
            throw NotBuilt(path: Self.harnessPath)
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tui-harness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let dir = folder.path
        // The test runner's own environment may carry NO_COLOR; each test states what it wants.
        let script = """
            unset NO_COLOR; \
            stty -a > '\(dir)/before'; \
            TERM=\(term) \(environment) \(ProgramWrap.prefix) '\(Self.harnessPath)' --out '\(dir)/result.json' --pid '\(dir)/pid'; \
            echo $? > '\(dir)/status.tmp'; stty -a > '\(dir)/after'; mv '\(dir)/status.tmp' '\(dir)/status'; \
            exec sleep 60
            """
        tmux = try TmuxSession(command: script, width: width, height: height)
    }

    /// `swift test` builds the harness with the tests; a test binary run on its own may find it missing.
    struct NotBuilt: Error, CustomStringConvertible {
        let path: String
        var description: String { "no tui-harness at \(path): build it with `swift build --build-tests`" }
    }

    deinit {
        tmux.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Waits for the form to be drawn.
    func waitForForm() async -> Bool {
        await tmux.waitForScreen(containing: "Harness form")
    }

    private func read(_ name: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The harness's exit status once it has ended.
    func waitForExit() async -> Int? {
        await tmux.wait { read("status") != nil }
        return read("status").flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    var pid: pid_t? { read("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }

    /// The harness's result, written when it ends normally.
    var result: [String: String]? {
        guard let data = read("result.json")?.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: String]
    }

    var sttyBefore: String? { read("before") }
    var sttyAfter: String? { read("after") }
}
