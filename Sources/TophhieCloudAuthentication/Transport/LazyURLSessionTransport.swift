import Synchronization

/// Creates the `URLSession` transport on the first request: FoundationNetworking is costly to
/// initialise, and a console should paint its first frame before paying for it.
final class LazyURLSessionTransport: HTTPTransport {
    private let transport = Mutex<URLSessionTransport?>(nil)

    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        let live = transport.withLock { current in
            if let current { return current }
            let created = URLSessionTransport()
            current = created
            return created
        }
        return try await live.send(request)
    }
}
