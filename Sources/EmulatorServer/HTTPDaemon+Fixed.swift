import Foundation

extension HTTPDaemon {
    /// A bare server answering a fixed JSON body on `127.0.0.1` (benchmark baseline).
    public static func fixed(json: String, port: UInt16 = 0) throws -> HTTPDaemon {
        try HTTPDaemon(host: "127.0.0.1", port: port, responder: FixedResponder(json: json))
    }
}
