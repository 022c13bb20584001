import Foundation

/// Runs a real tenant's `codeCommand` (e.g. a script that reads a test mailbox) to fetch a one-time code.
///
/// Run by `/bin/sh -c` with `TOPHHIE_SCENARIO_EMAIL` set to the flow's address; the code is the last run of 4
/// to 10 digits on its standard output. Its output is never logged (it holds the code).
enum CodeCommand {
    /// Why no code came back.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ command: String, email: String, timeout: TimeInterval) -> Result<String, Problem> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["TOPHHIE_SCENARIO_EMAIL"] = email
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Problem(description: "the codeCommand did not start: \(error.localizedDescription)"))
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            return .failure(Problem(description: "the codeCommand did not finish within \(Int(timeout)) s"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            return .failure(Problem(description: "the codeCommand exited with status \(process.terminationStatus)"))
        }
        let runs = text.split { !("0"..."9").contains($0) }
        guard let code = runs.last(where: { (4...10).contains($0.count) }) else {
            return .failure(Problem(description: "the codeCommand printed no code (4 to 10 digits)"))
        }
        return .success(String(code))
    }
}
