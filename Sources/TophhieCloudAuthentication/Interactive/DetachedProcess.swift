import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child started in a session of its own (`POSIX_SPAWN_SETSID`), with no controlling terminal and
/// stdin, stdout and stderr on `/dev/null`: it can neither draw on nor read from the console's terminal, and
/// job control never stops it. Foundation's `Process` keeps children in the parent's session, hence posix_spawn.
/// Source: posix_spawn(3), setsid(2), credentials(7) ("a session's controlling terminal").
enum DetachedProcess {
    /// glibc's `POSIX_SPAWN_SETSID` (spawn.h, glibc 2.26+), declared behind `_GNU_SOURCE`, which the Glibc
    /// module Swift imports does not define.
    static let setSessionFlag: Int32 = 0x80

    /// Starts `arguments[0]` (looked up in `PATH`) with `arguments`.
    /// - Returns: the child's pid, or nil when it could not be started (no such command).
    static func spawn(_ arguments: [String], environment: [String: String]) -> pid_t? {
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        // Default signal dispositions and an empty mask: the console blocks or ignores some for itself.
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(setSessionFlag | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        return status == 0 ? pid : nil
    }

    /// The exit status when `pid` has ended (it is reaped then); nil while it runs. A signal's end reads as -1.
    static func exitStatus(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signalled = status & 0x7F
        return signalled == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Waits for `pid` on a thread of its own (never the cooperative pool), so it does not stay a zombie.
    static func reapLater(_ pid: pid_t) {
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }
    }
}
