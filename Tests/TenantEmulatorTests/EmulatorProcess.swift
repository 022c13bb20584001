import Foundation
import TestSupport

/// A `tophhie emulator` subprocess, its first stdout line parsed.
final class EmulatorProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// `http://127.0.0.1:PORT/TENANT-ID`.
    private(set) var authority = ""
    /// Everything read from stdout so far, line by line.
    private(set) var lines: [String] = []
    private var buffer = Data()

    /// `tophhie` beside the test runner (same build configuration), else `.build/debug/tophhie`.
    static var binary: URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let besideRunner = runner.deletingLastPathComponent().appendingPathComponent("tophhie")
        if FileManager.default.isExecutableFile(atPath: besideRunner.path) { return besideRunner }
        return RepositoryFiles.packageRoot.appendingPathComponent(".build/debug/tophhie")
    }

    init(_ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw ProcessFailure(message: "\(Self.binary.path) is missing: run `swift build` first")
        }
        process.executableURL = Self.binary
        process.arguments = ["emulator"] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Starts and waits for the `listening on` line.
    static func start(_ arguments: [String]) async throws -> EmulatorProcess {
        let emulator = try EmulatorProcess(arguments)
        let first = try await emulator.nextLine()
        guard first.hasPrefix("listening on ") else { throw ProcessFailure(message: "first line was \(first)") }
        emulator.authority = String(first.dropFirst("listening on ".count))
        return emulator
    }

    /// The next stdout line (suspends until it arrives; throws at end of output).
    func nextLine() async throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                lines.append(line)
                return line
            }
            let chunk = await output.fileHandleForReading.nextChunk()
            if chunk.isEmpty { throw ProcessFailure(message: "stdout closed; stderr: \(await standardError())") }
            buffer.append(chunk)
        }
    }

    /// Everything the process wrote to stderr, once it has closed it (exited).
    func standardError() async -> String {
        String(decoding: await errors.fileHandleForReading.readAll(), as: UTF8.self)
    }

    /// Sends `signal` and suspends until the exit status is in (``Process/exited()``: no thread waits).
    func stop(with signal: Int32) async -> Int32 {
        kill(process.processIdentifier, signal)
        await process.exited()
        return process.terminationStatus
    }

    /// `http://127.0.0.1:PORT`.
    var origin: String {
        let url = URL(string: authority)
        return "\(url?.scheme ?? "http")://\(url?.host ?? "127.0.0.1"):\(url?.port ?? 0)"
    }

    struct ProcessFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
