import StrictJSON

/// A policy file that cannot be used: one message naming the file, the key and what is allowed.
///
/// The `tophhie emulator` command prints `message` and exits with code 2.
public struct PolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or preset name) the policy came from.
    public let file: String
    /// The key path, e.g. `otp.length` or `signUp.attributes[2].type`.
    public let key: String
    /// What is allowed there.
    public let allowed: String

    /// A failure at `key` in `file`; `allowed` says what would have been accepted.
    public init(file: String, key: String, allowed: String) {
        self.file = file
        self.key = key
        self.allowed = allowed
    }

    /// The reader's fault as a policy error: its path is the key (or `line L, column C`), its problem what is allowed.
    init(_ error: JSONFileError) {
        self.init(file: error.file, key: error.path, allowed: error.problem)
    }

    /// `FILE: KEY: ALLOWED`.
    public var message: String { "\(file): \(key): \(allowed)" }
    /// The same text as ``message``.
    public var description: String { message }
}
