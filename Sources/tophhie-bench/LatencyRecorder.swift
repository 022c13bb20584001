import Foundation

/// Latencies per endpoint, collected from many threads.
final class LatencyRecorder: @unchecked Sendable {
    // @unchecked: `samples` is only touched under `lock`.
    private let lock = NSLock()
    private var samples: [String: [Double]] = [:]

    func record(_ name: String, seconds: Double) {
        lock.lock()
        samples[name, default: []].append(seconds)
        lock.unlock()
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return samples.values.reduce(0) { $0 + $1.count }
    }

    /// (name, count, p50 ms, p99 ms), sorted by name.
    func percentiles() -> [(name: String, count: Int, p50: Double, p99: Double)] {
        lock.lock()
        defer { lock.unlock() }
        return samples.keys.sorted().map { name in
            let sorted = samples[name, default: []].sorted()
            func at(_ fraction: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))] * 1000
            }
            return (name, sorted.count, at(0.5), at(0.99))
        }
    }
}
