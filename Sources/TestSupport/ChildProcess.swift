import Foundation
import OffPool

/// Starts helper programs for tests with `posix_spawn` (no shell): standard input from `/dev/null`,
/// standard output and error to a file, and an empty signal mask (test threads may run with signals
/// blocked, and a child must not inherit that). Output goes to a file rather than a pipe: a server the
/// child starts may inherit the descriptor, and a pipe it holds would never reach EOF.
public enum ChildProcess {
    /// Starts `arguments` (the program is searched in `PATH`).
    /// - Parameter truncate: empty `outputPath` first instead of appending.
    /// - Returns: the child's pid, or nil when it could not be started.
    public static func start(_ arguments: [String], outputPath: String, truncate: Bool = false) -> pid_t? {
        guard let program = arguments.first else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | (truncate ? O_TRUNC : O_APPEND), 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test process: a server started here (PostgreSQL) outlives the test, and a pipe of another
        // test's console it inherited would never reach end-of-file, so that test's read waited for ever.
        closeFrom(3, &actions)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        guard posix_spawnp(&child, program, &actions, &attributes, argv, environ) == 0 else { return nil }
        return child
    }

    /// Waits for `pid` to end (blocking; from async code, await ``exitStatus(of:)``).
    /// - Returns: its exit status, or -1 when it did not exit normally.
    @discardableResult
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Waits for `pid` to end on a Dispatch thread (a blocking `waitpid` there, never on the cooperative pool)
    /// and resumes the caller then. - Returns: its exit status, or -1 when it did not exit normally.
    @discardableResult
    public static func exitStatus(of pid: pid_t) async -> Int32 {
        await OffPoolWork.run { wait(pid) }
    }

    /// Runs `arguments` to their end, suspending meanwhile. - Returns: the exit status, or -1.
    public static func runToEnd(_ arguments: [String], outputPath: String, truncate: Bool = false) async -> Int32 {
        guard let pid = start(arguments, outputPath: outputPath, truncate: truncate) else { return -1 }
        return await exitStatus(of: pid)
    }

    /// Ends a program started with ``start(_:outputPath:truncate:)`` (SIGTERM) and reaps it, suspending meanwhile.
    public static func terminate(_ pid: pid_t) async {
        kill(pid, SIGTERM)
        await exitStatus(of: pid)
    }

    /// Runs `arguments` to their end. - Returns: the exit status, or -1.
    /// - Important: blocks; from async code, await ``runToEnd(_:outputPath:truncate:)``.
    public static func run(_ arguments: [String], outputPath: String, truncate: Bool = false) -> Int32 {
        guard let pid = start(arguments, outputPath: outputPath, truncate: truncate) else { return -1 }
        return wait(pid)
    }

    /// Ends a program started with ``start(_:outputPath:truncate:)`` (SIGTERM) and reaps it.
    public static func stop(_ pid: pid_t) {
        kill(pid, SIGTERM)
        wait(pid)
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module leaves out
/// (it is declared under `_GNU_SOURCE`); looked up once.
private let closeFrom: @Sendable (Int32, inout posix_spawn_file_actions_t) -> Void = {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return { _, _ in } }
    let add = unsafeBitCast(symbol, to: AddCloseFrom.self)
    return { low, actions in _ = add(&actions, low) }
}()
