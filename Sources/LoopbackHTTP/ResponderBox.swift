import Synchronization

/// Boxes the responder so its address can travel through `void *`, with the count of requests under way.
final class ResponderBox: Sendable {
    let responder: any HTTPResponder
    let isSecure: Bool
    /// Requests begun and not yet completed (answer sent, or the connection gone): `stop()` waits for them.
    let requestsUnderWay = Atomic<Int>(0)
    init(_ responder: any HTTPResponder, isSecure: Bool) {
        self.responder = responder
        self.isSecure = isSecure
    }
}
