import Foundation

/// Why the token cache could not be read, changed or written. Messages never contain a token.
///
/// Source: docs/protocol.md §I1.6 (lock file), §I1.7 (corrupt files); field case 019 (docs/field-cases.md).
public enum TokenCacheError: Error, Sendable, Equatable, LocalizedError {
    /// The cache text is not a unified MSAL cache: not JSON, extra bytes after the JSON, or a well-known
    /// member (`AccessToken`, …) that is not an object. The payload says where, never what the bytes were.
    case malformed(String)
    /// A token answer gave no account identity: no `client_info` (`uid`/`utid`) and no id token with `oid` and `tid`.
    case noAccountIdentity
    /// A file operation failed; the payload names the operation, the path and `strerror`.
    case io(String)
    /// `<cache>.lockfile` stayed held by a live process for the whole wait (about 5 s).
    case lockTimeout(path: String)

    public var errorDescription: String? {
        switch self {
        case .malformed(let detail): "The token cache is damaged: \(detail)."
        case .noAccountIdentity: "The token answer names no account (no client_info and no oid/tid in the id token)."
        case .io(let detail): "The token cache file could not be used: \(detail)."
        case .lockTimeout(let path): "Another program has held the token cache lock \(path) for too long; if no Tophhie or MSAL program is running, delete that file."
        }
    }
}
