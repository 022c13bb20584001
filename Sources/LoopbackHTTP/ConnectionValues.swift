/// Collects one request's headers and query arguments.
final class ConnectionValues {
    var headers: [String: String] = [:]
    var query: [String: String] = [:]
}
