/// Boxes the responder so its address can travel through `void *`, with what a stop waits for.
final class ResponderBox: Sendable {
    let responder: any HTTPResponder
    let isSecure: Bool
    /// Requests under way and connections whose first request is still to come: `stop()` waits for them.
    let drain = DrainGate()
    init(_ responder: any HTTPResponder, isSecure: Bool) {
        self.responder = responder
        self.isSecure = isSecure
    }
}
