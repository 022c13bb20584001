import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opens a URL in the user's browser, if there is one to open.
///
/// `$BROWSER` first (a `:`-separated list of commands, `%s` replaced by the URL, as sensible-browser
/// reads it), else `xdg-open` when a display is present (`DISPLAY` or `WAYLAND_DISPLAY`). Over SSH with
/// neither, nothing is started and the caller prints the URL. Source: docs/protocol.md §I4.6 (open the system
/// browser, always show the URL).
///
/// A browser must never fight the console for its terminal (field case 032): a text-mode browser (lynx, w3m,
/// links, elinks, `www-browser`, named or reached through a symlink) counts as no browser and is not started;
/// every other launcher starts in a session of its own (`setsid`), so it has no controlling terminal and
/// cannot open `/dev/tty`, read the console's keys or be stopped by the terminal, with stdin, stdout and
/// stderr on `/dev/null`. Whatever it falls back to (xdg-open tries lynx when no X server answers) inherits that.
public enum BrowserLauncher {
    /// Browsers that draw in the terminal they are started from, by command name.
    static let textBrowsers: Set<String> = ["lynx", "w3m", "links", "links2", "elinks", "www-browser", "browsh", "edbrowse", "netrik"]

    /// - Returns: true when a browser process was started: it is still running after ``launchGrace``, or it exited 0.
    ///   Suspends meanwhile (at most ``launchGrace`` per command tried); no thread waits.
    @discardableResult
    public static func open(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Bool {
        for command in commands(environment: environment) where await start(command, url: url.absoluteString, environment: environment) {
            return true
        }
        return false
    }

    static func commands(environment: [String: String]) -> [String] {
        var commands = (environment["BROWSER"] ?? "").split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if hasDisplay { commands.append("xdg-open") }
        return commands.filter { command in !isTextBrowser(command.split(separator: " ").first.map(String.init) ?? "", environment: environment) }
    }

    /// Whether `program` is a text browser: by its name, or by the name its path resolves to (`www-browser` →
    /// `/etc/alternatives/www-browser` → `/usr/bin/lynx`).
    static func isTextBrowser(_ program: String, environment: [String: String]) -> Bool {
        if textBrowsers.contains((program as NSString).lastPathComponent) { return true }
        let candidates = program.contains("/") ? [program]
            : (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map { "\($0)/\(program)" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        return textBrowsers.contains(URL(fileURLWithPath: found).resolvingSymlinksInPath().lastPathComponent)
    }

    /// How long a launcher has to fail: one that fails does so at once (no such browser, no display); one that
    /// works keeps running or exits 0 (xdg-open hands over and returns).
    public static let launchGrace = Duration.milliseconds(500)

    private static func start(_ command: String, url: String, environment: [String: String]) async -> Bool {
        var words = command.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return false }
        if words.contains(where: { $0.contains("%s") }) {
            words = words.map { $0.replacingOccurrences(of: "%s", with: url) }
        } else {
            words.append(url)
        }
        guard let pid = DetachedProcess.spawn(words, environment: environment) else { return false }
        // Checked every 50 ms by a suspended task, not a parked thread: a launcher that fails does so at once.
        // A busy machine may resume the task past the grace, so the launcher's state is read once more after it.
        let deadline = ContinuousClock.now + launchGrace
        repeat {
            if let status = DetachedProcess.exitStatus(pid) { return status == 0 }
            try? await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now < deadline
        if let status = DetachedProcess.exitStatus(pid) { return status == 0 }
        DetachedProcess.reapLater(pid)
        return true
    }
}
