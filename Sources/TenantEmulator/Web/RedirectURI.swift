import Foundation

/// A redirect URI registered for a client, with Entra's matching rule.
///
/// Loopback entries (`http://localhost`, and `http://127.0.0.1` only when registered as such) accept any port
/// with the same scheme, host and path (an empty path and `/` are the same); every other entry must match the
/// request byte for byte. `127.0.0.1` does not match a `localhost` entry, and `[::1]` never matches a loopback
/// entry. Source: docs/protocol.md §I4.6 (reply-url.md: the port of a loopback redirect is ignored); field case 024 (docs/field-cases.md).
struct RedirectURI {
    /// The registered text, as written.
    let raw: String
    private let scheme: String
    private let host: String
    private let path: String
    private let hasQueryOrFragment: Bool

    /// Parses an absolute `http`/`https` URI with a host; `nil` otherwise.
    init?(_ text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return nil }
        raw = text
        self.scheme = scheme
        self.host = host.lowercased()
        path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        hasQueryOrFragment = components.percentEncodedQuery != nil || components.percentEncodedFragment != nil
    }

    private var isLoopback: Bool { scheme == "http" && (host == "localhost" || host == "127.0.0.1") }

    /// Whether a request's `redirect_uri` is accepted under this registration.
    func accepts(_ requested: String) -> Bool {
        if requested == raw { return true }
        guard isLoopback, let candidate = RedirectURI(requested), !candidate.hasQueryOrFragment else { return false }
        return candidate.scheme == scheme && candidate.host == host && candidate.path == path
    }
}
