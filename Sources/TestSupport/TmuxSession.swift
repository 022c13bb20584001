import Foundation
import OffPool

/// A program running in a detached tmux session on a private server (`tmux -L`), for tests that
/// need a real terminal: send keys, paste, resize, read the screen. ``stop()`` (also run by
/// `deinit`) kills the private server.
public final class TmuxSession {
    /// The private server name passed to `tmux -L`.
    public let socket: String
    /// The session name commands are sent to.
    public let target = "harness"

    /// Starts `command` (run by `sh -c`) in a `width`×`height` window.
    /// - Throws: ``MissingTool`` without tmux, ``TmuxError`` if the session does not start.
    public init(command: String, width: Int = 80, height: Int = 24) throws {
        socket = "tophhie-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try MissingTool.require(Self.tmuxPath)
        let result = try Self.run(socket, ["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", target, command])
        guard result.status == 0 else { throw TmuxError.failed(result.output) }
        // Keep the pane (and its terminal state) after the program ends so it can be inspected.
        _ = try? Self.run(socket, ["set-option", "-t", target, "remain-on-exit", "on"])
        serverPid = pid_t(display("#{pid}")) ?? 0
        socketPath = display("#{socket_path}")
    }

    /// Runs this session's tmux clients one at a time, in the order asked, on a Dispatch thread: a send returns at
    /// once instead of holding a cooperative thread while its client runs, and every read waits behind the sends
    /// before it, so it sees what they did.
    private let clients = DispatchQueue(label: "tmux-clients")

    /// The tmux server, killed directly if `kill-server` does not end it.
    private var serverPid: pid_t = 0
    /// The server's socket file, removed on stop so test runs leave nothing behind.
    private var socketPath = ""

    deinit { stop() }

    static let tmuxPath = "/usr/bin/tmux"

    /// Sends tmux key names (`"Tab"`, `"Enter"`, `"Left"`, `"C-c"`).
    public func send(keys: String...) {
        enqueue(["send-keys", "-t", target] + keys)
    }

    /// Sends `text` literally, byte for byte (escape sequences included).
    public func send(literal text: String) {
        enqueue(["send-keys", "-t", target, "-l", text])
    }

    /// Pastes `text` the way a terminal does: bracketed when the program asked for it.
    public func paste(_ text: String) {
        enqueue(["set-buffer", "-b", "test-paste", text])
        enqueue(["paste-buffer", "-p", "-d", "-b", "test-paste", "-t", target])
    }

    /// Resizes the window, which the program sees as SIGWINCH.
    public func resize(width: Int, height: Int) {
        enqueue(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen as text.
    public func capture() -> String {
        output(["capture-pane", "-p", "-t", target])
    }

    /// The pane's scrollback and visible screen as text (`capture-pane -S -`): what scrolling back shows.
    public func captureHistory() -> String {
        output(["capture-pane", "-p", "-S", "-", "-t", target])
    }

    /// The visible screen with its attributes as escape sequences (`capture-pane -e`).
    public func captureWithAttributes() -> String {
        output(["capture-pane", "-p", "-e", "-t", target])
    }

    /// A tmux format evaluated for the pane, e.g. `#{cursor_flag}`.
    public func display(_ format: String) -> String {
        output(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Lets the program set the clipboard with OSC 52 (`set-clipboard on`): each copy becomes a tmux paste buffer.
    public func acceptClipboard() {
        enqueue(["set-option", "-s", "set-clipboard", "on"])
    }

    /// The newest paste buffer (what the program last copied, after ``acceptClipboard()``); empty when there is none.
    public func newestBuffer() async -> String {
        await OffPoolWork.run(on: clients) { [socket] in (try? Self.run(socket, ["show-buffer"]).output) ?? "" }
    }

    /// Suspends until `condition` holds or `timeout` passes, re-checking it on an async timer (no thread waits).
    /// - Returns: whether it held in time.
    @discardableResult
    public func wait(timeout: Duration = .seconds(10), until condition: () async -> Bool) async -> Bool {
        await eventually(timeout: timeout, interval: .milliseconds(20), condition)
    }

    /// Suspends until the screen contains `text` (or `timeout` passes). - Returns: whether it did.
    @discardableResult
    public func waitForScreen(containing text: String, timeout: Duration = .seconds(10)) async -> Bool {
        await wait(timeout: timeout) { await screen().contains(text) }
    }

    /// The visible screen as text, read after the sends before it, with no cooperative thread waiting.
    public func screen() async -> String {
        await OffPoolWork.run(on: clients) { [socket, target] in (try? Self.run(socket, ["capture-pane", "-p", "-t", target]).output) ?? "" }
    }

    /// Kills the private tmux server.
    public func stop() {
        guard serverPid > 0 else { return }
        // kill-server hangs up the panes; the server exits about a second later without waiting
        // for us. Only a server that does not answer is killed by force. tmux leaves the socket
        // file behind either way, so it is removed here.
        let answered = clients.sync { [socket] in (try? Self.run(socket, ["kill-server"]))?.status == 0 }
        if !answered { kill(serverPid, SIGKILL) }
        if !socketPath.isEmpty { unlink(socketPath) }
        serverPid = 0
    }

    private func enqueue(_ arguments: [String]) {
        clients.async { [socket] in _ = try? Self.run(socket, arguments) }
    }

    /// What a tmux command prints, run after the sends before it (the caller's thread waits).
    private func output(_ arguments: [String]) -> String {
        clients.sync { [socket] in (try? Self.run(socket, arguments).output) ?? "" }
    }

    /// Runs one tmux command on the server `socket` and waits for it (``ChildProcess``: output through a file,
    /// because the server that `new-session` starts inherits the descriptors; Foundation's `Process` was seen
    /// leaving the client unreaped here).
    @discardableResult
    private static func run(_ socket: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputPath = NSTemporaryDirectory() + "tmux-\(UUID().uuidString).out"
        defer { unlink(outputPath) }
        let command = [tmuxPath, "-L", socket, "-f", "/dev/null"] + arguments
        guard let child = ChildProcess.start(command, outputPath: outputPath, truncate: true) else {
            throw TmuxError.failed("could not start \(tmuxPath)")
        }
        let status = ChildProcess.wait(child)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return (status, output)
    }
}
