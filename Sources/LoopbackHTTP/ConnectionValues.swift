/// Collects one request's headers and query arguments.
final class ConnectionValues {
    /// Room for a few more: a responder that adds one (the emulator's scheme) need not grow it.
    var headers = [String: String](minimumCapacity: 16)
    var query: [String: String] = [:]

    /// The headers, leaving none here.
    func takeHeaders() -> [String: String] {
        defer { headers = [:] }
        return headers
    }
}
