import Foundation

/// An authority, parsed once for every way one arrives (`configure`, `--authority`, a profile,
/// `TOPHHIE_AUTHORITY`): scheme and host checked, the tenant path completed or required, and any
/// query kept for every endpoint.
///
/// Accepted shapes (docs/protocol.md §N1.1):
/// `https://{sub}.ciamlogin.com/` (completed to `…/{sub}.onmicrosoft.com`, as MSAL normalises it),
/// `https://{sub}.ciamlogin.com/{sub}.onmicrosoft.com`, `https://{sub}.ciamlogin.com/{tenant-id}`,
/// `https://{custom-domain}/{tenant-id}`; plain `http` only for loopback hosts (the emulator). A query
/// such as `?dc=ESTS-PUB-…` (a data-centre hint, docs/protocol.md §N1.1) goes on every endpoint URL after its path.
public struct Authority: Sendable, Hashable, CustomStringConvertible {
    /// `scheme://host[:port]/tenant-path`, no trailing `/`, no query.
    public let base: URL
    /// The query as given (percent-encoded, without `?`), or nil.
    public let query: String?
    /// When a host-only `*.ciamlogin.com` authority was completed: a sentence saying so, to show once.
    public let completionNote: String?

    /// The accepted shapes, for messages.
    public static let acceptedShapes = "https://{sub}.ciamlogin.com/, https://{sub}.ciamlogin.com/{sub}.onmicrosoft.com, "
        + "https://{sub}.ciamlogin.com/{tenant-id} or https://{custom-domain}/{tenant-id}"

    /// Parses `text` (surrounding spaces ignored).
    /// - Throws: `NativeAuthError.invalidConfiguration` with a sentence naming the accepted shapes.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed) else { throw Self.refused(trimmed, "is not a URL") }
        try self.init(components, original: trimmed)
    }

    /// Parses `url`.
    /// - Throws: `NativeAuthError.invalidConfiguration`, as `init(parsing:)`.
    public init(_ url: URL) throws {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw Self.refused(url.absoluteString, "is not a URL")
        }
        try self.init(components, original: url.absoluteString)
    }

    private init(_ components: URLComponents, original: String) throws {
        guard let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty else {
            throw Self.refused(original, "is not an absolute URL")
        }
        switch scheme {
        case "https": break
        case "http" where NativeAuthConfiguration.isLoopback(host): break
        case "http":
            throw NativeAuthError.invalidConfiguration(
                "Plain HTTP is refused for \(host): use https (http is allowed only for loopback hosts).")
        default:
            throw Self.refused(original, "must be an https URL, not \(scheme)")
        }
        guard components.fragment == nil else { throw Self.refused(original, "has a #fragment") }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        var note: String?
        if path.isEmpty {
            let lowered = host.lowercased()
            let labels = lowered.split(separator: ".")
            guard labels.count == 3, lowered.hasSuffix(".ciamlogin.com") else { throw Self.refused(original, "has no tenant path") }
            path = "/\(labels[0]).onmicrosoft.com"
            note = "The authority \(original) has no tenant path: using \(scheme)://\(lowered)\(path)."
        }
        var rebuilt = URLComponents()
        rebuilt.scheme = scheme
        rebuilt.host = components.host
        rebuilt.port = components.port
        rebuilt.percentEncodedPath = path
        guard let base = rebuilt.url else { throw Self.refused(original, "is not a URL") }
        self.base = base
        let query = components.percentEncodedQuery
        self.query = (query?.isEmpty ?? true) ? nil : query
        completionNote = note
    }

    /// The authority as used: base plus query.
    public var url: URL { endpoint("") }

    /// `url` as text.
    public var description: String { url.absoluteString }

    /// `base` + `path` (which starts with `/`), then the authority's query.
    public func endpoint(_ path: String) -> URL {
        let text = base.absoluteString + path + (query.map { "?" + $0 } ?? "")
        return URL(string: text) ?? base.appendingPathComponent(path)
    }

    private static func refused(_ text: String, _ problem: String) -> NativeAuthError {
        .invalidConfiguration("The authority \(text) \(problem). Use one of: \(acceptedShapes).")
    }
}
