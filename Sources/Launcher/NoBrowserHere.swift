/// Whether a browser sign-in can be expected to show a browser the user sees, from the environment alone (no
/// Foundation: the launcher's first frame and the console both read it, so the home menu does not change at the
/// hand-over).
///
/// Over SSH (`SSH_CONNECTION` or `SSH_TTY` set) a browser started here runs on the remote machine, seen at best
/// through X forwarding; on Linux without `DISPLAY` or `WAYLAND_DISPLAY` there is no screen to start one on (the
/// browser launcher does not try `xdg-open` then). A `BROWSER` variable wins over both: the user said which
/// browser to start (an editor's remote session sets it to a helper that opens the local machine's browser).
public enum NoBrowserHere: Sendable, Hashable {
    /// Over SSH.
    case overSSH
    /// Linux, no display.
    case noDisplay

    /// The reason in `environment`; nil when a browser can be expected.
    public static func detect(environment: [String: String]) -> NoBrowserHere? {
        let set = { (name: String) in !(environment[name] ?? "").isEmpty }
        if set("BROWSER") { return nil }
        if set("SSH_CONNECTION") || set("SSH_TTY") { return .overSSH }
        #if os(Linux)
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") { return .noDisplay }
        #endif
        return nil
    }
}
