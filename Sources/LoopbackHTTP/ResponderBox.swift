/// Boxes the responder so its address can travel through `void *`.
final class ResponderBox: Sendable {
    let responder: any HTTPResponder
    let isSecure: Bool
    init(_ responder: any HTTPResponder, isSecure: Bool) {
        self.responder = responder
        self.isSecure = isSecure
    }
}
