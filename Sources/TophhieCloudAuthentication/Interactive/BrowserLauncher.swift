import Foundation
import Synchronization

/// Opens a URL in the user's browser, if there is one to open.
///
/// `$BROWSER` first (a `:`-separated list of commands, `%s` replaced by the URL, as sensible-browser
/// reads it), else `xdg-open` when a display is present (`DISPLAY` or `WAYLAND_DISPLAY`). Over SSH with
/// neither, nothing is started and the caller prints the URL. The browser's own output is discarded so
/// it never lands on the terminal. Source: interactive-api §4.6 (open the system browser, always show the URL).
public enum BrowserLauncher {
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
        return commands
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = words
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // Whichever comes first answers: the launcher's exit (its status says) or the grace's end (still running).
        return await withCheckedContinuation { (answer: CheckedContinuation<Bool, Never>) in
            let answered = Mutex(false)
            let once: @Sendable (Bool) -> Void = { started in
                guard answered.withLock({ done in defer { done = true }; return !done }) else { return }
                answer.resume(returning: started)
            }
            process.terminationHandler = { once($0.terminationStatus == 0) }
            do {
                try process.run()
            } catch {
                once(false)
                return
            }
            Task {
                try? await Task.sleep(for: launchGrace)
                once(true)
            }
        }
    }
}
