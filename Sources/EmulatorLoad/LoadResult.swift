/// What one phase measured: completed rounds, answers, wall time, the clients' own CPU, latencies and errors.
public struct LoadResult: Sendable {
    /// Rounds (flows) that ran to their end with every answer as expected.
    public var rounds = 0
    /// Wall-clock seconds from the start signal until the last client finished.
    public var seconds = 0.0
    /// CPU seconds the client threads used during the timed part (the load generator's own cost).
    public var clientCPUSeconds = 0.0
    /// Seconds per answered request, by step label (empty for a phase that keeps none).
    public var latencies: [String: [Double]] = [:]
    /// Requests whose answer was wrong or never came, and set-ups that failed.
    public var errorCount = 0
    /// The first few errors, for the report.
    public var firstErrors: [String] = []

    /// An empty result, to `add` slices to.
    public init() {}

    /// A run with any error fails.
    public var failed: Bool { errorCount > 0 }
    /// Answered requests.
    public var requests = 0
    /// Completed rounds per second.
    public var roundsPerSecond: Double { seconds > 0 ? Double(rounds) / seconds : 0 }
    /// Answered requests per second.
    public var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
    /// Cores the load generator kept busy on average.
    public var clientCores: Double { seconds > 0 ? clientCPUSeconds / seconds : 0 }

    /// The latency at `fraction` (0.5, 0.99) in milliseconds, of one label or of every request.
    public func percentile(_ fraction: Double, of label: String? = nil) -> Double {
        let samples = (label.map { latencies[$0] ?? [] } ?? latencies.values.flatMap { $0 }).sorted()
        guard !samples.isEmpty else { return 0 }
        return samples[min(samples.count - 1, Int(Double(samples.count - 1) * fraction))] * 1000
    }

    /// Adds another run of the same phase (a later slice of it): counts, times and latencies add up.
    public mutating func add(_ other: LoadResult) {
        rounds += other.rounds
        requests += other.requests
        seconds += other.seconds
        clientCPUSeconds += other.clientCPUSeconds
        latencies.merge(other.latencies) { $0 + $1 }
        errorCount += other.errorCount
        firstErrors = Array((firstErrors + other.firstErrors).prefix(5))
    }

    mutating func record(_ error: String) {
        errorCount += 1
        if firstErrors.count < 5 { firstErrors.append(error) }
    }
}
