import Foundation

/// A program that README's set-up installs and a test needs, missing on this machine. The test fails with the
/// command that installs it; it never passes by skipping.
public struct MissingTool: Error, CustomStringConvertible {
    /// The program's path, e.g. `/usr/bin/xmllint`.
    public let program: String

    public var description: String {
        "\(program) is not installed: run `bash scripts/setup` (README's set-up) and test again"
    }

    /// - Throws: ``MissingTool`` when `path` is not an executable file.
    public static func require(_ path: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw MissingTool(program: path) }
    }
}
