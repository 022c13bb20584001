extension TransportFailure {
    /// A sentence for a request to `host` that got no answer, for a person to read (not the case's debug text).
    public func sentence(host: String) -> String {
        switch self {
        case .connectionLost: "The connection to \(host) was lost."
        case .unreachable: "The server \(host) could not be reached."
        case .timedOut: "The server \(host) did not answer in time."
        case .cancelled: "The request was cancelled."
        case .other(let text): "The request to \(host) failed: \(text)"
        }
    }
}
