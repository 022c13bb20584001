import Foundation
import OffPool

/// Reads one-time codes from a real mailbox over IMAP (libcurl, `imaps://`).
///
/// For each code, ``code(for:requestedAt:deadline:)`` waits for a new, unseen message to the exact address
/// (plus-addressing, `qa+run42@contoso.com`, keeps parallel runs apart) dated at or after the moment the
/// code was asked for, reads it with GMime (``ReceivedMessage``), takes the code with the settings' pattern (by
/// default a standalone run of the code's length of digits, ``CodePattern/standalone(digits:)``), and flags the
/// message seen or deletes it. Each IMAP command and each parse runs on a Dispatch thread, never the cooperative
/// pool; between searches the task sleeps.
/// ```swift
/// let reader = try MailboxReader(settings)   // reads the password from its variable or file
/// let code = try await reader.code(for: "qa+run42@contoso.com", requestedAt: asked, deadline: .now + 60, digits: 8)
/// ```
/// One call at a time per reader (the calls share one connection). After a cancellation the reader only
/// answers `.cancelled`.
public final class MailboxReader: Sendable {
    public let settings: MailboxSettings
    private let connection: IMAPConnection

    /// The slack under the asked-for moment a message's `Date` may have: `Date` has whole seconds, and the
    /// sender's clock is not this machine's.
    static let dateSlack: TimeInterval = 2
    /// The most messages fetched after one search.
    static let fetchesPerSearch = 20

    /// Reads the password and prepares the connection (nothing is sent yet).
    /// - Throws: `MailboxFailure.configuration` when the password cannot be read.
    public init(_ settings: MailboxSettings, environment: [String: String] = ProcessInfo.processInfo.environment) throws(MailboxFailure) {
        self.settings = settings
        connection = try IMAPConnection(location: settings.location, password: try settings.password.read(environment: environment),
                                        caFile: settings.caFile)
    }

    /// Waits for the code sent to `address`.
    /// - Parameters:
    ///   - address: the exact recipient (compared with the `To` and `Cc` addresses as addresses are: ``EmailAddress/same(_:_:)``).
    ///   - requestedAt: when the step that sent the code began; older messages are not taken.
    ///   - deadline: when to give up (the scenario's timeout).
    ///   - digits: the code's length, the challenge's `code_length` (docs/protocol.md §N3.2): the default pattern's run of digits.
    /// - Returns: the code.
    /// - Throws: `MailboxFailure`: `.noMessage` at the deadline, `.noCode` when the new message holds none,
    ///   `.unreachable`, `.loginRefused`, `.protocolFailure`, `.cancelled` when the task is cancelled.
    public func code(for address: String, requestedAt: Date, deadline: Date, digits: Int) async throws(MailboxFailure) -> String {
        guard !address.isEmpty, !address.contains(where: { "\"\\\r\n".contains($0) }) else {
            throw .configuration("the address \"\(address)\" cannot be searched for")
        }
        let pattern = settings.pattern ?? .standalone(digits: digits)
        let since = Self.searchDate(requestedAt.addingTimeInterval(-86_400))
        let earliest = requestedAt.addingTimeInterval(-Self.dateSlack)
        // UIDs already read and found too old: not fetched again on the next search.
        var passed: Set<UInt64> = []
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw .noMessage(address: address, seconds: max(1, Int((deadline.timeIntervalSince(requestedAt)).rounded())),
                                 mailbox: settings.location.description)
            }
            let uids = try await offPool { (connection: IMAPConnection) throws(MailboxFailure) -> [UInt64] in
                try connection.search("UNSEEN SINCE \(since) TO \"\(address)\"", timeout: min(remaining, 30))
            }
            // Newest first, at most `fetchesPerSearch` a round (a Maildir's UIDs follow its listing, not
            // always arrival); an older message is remembered and not fetched again.
            for uid in uids.reversed().filter({ !passed.contains($0) }).prefix(Self.fetchesPerSearch) {
                let timeout = max(1, min(deadline.timeIntervalSinceNow, 30))
                let message = try await offPool { (connection: IMAPConnection) throws(MailboxFailure) -> ReceivedMessage in
                    ReceivedMessage(try connection.fetch(uid: uid, timeout: timeout))
                }
                guard message.isAddressed(to: address), message.date.map({ $0 >= earliest }) ?? true else {
                    passed.insert(uid)
                    continue
                }
                // Flagged whether it holds a code or not: a message without one must not stop the next run.
                try await dispose(uid, timeout: timeout)
                return try Self.code(in: message, pattern: pattern, address: address)
            }
            let pause = min(settings.pollInterval, max(0, deadline.timeIntervalSinceNow))
            do {
                try await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
            } catch {
                connection.cancel()
                throw .cancelled
            }
        }
    }

    /// The code in the message's text, else in its subject.
    /// - Throws: `MailboxFailure.noCode`, naming the subject and the pattern (and what GMime found malformed).
    static func code(in message: ReceivedMessage, pattern: CodePattern, address: String) throws(MailboxFailure) -> String {
        guard let code = pattern.code(in: message.text) ?? pattern.code(in: message.subject) else {
            throw .noCode(address: address, subject: printable(message.subject), pattern: pattern.source,
                          detail: message.problem.map { "malformed MIME: \($0)" })
        }
        return code
    }

    /// Flags the message as the settings say, so the next code's search does not find it again.
    private func dispose(_ uid: UInt64, timeout: TimeInterval) async throws(MailboxFailure) {
        switch settings.afterReading {
        case .seen:
            try await offPool { (connection: IMAPConnection) throws(MailboxFailure) in
                try connection.addFlags("\\Seen", uid: uid, timeout: timeout)
            }
        case .delete:
            try await offPool { (connection: IMAPConnection) throws(MailboxFailure) in
                try connection.addFlags("\\Seen \\Deleted", uid: uid, timeout: timeout)
                try connection.expunge(timeout: timeout)
            }
        }
    }

    /// Runs blocking IMAP work on a Dispatch thread; cancelling the task aborts it within about a second.
    private func offPool<T: Sendable>(_ work: @escaping @Sendable (IMAPConnection) throws(MailboxFailure) -> T) async throws(MailboxFailure) -> T {
        try await OffPoolWork.run(onCancel: connection.cancel) { [connection] () throws(MailboxFailure) in try work(connection) }
    }

    /// `2-Dec-2026`: IMAP's date (RFC 3501 §9 `date`), English month names whatever the locale.
    static func searchDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d-MMM-yyyy"
        return formatter.string(from: date)
    }

    /// Control characters out (a subject is text from outside, bound for a terminal or report).
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }).prefix(120))
    }
}
