/// What every client of a phase does: an untimed set-up, then the same round again and again.
///
/// `prepare` runs once per client before the clock starts (it may send requests, e.g. to hold a flow token
/// for the round to reuse) and returns that client's round; the round gets its index within the client.
public struct LoadScript: Sendable {
    /// Requests one round sends (the latency table counts them; this is for the summary).
    public let requestsPerRound: Int
    let prepare: @Sendable (LoadClient, _ client: Int) throws -> (_ round: Int) throws -> Void

    /// A script whose rounds send `requestsPerRound` requests each.
    public init(requestsPerRound: Int, prepare: @escaping @Sendable (LoadClient, _ client: Int) throws -> (_ round: Int) throws -> Void) {
        self.requestsPerRound = requestsPerRound
        self.prepare = prepare
    }
}
