import Foundation

/// A mailbox named by URL: `imaps://USER@HOST[:PORT]/FOLDER` (RFC 5092's shape, as libcurl reads it).
///
/// The user name may be percent-encoded (`qa%40contoso.com`). A password in the URL is refused: it goes in
/// an environment variable or a file (``MailboxPassword``), never on a command line or in a scenario file.
/// Plain `imap://` is refused except on a loopback host, as plain HTTP is.
public struct MailboxLocation: Sendable, Equatable, CustomStringConvertible {
    /// `imaps` (or `imap` on loopback).
    public let scheme: String
    public let user: String
    public let host: String
    /// The port given, or nil for the scheme's (993 / 143).
    public let port: Int?
    /// The folder, e.g. `INBOX`.
    public let folder: String

    /// Reads `text`.
    /// - Throws: `MailboxFailure.configuration` saying what is wrong (never echoing a password given in it).
    public init(_ text: String) throws(MailboxFailure) {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else {
            throw .configuration("\"\(Self.withoutPassword(text))\" is not a mailbox URL (imaps://USER@HOST/INBOX)")
        }
        guard scheme == "imaps" || scheme == "imap" else {
            throw .configuration("the mailbox URL must start with imaps:// (got \(scheme)://)")
        }
        guard parts.password == nil else {
            throw .configuration("the mailbox URL holds a password: give it in an environment variable or a file instead")
        }
        guard let user = parts.user.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw .configuration("the mailbox URL names no user (imaps://USER@HOST/INBOX)")
        }
        guard let host = parts.host, !host.isEmpty else { throw .configuration("the mailbox URL names no host") }
        if scheme == "imap" && !Self.isLoopback(host) {
            throw .configuration("plain imap:// is refused for \(host): use imaps://")
        }
        let folder = parts.path.split(separator: "/").map(String.init).joined(separator: "/")
        self.scheme = scheme
        self.user = user
        self.host = host
        self.port = parts.port
        self.folder = folder.isEmpty ? "INBOX" : (folder.removingPercentEncoding ?? folder)
    }

    /// `imaps://qa%40contoso.com@127.0.0.1:9993/INBOX`: the URL without a password, for messages.
    public var description: String {
        "\(scheme)://\(Self.encode(user))@\(hostAndPort)/\(folder)"
    }

    /// The URL libcurl is given (no user in it: that goes in CURLOPT_USERNAME).
    var serverURL: String { "\(scheme)://\(hostAndPort)/\(Self.encode(folder))" }

    private var hostAndPort: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(shown):\($0)" } ?? shown
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.urlUserAllowed
        allowed.remove(charactersIn: "@:/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

    /// The text with anything between `//` and the last `@` after a colon blanked, for an error message.
    private static func withoutPassword(_ text: String) -> String {
        guard let start = text.range(of: "//"), let at = text.range(of: "@", options: .backwards),
              start.upperBound < at.lowerBound,
              let colon = text[start.upperBound..<at.lowerBound].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at.lowerBound...])
    }
}
