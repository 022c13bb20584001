/// Why a progress file cannot be resumed from: it cannot be read, is not a progress file, or belongs to a list
/// that has changed since. The file is left as it was.
public struct ProgressFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence naming the file (and its line when known) and what to do.
    public let message: String

    /// Memberwise.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
