/// Collects one request's headers and query arguments.
final class ConnectionValues {
    /// Room for a few more: a responder that adds one to its copy (the emulator's scheme) need not grow it.
    var headers = [String: String](minimumCapacity: 16)
    var query: [String: String] = [:]
}
