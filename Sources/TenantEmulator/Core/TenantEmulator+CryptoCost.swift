import Dispatch
import Synchronization
import Foundation

extension TenantEmulator {
    /// Times the tenant's unavoidable work: RS256 signatures with its own key over a token-sized input and
    /// PBKDF2 hashes at its own cost.
    ///
    /// For a benchmark's ceiling (issue 15): a flow that did nothing but its signatures and hashes could not
    /// run faster than this. Touches no tenant state.
    /// - Parameters:
    ///   - samples: operations of each kind per batch (at least 1).
    ///   - threads: 1 times the work alone on the calling thread, the median of five batches of each kind
    ///     (about `5 × samples × (sign + hash)`). More runs that many threads at once, one batch of each kind
    ///     apiece, and averages their times: what each core does while all of them are busy, as they are while
    ///     a server runs flows on every core (cores can share caches, power and, on a virtual machine, a host).
    /// - Returns: wall-clock seconds per signature and per hash.
    public func measureCryptoCost(samples: Int = 20, threads: Int = 1) -> CryptoCost {
        let count = max(1, samples)
        // The size of a signing input the emulator really signs (JWT header and claims, base64url).
        let input = [UInt8](repeating: 0x41, count: 760)
        let sign: @Sendable () -> Void = { [issuer] in _ = try? issuer.key.sign(input) }
        let hash: @Sendable () -> Void = { [hasher] in _ = hasher.hash("Bench-Mark-2026!") }
        guard threads > 1 else {
            return CryptoCost(signSeconds: (0..<5).map { _ in Self.secondsPerCall(sign, count) }.sorted()[2],
                              hashSeconds: (0..<5).map { _ in Self.secondsPerCall(hash, count) }.sorted()[2])
        }
        let costs = Mutex<[CryptoCost]>([])
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                go.wait()
                let cost = CryptoCost(signSeconds: Self.secondsPerCall(sign, count), hashSeconds: Self.secondsPerCall(hash, count))
                costs.withLock { $0.append(cost) }
                done.leave()
            }
        }
        for _ in 0..<threads { go.signal() }
        done.wait()
        let all = costs.withLock { $0 }
        return CryptoCost(signSeconds: all.map(\.signSeconds).reduce(0, +) / Double(all.count),
                          hashSeconds: all.map(\.hashSeconds).reduce(0, +) / Double(all.count))
    }

    /// Wall-clock seconds per call of `work`, over `count` calls.
    private static func secondsPerCall(_ work: () -> Void, _ count: Int) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { work() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(count)
    }
}
