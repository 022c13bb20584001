/// Where a token cache's text stops being JSON: a byte offset and what was expected there, never the bytes.
public struct CacheJSONError: Error, Sendable, Equatable {
    /// `expected X at byte N of M`, and the like.
    public let message: String

    init(_ message: String) { self.message = message }
}
