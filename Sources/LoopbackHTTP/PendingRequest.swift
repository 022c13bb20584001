/// One request in progress: its body arrives in pieces before the final call.
final class PendingRequest {
    var body: [UInt8] = []

    /// The body, leaving none here.
    func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }
}
