/// Answers every request with fixed bytes, chosen by path: the benchmark's baseline.
public final class FixedResponder: HTTPResponder {
    private let body: [UInt8]
    private let bodies: [String: [UInt8]]

    /// Answers 200 with `Content-Type: application/json`: `byPath[path]` as the body where the request's path has
    /// one, else `json`.
    public init(json: String, byPath: [String: String] = [:]) {
        body = Array(json.utf8)
        bodies = byPath.mapValues { Array($0.utf8) }
    }

    /// The same 200 answer for every request to one path.
    public func respond(to request: LoopbackRequest) -> LoopbackResponse {
        LoopbackResponse(status: 200, headers: ["Content-Type": "application/json"], body: bodies.isEmpty ? body : bodies[request.path] ?? body)
    }
}
