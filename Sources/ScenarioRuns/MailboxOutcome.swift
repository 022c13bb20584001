import MailboxCodes
import Synchronization

/// The mailbox read's result, set by its task and read by the scenario's thread.
final class MailboxOutcome: Sendable {
    let result = Mutex<Result<String, MailboxFailure>?>(nil)
}
