import CommandGrammar
import Glibc
import TokenCacheJSON

/// `tophhie token` answered by the launcher from the token cache, without loading the console: the access token
/// the console's silent acquisition (`TophhieAuth.acquireTokenSilent`) would print from the cache as it stands,
/// found by the same rules (the first cached account of the app and authority by username; its home-realm
/// account entry; a matching id token; the access tokens of that account, app, realm and scopes, the one
/// expiring last; more than the 5-minute buffer left and `refresh_on` not reached).
///
/// It answers only when it is sure; anything else is nil and the console answers, as before: other options or
/// scopes, a profile, debug output, an authority it does not read plainly (no tenant path, a query, percent
/// escapes), a cache file that is missing, a link, readable by others, not JSON or holding duplicate entries the
/// console would collapse and write back, an account in several realms, more than one candidate id token, a tie,
/// a token without `cached_at` or stamped in the future, and any proof-of-possession trace
/// (`AccessToken_With_AuthScheme`, a `token_type` other than Bearer, `key_id`, `req_cnf`) anywhere among the
/// access tokens. A refresh always takes the console. `CachedTokenShortcutTests` compares both on the same caches.
public enum CachedTokenShortcut {
    /// Seconds an access token must have left beyond the console's 5-minute buffer (`TophhieAuth.expiryBuffer`),
    /// so that the two never disagree about a token at the edge.
    static let expiryBuffer = 300.0
    static let edge = 2.0
    /// Larger caches go to the console.
    static let maximumFileBytes = 4 << 20

    /// The access token to print, or nil when the console must answer.
    /// - Parameters:
    ///   - arguments: the launcher's arguments, without the program name.
    ///   - environment: `TOPHHIE_AUTHORITY`, `TOPHHIE_CLIENT_ID`, `TOPHHIE_TOKEN_CACHE`, `XDG_STATE_HOME`, `HOME`.
    ///   - now: seconds since the epoch.
    public static func token(arguments: [String], environment: [String: String], now: Double) -> String? {
        guard arguments.first == "token", let scanned = try? CommandTable.token.scan(Array(arguments.dropFirst())),
              scanned.operands.isEmpty else { return nil }
        var flags: [String: String] = [:]
        for given in scanned.options {
            guard ["--authority", "--client-id", "--token-cache"].contains(given.name), let value = given.value,
                  flags.updateValue(value, forKey: given.name) == nil else { return nil }
        }
        guard environment["TOPHHIE_DEBUG"] == nil, environment["TOPHHIE_SHELL_MODES"] == nil,
              let authority = flags["--authority"] ?? environment["TOPHHIE_AUTHORITY"],
              let host = cacheEnvironment(ofAuthority: authority),
              let clientID = flags["--client-id"] ?? environment["TOPHHIE_CLIENT_ID"], !clientID.isEmpty,
              clientID.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
              let path = flags["--token-cache"] ?? defaultCachePath(environment),
              let bytes = readCache(path), let cache = try? CacheJSON.parse(bytes), case .object(let root) = cache
        else { return nil }
        return TokenChoice(root: root, host: host, clientID: clientID.lowercased(), now: now)?.secret
    }

    /// The cache's `environment` for an authority the console reads the same way: `https://host[:port]/tenant…` or
    /// `http://` with a loopback host; nil for any other shape.
    static func cacheEnvironment(ofAuthority text: String) -> String? {
        let scheme: String
        if text.hasPrefix("https://") { scheme = "https" } else if text.hasPrefix("http://") { scheme = "http" } else { return nil }
        let rest = text.dropFirst(scheme.count + 3)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        var authority = rest[..<slash]
        let path = rest[slash...]
        if let colon = authority.firstIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard (1...5).contains(port.count), port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return nil }
            authority = authority[..<colon]
        }
        let host = authority.lowercased()
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !labels.isEmpty, labels.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isHostByte) }),
              path.utf8.allSatisfy(isPathByte), path.split(separator: "/").count >= 1 else { return nil }
        if scheme == "http" {
            let octets = labels.compactMap { UInt8($0) }
            guard host == "localhost" || (octets.count == 4 && labels.count == 4 && labels[0] == "127") else { return nil }
        }
        return host
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
    }

    private static func isPathByte(_ byte: UInt8) -> Bool {
        isHostByte(byte) || (0x41...0x5A).contains(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_")
    }

    /// `TokenCacheFile.defaultPath`: `$TOPHHIE_TOKEN_CACHE`, else `$XDG_STATE_HOME` (absolute) or `$HOME/.local/state`,
    /// then `tophhie/msal_token_cache.json`; nil when it would need the password database.
    static func defaultCachePath(_ environment: [String: String]) -> String? {
        if let override = environment["TOPHHIE_TOKEN_CACHE"], !override.isEmpty { return override }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/tophhie/msal_token_cache.json" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/tophhie/msal_token_cache.json"
    }

    /// The file's bytes when it is a plain file of this user's, 0600 or tighter, not a link, not empty.
    static func readCache(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 == 0,
              status.st_uid == geteuid(), status.st_size > 0, status.st_size <= maximumFileBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count > 0 {
                filled += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return nil
            }
        }
        return bytes
    }
}
