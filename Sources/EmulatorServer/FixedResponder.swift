import Foundation

/// Answers every request with the same bytes: the benchmark's baseline.
public final class FixedResponder: HTTPResponder {
    private let body: Data

    /// Answers 200 with `json` as the body and `Content-Type: application/json`.
    public init(json: String) { body = Data(json.utf8) }

    func respond(method: String, path: String, query: [String: String], headers: [String: String], body _: Data)
        -> (status: Int, headers: [String: String], body: Data, delaySeconds: Int) {
        (200, ["Content-Type": "application/json"], body, 0)
    }
}
