/// A JSON value as the token cache keeps it: numbers stay the literal text they were read as, so members
/// and fields this client does not know are written back exactly (Source: docs/protocol.md §I1.7).
///
/// Objects keep no member order; the framework's writer sorts keys so output is stable. Foundation-free, so the
/// `tophhie` launcher reads the cache with the framework's own reader (docs/ARCHITECTURE.md, "The launcher").
public enum CacheJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's literal text, already checked against the JSON grammar.
    case number(String)
    case string(String)
    case array([CacheJSON])
    case object([String: CacheJSON])

    /// The members when this is an object.
    public var object: [String: CacheJSON]? {
        if case .object(let members) = self { members } else { nil }
    }
}
