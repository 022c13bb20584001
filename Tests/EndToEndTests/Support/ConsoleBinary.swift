import Foundation

/// The `tophhie` the end-to-end tests drive: the debug build `swift test` makes beside the test bundle
/// (`.build/debug/tophhie`, which execs `tophhie-console` from the same folder).
///
/// The tests once built a release binary from inside the test process. On two cores that build took the
/// machine for minutes while every other suite ran, and held a cooperative thread while it did, so unrelated
/// tests timed out; the debug build is already there when the tests start.
enum ConsoleBinary {
    static let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("tophhie").path

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "no tophhie at \(ConsoleBinary.path): build it with `swift build --build-tests`" }
    }

    /// - Throws: ``NotBuilt`` when the binary is missing (a test bundle run on its own, without `swift build`).
    static func require() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw NotBuilt() }
        return path
    }
}
