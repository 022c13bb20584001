extension HTTPDaemon {
    /// A bare server answering a fixed JSON body on `127.0.0.1` (benchmark baseline).
    /// - Parameters:
    ///   - json: the body of every answer (status 200, `Content-Type: application/json`).
    ///   - port: 0 takes any free port.
    /// - Throws: `HTTPDaemon.StartFailure` when the port cannot be bound.
    public static func fixed(json: String, port: UInt16 = 0) throws(StartFailure) -> HTTPDaemon {
        try HTTPDaemon(host: "127.0.0.1", port: port, responder: FixedResponder(json: json))
    }
}
