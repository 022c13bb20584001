import Foundation
import TestSupport

/// The release build of `tophhie` the end-to-end tests drive: `<package root>/.build/release/tophhie`,
/// built once per test process when it is missing or older than any file under `Sources/` or
/// `Resources/`.
enum ReleaseBinary {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let path = packageRoot.appendingPathComponent(".build/release/tophhie").path

    /// The binary's path, or why it is not there. A static `let` is initialised once, under a lock,
    /// so concurrent tests wait for one build.
    static let ready: Result<String, BuildFailure> = prepare()

    struct BuildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Throws when the release binary is missing and could not be built.
    static func require() throws -> String {
        try ready.get()
    }

    private static func prepare() -> Result<String, BuildFailure> {
        if let built = modificationDate(path), built >= newestSource() { return .success(path) }
        print("EndToEndTests: building the release tophhie (swift build -c release --product tophhie)…")
        let log = NSTemporaryDirectory() + "tophhie-e2e-build-\(getpid()).log"
        // `swift test` holds the lock on `.build` while the tests run, so a plain `swift build` here
        // would wait for it forever. The release configuration has its own folder under `.build`,
        // and the outer command has finished building by now.
        let status = ChildProcess.run(["swift", "build", "-c", "release", "--product", "tophhie", "--ignore-lock",
                                "--package-path", packageRoot.path], outputPath: log)
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        unlink(log)
        guard status == 0, FileManager.default.isExecutableFile(atPath: path) else {
            return .failure(BuildFailure(description: "swift build -c release failed (\(status)):\n\(output.suffix(4000))"))
        }
        print("EndToEndTests: built \(path)")
        return .success(path)
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The newest modification time of any file under `Sources/` and `Resources/`.
    private static func newestSource() -> Date {
        var newest = Date.distantPast
        for folder in ["Sources", "Resources"] {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.contentModificationDateKey]) else { continue }
            for case let url as URL in walker {
                if let date = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate, date > newest {
                    newest = date
                }
            }
        }
        return newest
    }
}
