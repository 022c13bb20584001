/// Answers the requests an `HTTPDaemon` receives.
///
/// - Important: `respond(to:)` runs on the daemon's threads, one per connection and possibly several at
///   once, never on an actor; it may block (the connection waits), but every other connection keeps going.
public protocol HTTPResponder: Sendable {
    /// Answers one complete request.
    /// - Parameter request: method, path, decoded query, lower-cased headers and the whole body; the responder owns
    ///   it, so it can add to its headers without copying them.
    /// - Returns: the status, headers and body to send.
    func respond(to request: consuming LoopbackRequest) -> LoopbackResponse
}
