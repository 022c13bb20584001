/// The exit codes every `tophhie` command keeps to, so a script can tell "sign in first" from "failed".
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Done (the user quit, or every scenario passed, or the check is ready).
    case done = 0
    /// Failed: the flow, a scenario, a check, the network; stderr says why.
    case failed = 1
    /// A usage or configuration error: a bad option, value, file or profile.
    case usage = 2
    /// `tophhie run`: nothing failed, but the service throttled a scenario (AADSTS701014, no more one-time codes
    /// for now), so the run proves nothing about the tenant yet.
    case throttled = 3
    /// A sign-in is needed: no cached account, or its refresh token is gone or expired (`token`, `history`).
    case signInNeeded = 4
    /// `tophhie lookup`: the sign-in log has no entry for the correlation id yet. Not final: Entra writes the log
    /// minutes after the sign-in, so look again later or with `--wait`.
    case notInLogYet = 5
    /// `tophhie run --compare`: the emulator rehearsing the tenant's snapshot and the tenant differ at some step.
    case differs = 6
    /// Hung up: SIGHUP (the terminal or SSH session went away), 128 + 1.
    case hungUp = 129
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
        case .throttled: "run: no scenario failed, but the service throttled one (AADSTS701014); try again later"
        case .signInNeeded: "a sign-in is needed: no cached account, or its refresh token is gone or expired"
        case .notInLogYet: "lookup: no sign-in log entry has the correlation id yet (the log lags by minutes); try again, or use --wait"
        case .differs: "run --compare: the emulator and the tenant differ at some step (each difference is printed)"
        case .hungUp: "hung up (SIGHUP)"
        case .interrupted: "interrupted (SIGINT, Ctrl-C)"
        case .terminated: "stopped (SIGTERM)"
        }
    }

    /// A few words for the one-line summary under every `--help` (``HelpRenderer``); the signals share one entry.
    var brief: String {
        switch self {
        case .done: "done"
        case .failed: "failed"
        case .usage: "usage error"
        case .throttled: "throttled"
        case .signInNeeded: "sign-in needed"
        case .notInLogYet: "not in the sign-in log yet"
        case .differs: "compare differs"
        case .hungUp, .interrupted, .terminated: "interrupted"
        }
    }
}
