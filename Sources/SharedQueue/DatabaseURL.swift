#if canImport(Glibc)
import Glibc
#endif

/// A `postgresql://` (or `postgres://`) URL of the shared queue's database, as libpq reads it
/// (https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS), checked before use:
///
/// - A password in it (`user:secret@`, or `?password=`) is refused: it would sit in the shell's history and in
///   `ps`. The message says where it goes instead and never repeats it.
/// - Off loopback the server's certificate is verified for its name (`sslmode=verify-full`) unless the URL
///   names an `sslmode`; on loopback (127.0.0.0/8, ::1, `localhost`, a unix socket) libpq's default stands. A URL
///   without a host is judged by where libpq goes then: `PGHOST`, else the local socket.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL as given (it holds no password).
    public let text: String
    /// Whether ``text`` names no `sslmode` and a host off loopback.
    let verifiesServer: Bool

    /// Whether `text` is meant as a database URL (so a list path is never mistaken for one).
    public static func isDatabaseURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// - Parameter defaultHosts: where libpq connects for a URL without a host (`postgresql://desk@/db`): `PGHOST`'s
    ///   hosts (or `PGHOSTADDR`'s), else none (the local socket).
    /// - Throws: ``DatabaseError/badURL(_:)`` for another scheme or a URL that carries a password.
    public init(_ text: String, defaultHosts: [String] = DatabaseURL.environmentHosts()) throws(DatabaseError) {
        guard Self.isDatabaseURL(text) else {
            throw .badURL("a database is named by a postgresql:// URL (postgresql://USER@HOST[:PORT]/DATABASE).")
        }
        let rest = text.drop { $0 != "/" }.dropFirst(2)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let query = rest.drop { $0 != "?" }.dropFirst()
        let parameters = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (key: String(parts[0]).removingPercentEncoding(), value: parts.count > 1 ? String(parts[1]).removingPercentEncoding() : "")
        }
        let userInfo = authority.lastIndex(of: "@").map { authority[..<$0] }
        if userInfo?.contains(":") == true || parameters.contains(where: { $0.key == "password" }) {
            throw .badURL("the database URL carries a password; it is refused so that it stays out of shell history and "
                          + "process lists. Put the password in ~/.pgpass (or the file PGPASSFILE names), mode 0600, as "
                          + "HOST:PORT:DATABASE:USER:PASSWORD, or name a service (?service=NAME, pg_service.conf), and give "
                          + "the URL without it.")
        }
        let hostPart = userInfo.map { authority[authority.index(after: $0.endIndex)...] } ?? authority
        var hosts = Self.hosts(in: String(hostPart)).filter { !$0.isEmpty }
        hosts += parameters.filter { $0.key == "host" || $0.key == "hostaddr" }.flatMap { $0.value.split(separator: ",").map(String.init) }
        // No host in the URL is not loopback by itself: libpq then goes where the environment says.
        if hosts.isEmpty { hosts = defaultHosts }
        let loopback = hosts.allSatisfy(Self.isLoopback)
        self.text = text
        verifiesServer = !loopback && !parameters.contains { $0.key == "sslmode" || $0.key == "service" }
    }

    /// `PGHOST`'s hosts, else `PGHOSTADDR`'s (https://www.postgresql.org/docs/current/libpq-envars.html); empty
    /// when neither is set.
    public static func environmentHosts() -> [String] {
        for name in ["PGHOST", "PGHOSTADDR"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value.split(separator: ",").map(String.init) }
        }
        return []
    }

    /// The URL, safe to print.
    public var description: String { text }

    /// libpq's keywords and values: the URL, then `sslmode=verify-full` where it applies (a later keyword wins).
    var keywords: [(String, String)] {
        [("dbname", text), ("fallback_application_name", "tophhie")] + (verifiesServer ? [("sslmode", "verify-full")] : [])
    }

    /// The hosts of `host[:port],host[:port]` (IPv6 in brackets); empty means the default unix socket.
    private static func hosts(in list: String) -> [String] {
        list.split(separator: ",").map { entry in
            if entry.hasPrefix("[") { return String(entry.dropFirst().prefix { $0 != "]" }) }
            return String(entry.prefix { $0 != ":" }).removingPercentEncoding()
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host.isEmpty || host.hasPrefix("/") || host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

extension String {
    /// `%2F` → `/`; a malformed escape is kept as written.
    func removingPercentEncoding() -> String {
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let end = utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex),
               let value = UInt8(String(decoding: utf8[utf8.index(after: index)..<end], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index = end
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension DatabaseURL {
    /// The keywords libpq is given, for tests.
    @_spi(Testing) public var keywordsForTesting: [(String, String)] { keywords }
}
