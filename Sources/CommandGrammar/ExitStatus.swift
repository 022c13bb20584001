/// The exit codes every `tophhie` command keeps to, so a script can tell "sign in first" from "failed".
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Done (the user quit, or every scenario passed, or the check is ready).
    case done = 0
    /// Failed: the flow, a scenario, a check, the network; stderr says why.
    case failed = 1
    /// A usage or configuration error: a bad option, value, file or profile.
    case usage = 2
    /// A sign-in is needed: no cached account, or its refresh token is gone or expired (`tophhie console`).
    case signInNeeded = 4
    /// Interrupted by SIGINT (Ctrl-C in line mode or a script command): 128 + 2.
    case interrupted = 130
    /// Stopped by SIGTERM: 128 + 15.
    case terminated = 143

    /// One line for `tophhie help exit-codes` and the man page's EXIT STATUS.
    public var meaning: String {
        switch self {
        case .done: "done"
        case .failed: "failed (a flow, scenario, check or the network); stderr says why"
        case .usage: "usage or configuration error (bad option, value, file or profile)"
        case .signInNeeded: "a sign-in is needed: no cached account, or its refresh token is gone or expired"
        case .interrupted: "interrupted (SIGINT, Ctrl-C)"
        case .terminated: "stopped (SIGTERM)"
        }
    }
}
