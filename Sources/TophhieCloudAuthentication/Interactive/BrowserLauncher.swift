import Foundation

/// Opens a URL in the user's browser, if there is one to open.
///
/// `$BROWSER` first (a `:`-separated list of commands, `%s` replaced by the URL, as sensible-browser
/// reads it), else `xdg-open` when a display is present (`DISPLAY` or `WAYLAND_DISPLAY`). Over SSH with
/// neither, nothing is started and the caller prints the URL. The browser's own output is discarded so
/// it never lands on the terminal. Source: interactive-api §4.6 (open the system browser, always show the URL).
public enum BrowserLauncher {
    /// - Returns: true when a browser process was started.
    @discardableResult
    public static func open(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        for command in commands(environment: environment) where start(command, url: url.absoluteString, environment: environment) {
            return true
        }
        return false
    }

    static func commands(environment: [String: String]) -> [String] {
        var commands = (environment["BROWSER"] ?? "").split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if hasDisplay { commands.append("xdg-open") }
        return commands
    }

    private static func start(_ command: String, url: String, environment: [String: String]) -> Bool {
        var words = command.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return false }
        if words.contains(where: { $0.contains("%s") }) {
            words = words.map { $0.replacingOccurrences(of: "%s", with: url) }
        } else {
            words.append(url)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = words
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        // A launcher that fails does so at once (no such browser, no display); one that works keeps
        // running or exits 0 (xdg-open hands over and returns).
        for _ in 0..<10 where process.isRunning { usleep(50_000) }
        return process.isRunning || process.terminationStatus == 0
    }
}
