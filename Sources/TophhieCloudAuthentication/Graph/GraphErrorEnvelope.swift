import Foundation

/// Graph's nested error body, `{"error":{"code","message","innerError":{"date","request-id","client-request-id"}}}`
/// (not the STS's flat `error`/`error_description`: docs/protocol.md trap T18). Unknown members are ignored.
/// Source: docs/protocol.md §I5.3.
struct GraphErrorEnvelope: Sendable, Equatable {
    var code: String?
    var message: String?
    var date: String?
    var requestID: String?
    var clientRequestID: String?

    /// Nil unless `json` is an object whose `error` is an object.
    init?(json: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let error = root["error"] as? [String: Any] else { return nil }
        let inner = (error["innerError"] ?? error["innererror"]) as? [String: Any]
        code = error["code"] as? String
        message = error["message"] as? String
        date = inner?["date"] as? String
        requestID = inner?["request-id"] as? String
        clientRequestID = inner?["client-request-id"] as? String
    }
}
