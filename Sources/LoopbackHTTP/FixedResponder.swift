/// Answers every request with the same bytes: the benchmark's baseline.
public final class FixedResponder: HTTPResponder {
    private let body: [UInt8]

    /// Answers 200 with `json` as the body and `Content-Type: application/json`.
    public init(json: String) { body = Array(json.utf8) }

    /// The same 200 answer whatever the request.
    public func respond(to _: LoopbackRequest) -> LoopbackResponse {
        LoopbackResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
