import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program on a pseudo-terminal of its own, whose output the benchmark reads with the time each chunk arrived.
/// Blocking reads: the benchmark's main thread, no Swift concurrency.
final class PseudoTerminalProgram {
    private let master: Int32
    private let pid: pid_t
    /// Output since the last ``mark()``, to find a marker that arrives in pieces.
    private var text: [UInt8] = []

    /// Starts `argv` on an 80×24 pseudo-terminal with `environment`.
    init(_ argv: [String], environment: [String: String]) throws {
        (master, pid) = try Self.spawn(argv, environment: environment)
    }

    /// Starts `argv` (a path first) with `environment` on a fresh 80×24 pseudo-terminal, its standard input, output
    /// and error. - Returns: the terminal's master side, the caller's to close, and the child's pid.
    static func spawn(_ argv: [String], environment: [String: String]) throws -> (master: Int32, pid: pid_t) {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw BenchmarkError("openpty failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        posix_spawn_file_actions_addclose(&actions, slave)
        posix_spawn_file_actions_addclose(&actions, master)
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let cargv = argv.map { strdup($0) } + [nil]
        defer { (envp + cargv).forEach { free($0) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, argv[0], &actions, nil, cargv, envp)
        close(slave)
        guard started == 0 else {
            close(master)
            throw BenchmarkError("could not start \(argv[0])")
        }
        return (master, child)
    }

    /// Ends the program (SIGTERM) and reaps it.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        close(master)
    }

    /// Writes keys to the program.
    func send(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The output since ``mark()``, escape sequences and all (for a failure's message).
    var recent: String { String(decoding: text.suffix(600), as: UTF8.self) }

    /// Forgets the output read so far (a marker is then looked for only in what comes next).
    func mark() { text = [] }

    /// Reads until `marker` is in the output since ``mark()``. - Returns: when the chunk that completed it
    /// arrived, or nil after `timeout`.
    func read(until marker: String, timeout: Duration = .seconds(30)) -> ContinuousClock.Instant? {
        read(untilAny: [marker], timeout: timeout)?.arrived
    }

    /// Reads until one of `markers` is in the output since ``mark()``. - Returns: which, and when the chunk
    /// that completed it arrived; nil after `timeout`.
    func read(untilAny markers: [String], timeout: Duration = .seconds(30)) -> (marker: String, arrived: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let arrived = readChunk(waitingUntil: deadline) else { continue }
            if let found = markers.first(where: { contains(Array($0.utf8)) }) { return (found, arrived) }
        }
        return nil
    }

    /// Reads until the output has been quiet for `quiet`, waiting up to `first` for it to begin.
    /// - Returns: when the last chunk arrived (nil if none did).
    func readUntilQuiet(_ quiet: Duration = .milliseconds(150), first: Duration = .seconds(5)) -> ContinuousClock.Instant? {
        guard var last = readChunk(waitingUntil: .now + first) else { return nil }
        while let arrived = readChunk(waitingUntil: .now + quiet) { last = arrived }
        return last
    }

    private func readChunk(waitingUntil deadline: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        let left = max(.zero, deadline - .now)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        let arrived = ContinuousClock.now
        guard count > 0 else { return nil }
        text += chunk[..<count]
        return arrived
    }

    private func contains(_ wanted: [UInt8]) -> Bool {
        guard text.count >= wanted.count else { return false }
        for start in 0...(text.count - wanted.count) where text[start] == wanted[0] && Array(text[start..<start + wanted.count]) == wanted {
            return true
        }
        return false
    }
}
