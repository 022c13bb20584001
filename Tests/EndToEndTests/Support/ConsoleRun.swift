import Foundation
import TestSupport

/// One run of the release `tophhie` in its own tmux server, wrapped in `stty -a` before and after so a
/// test can check the terminal modes came back unchanged. With the embedded emulator the test picks
/// the port (`--port`), so it can reach the control API. ``stop()`` (also `deinit`) kills the server.
final class ConsoleRun {
    let folder: URL
    /// Whether ``stop()`` removes the folder (not when it was handed in by a test that reuses it).
    private let ownsFolder: Bool
    let tmux: TmuxSession
    /// The embedded emulator's port (0 when the console runs against another tenant).
    let port: UInt16
    let control: ControlAPI

    /// Starts `tophhie [--preset PRESET] --port N ARGUMENTS` (or, with `embedded: false`, `tophhie ARGUMENTS`).
    /// - Parameters:
    ///   - preset: a preset name, or a file name under `Policies/` ending `.json`.
    ///   - folder: the run's folder (config, state, status files); a new one by default. A relaunch passes the
    ///     previous run's, so it finds the same token cache.
    ///   - environment: extra variables for the console (e.g. `BROWSER`).
    init(preset: String? = nil, arguments: [String] = [], embedded: Bool = true, term: String = "xterm-256color",
         width: Int = 80, height: Int = 24, folder reused: URL? = nil, environment: [String: String] = [:]) throws {
        let binary = try ConsoleBinary.require()
        folder = reused ?? FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-e2e-\(UUID().uuidString)")
        ownsFolder = reused == nil
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("status"))
        var words = [binary]
        if embedded {
            port = try RefusingPort.free()
            if let preset { words += ["--preset", preset.hasSuffix(".json") ? Self.policy(preset) : preset] }
            words += ["--port", "\(port)"]
        } else {
            port = 0
        }
        words += arguments
        control = ControlAPI(origin: "http://127.0.0.1:\(port)")
        let dir = folder.path
        // The runner's own environment may carry NO_COLOR; config and state stay inside the folder.
        let extra = environment.map { "\($0.key)=\(Self.quote($0.value))" }.sorted().joined(separator: " ")
        let script = """
            unset NO_COLOR; export LANG=C.UTF-8 XDG_CONFIG_HOME='\(dir)/config' XDG_STATE_HOME='\(dir)/state' \(extra); \
            stty -a > '\(dir)/before'; \
            TERM=\(term) \(ProgramWrap.prefix) \(words.map(Self.quote).joined(separator: " ")); \
            echo $? > '\(dir)/status.tmp'; stty -a > '\(dir)/after'; mv '\(dir)/status.tmp' '\(dir)/status'; \
            exec sleep 600
            """
        tmux = try TmuxSession(command: script, width: width, height: height)
    }

    deinit { stop() }

    func stop() {
        tmux.stop()
        if ownsFolder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The path of a policy file under `Tests/EndToEndTests/Policies/`.
    static func policy(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Policies").appendingPathComponent(name).path
    }

    /// Waits for the home screen with the embedded emulator started (its authority in the header); `entry` is a home
    /// entry in the language the console starts in.
    @discardableResult
    func waitForHome(entry: String = "Sign in") async -> Bool {
        let started = await tmux.wait(timeout: .seconds(20)) {
            let screen = await tmux.screen()
            return screen.contains("Tophhie Account Console") && screen.contains(entry) && !screen.contains("starting the embedded")
        }
        guard started, port != 0 else { return started }
        // The emulator answers its control API once it listens.
        return await tmux.wait(timeout: .seconds(10)) { (try? await control.request("GET", "tenant")) != nil }
    }

    var screen: String { tmux.capture() }

    /// Waits until the screen shows `text`. Quiet, a screen changes within milliseconds; 30 s (the most any test
    /// waits) is a safety net for a loaded machine, where a console's start or exit was seen to take over 10 s.
    @discardableResult
    func wait(for text: String, timeout: Duration = .seconds(30)) async -> Bool {
        await tmux.waitForScreen(containing: text, timeout: timeout)
    }

    /// Waits until `text` is gone from the screen.
    @discardableResult
    func waitUntilGone(_ text: String, timeout: Duration = .seconds(30)) async -> Bool {
        await tmux.wait(timeout: timeout) { await !tmux.screen().contains(text) }
    }

    func keys(_ keys: String...) {
        for key in keys { tmux.send(keys: key) }
    }

    func type(_ text: String) {
        tmux.send(literal: text)
    }

    /// The screen line holding `text`, if any.
    func line(containing text: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    private func read(_ name: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The console's exit status once it has ended.
    func waitForExit(timeout: Duration = .seconds(30)) async -> Int? {
        await tmux.wait(timeout: timeout) { read("status") != nil }
        return read("status").flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    var sttyBefore: String? { read("before") }
    var sttyAfter: String? { read("after") }

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

}
