import Foundation

/// Everything a ``MailboxReader`` needs but the password itself: where, how to trust it, how to find the
/// code, and what to do with a message once read.
public struct MailboxSettings: Sendable, Equatable {
    /// What becomes of a message whose code was taken.
    public enum AfterReading: String, Sendable, CaseIterable {
        /// Flagged `\Seen` (it stays in the folder).
        case seen
        /// Flagged `\Deleted` and expunged.
        case delete
    }

    public var location: MailboxLocation
    public var password: MailboxPassword
    /// A PEM file of CA certificates trusted besides the system's (a private or test CA); nil: the system's.
    public var caFile: String?
    /// The code's pattern; nil: a standalone run of the challenge's code length of digits (``CodePattern/standalone(digits:)``).
    public var pattern: CodePattern?
    public var afterReading: AfterReading
    /// How long to wait between two searches of the folder (seconds).
    public var pollInterval: TimeInterval

    public init(location: MailboxLocation, password: MailboxPassword, caFile: String? = nil,
                pattern: CodePattern? = nil, afterReading: AfterReading = .seen, pollInterval: TimeInterval = 0.5) {
        self.location = location
        self.password = password
        self.caFile = caFile
        self.pattern = pattern
        self.afterReading = afterReading
        self.pollInterval = pollInterval
    }
}
