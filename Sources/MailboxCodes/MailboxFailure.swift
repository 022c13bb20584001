/// Why no code came from the mailbox, in words fit for a report. Never holds the password, the code or a
/// message body.
public enum MailboxFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The mailbox URL, password source or pattern cannot be used (before any connection).
    case configuration(String)
    /// The server could not be reached (refused, unknown host, TLS handshake or certificate).
    case unreachable(mailbox: String, reason: String)
    /// The server refused the user name and password.
    case loginRefused(mailbox: String, user: String)
    /// No new message to the address arrived before the deadline.
    case noMessage(address: String, seconds: Int, mailbox: String)
    /// A new message to the address arrived, but the pattern finds no code in it.
    case noCode(address: String, subject: String, pattern: String, detail: String?)
    /// The server answered something else than expected, or the connection failed mid-way.
    case protocolFailure(mailbox: String, reason: String)
    /// The wait was cancelled (the run was interrupted).
    case cancelled

    public var description: String {
        switch self {
        case .configuration(let text):
            "mailbox: \(text)"
        case .unreachable(let mailbox, let reason):
            "the mailbox \(mailbox) could not be reached: \(reason)"
        case .loginRefused(let mailbox, let user):
            "the mailbox \(mailbox) refused the login of \(user) (wrong password or user name?)"
        case .noMessage(let address, let seconds, let mailbox):
            "no new message to \(address) arrived in \(mailbox) within \(seconds) s"
        case .noCode(let address, let subject, let pattern, let detail):
            "the message to \(address) (subject \"\(subject)\") holds no code matching \(pattern)"
                + (detail.map { " (\($0))" } ?? "")
        case .protocolFailure(let mailbox, let reason):
            "the mailbox \(mailbox) failed: \(reason)"
        case .cancelled:
            "the wait for the code was cancelled"
        }
    }
}
