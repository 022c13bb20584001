import Glibc

/// The signals whose default action ends the process (signal(7): "Term" or "Core") besides the ones a
/// program names when it handles Ctrl-C, `kill` and hang-ups (SIGINT, SIGTERM, SIGHUP, SIGQUIT) and
/// the crash signals. Whoever changes the terminal's modes restores them on these too, then lets the
/// default action happen, so a stray SIGUSR1 or SIGALRM never leaves the terminal raw or silent.
///
/// SIGKILL and SIGSTOP cannot be caught. The real-time signals (SIGRTMIN…SIGRTMAX) are numbered at run
/// time, after those glibc keeps for itself.
public enum TerminatingSignals {
    /// Every such signal; take over only those for which ``hasDefaultAction(_:)`` is true.
    public static var all: [Int32] {
        [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPIPE, SIGIO, SIGSTKFLT, SIGPWR,
         SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    }

    /// Whether `signal`'s handler is the default one. One the environment ignores (a `trap '' USR1`, a
    /// runtime ignoring SIGPIPE) or handles must stay as it is.
    public static func hasDefaultAction(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return current.sa_flags & SA_SIGINFO == 0 && current.__sigaction_handler.sa_handler == nil
    }

    /// ``all`` that are still at their default action now.
    public static var atDefault: [Int32] {
        all.filter(hasDefaultAction)
    }
}
