/// One request in progress: its body arrives in pieces before the final call.
final class PendingRequest {
    var body: [UInt8] = []
}
