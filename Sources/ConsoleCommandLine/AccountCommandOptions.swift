import Foundation
import TophhieCloudAuthentication

/// What `tophhie token`, `tophhie accounts` and `tophhie sign-out` were given.
public struct AccountCommandOptions: Equatable, Sendable {
    /// Authority and client id (flags, then `TOPHHIE_AUTHORITY`/`TOPHHIE_CLIENT_ID`, then `--profile`).
    public var target: TenantTarget
    /// `--token-cache FILE`, else `TOPHHIE_TOKEN_CACHE`, else the XDG default.
    public var tokenCachePath: String
    /// `--ca-file FILE`: a PEM CA trusted besides the system's.
    public var caFile: String?
    /// `--scopes A,B` (token only); nil uses the default scopes.
    public var scopes: [String]?
    /// `--output table|json|md` (`--json`: json); listing commands only, `token` reads ``json``.
    public var output = OutputFormat.table
    /// `--json`: machine-readable output; the same as `output == .json`.
    public var json: Bool {
        get { output == .json }
        set { output = newValue ? .json : .table }
    }
    /// `--account NAME` (sign-out, token, history): a username or home account id; the current account by default.
    public var account: String?
    /// `lookup CORRELATION-ID`: the correlation id a failed exchange carried.
    public var correlationID: String?
    /// `--user UPN|OBJECT-ID` (history): whose sign-ins; (lookup) whose recent sign-ins when the id is not found yet.
    public var historyUser: String?
    /// `--wait DURATION` (lookup): how long to keep looking for an entry not in the log yet, in seconds.
    public var waitSeconds: Int?
    /// `--top N` (history): rows per page, 1…1000.
    public var top = 50
    /// `--pages N` (history): pages to read at most.
    public var pages = 1
    /// `--out FILE` (tenant snapshot): where the snapshot goes; standard output by default.
    public var outPath: String?
    /// `--graph URL`: the Microsoft Graph base; the real one by default.
    public var graph: URL?
    /// `--debug` or `TOPHHIE_DEBUG=http`: each HTTP exchange on standard error (``HTTPDebugLog``).
    public var debugHTTP = false

    /// Memberwise with no scopes, account or JSON.
    public init(target: TenantTarget, tokenCachePath: String, caFile: String? = nil) {
        self.target = target
        self.tokenCachePath = tokenCachePath
        self.caFile = caFile
    }
}

/// The script commands.
public enum AccountCommand: String, Equatable, Sendable, CaseIterable {
    /// Prints a silently acquired access token.
    case token
    /// Lists the cached accounts.
    case accounts
    /// Removes an account from the cache.
    case signOut = "sign-out"
    /// A user's sign-ins from Graph, read with an operator's cached account.
    case history
    /// `tenant snapshot`: the tenant's configuration from Graph, read with an operator's cached account.
    case tenantSnapshot = "tenant snapshot"
    /// The sign-in log entry of one correlation id.
    case lookup
}
