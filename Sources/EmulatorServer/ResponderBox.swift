/// Boxes the responder so its address can travel through `void *`.
final class ResponderBox {
    let responder: any HTTPResponder
    init(_ responder: any HTTPResponder) { self.responder = responder }
}
