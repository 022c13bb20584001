import Foundation

/// Where the mailbox password comes from: an environment variable or a file, never a command line.
public enum MailboxPassword: Sendable, Equatable {
    /// The variable's value.
    case environment(String)
    /// The file's first line (a trailing newline is dropped). The file should be mode 0600.
    case file(String)

    /// Reads the password now.
    /// - Throws: `MailboxFailure.configuration` naming the variable or file (never the value).
    public func read(environment: [String: String] = ProcessInfo.processInfo.environment) throws(MailboxFailure) -> String {
        switch self {
        case .environment(let name):
            guard let value = environment[name], !value.isEmpty else {
                throw .configuration("the password variable \(name) is not set")
            }
            return value
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .configuration("the password file \(path) cannot be read")
            }
            let text = String(decoding: data, as: UTF8.self)
            let line = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard !line.isEmpty else { throw .configuration("the password file \(path) is empty") }
            return line
        }
    }
}
