/// How long a lone Esc byte waits for the rest of an escape sequence before it counts as the Esc key.
///
/// Over a slow link (SSH) an arrow key's `ESC` and its `[A` can arrive 40–100 ms apart (field case 028);
/// a short wait takes the `ESC` for the Esc key and types `[A`. A long wait makes the Esc key feel slow.
/// So: `ESCDELAY` (milliseconds, as ncurses reads it; see ncurses(3X), "ESCDELAY") when it is set to a
/// number, else ``overSSH`` when `SSH_CONNECTION` or `SSH_TTY` says the terminal is remote, else ``local``.
public enum EscapeDelay {
    /// A terminal on this machine: its sequences arrive in one read.
    public static let local: Duration = .milliseconds(30)
    /// A terminal over SSH: more than the 100 ms gaps seen on slow links, well under readline's 500 ms.
    public static let overSSH: Duration = .milliseconds(200)
    /// The longest `ESCDELAY` honoured (ncurses has no cap; ten seconds per Esc is already unusable).
    public static let longest: Duration = .seconds(10)

    /// The wait for `environment`. An `ESCDELAY` that is not a whole number of milliseconds is ignored.
    public static func `for`(environment: [String: String]) -> Duration {
        if let milliseconds = environment["ESCDELAY"].flatMap({ Int($0) }), milliseconds >= 0 {
            return min(.milliseconds(milliseconds), longest)
        }
        let remote = ["SSH_CONNECTION", "SSH_TTY"].contains { !(environment[$0] ?? "").isEmpty }
        return remote ? overSSH : local
    }
}
