import Glibc

/// Which console program the launcher execs, from the folder it runs in.
///
/// An installed pair is `tophhie` and `tophhie-console` side by side. A SwiftPM build adds
/// `tophhie-console-tool`: the same console, built as the tool of the launcher's build plugin so
/// that `swift run tophhie` builds it too. `swift run tophhie` refreshes only that one, and
/// `swift build --product tophhie-console` only the other, so the newer of the two is the one that
/// matches the sources.
public enum ConsoleExecutable {
    /// The installed name.
    public static let name = "tophhie-console"
    /// The name SwiftPM gives the plugin's build of it.
    public static let toolName = "tophhie-console-tool"

    /// The path to exec in `folder` (which ends with `/`): the newer of the two names that exist, else
    /// the installed name (so a failed exec names what is missing).
    public static func path(in folder: String) -> String {
        let installed = folder + name
        let tool = folder + toolName
        switch (modificationTime(installed), modificationTime(tool)) {
        case (.some(let a), .some(let b)): return b > a ? tool : installed
        case (nil, .some): return tool
        case (_, nil): return installed
        }
    }

    /// Seconds and nanoseconds since the epoch, as one comparable pair; nil when `path` is no file.
    static func modificationTime(_ path: String) -> Pair? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Pair(seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
    }

    struct Pair: Comparable {
        let seconds: Int
        let nanoseconds: Int
        static func < (a: Pair, b: Pair) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
    }
}
