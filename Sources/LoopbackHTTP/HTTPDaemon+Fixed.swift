extension HTTPDaemon {
    /// A bare server answering fixed JSON bodies on `127.0.0.1` (benchmark baseline).
    /// - Parameters:
    ///   - json: the body of every answer (status 200, `Content-Type: application/json`) to a path not in `byPath`.
    ///   - byPath: the body for each of these paths (as requested, e.g. `/TENANT/oauth2/v2.0/initiate`).
    ///   - port: 0 takes any free port.
    /// - Throws: `HTTPDaemon.StartFailure` when the port cannot be bound.
    public static func fixed(json: String, byPath: [String: String] = [:], port: UInt16 = 0) throws(StartFailure) -> HTTPDaemon {
        try HTTPDaemon(host: "127.0.0.1", port: port, responder: FixedResponder(json: json, byPath: byPath))
    }
}
