import Dispatch

extension TenantEmulator {
    /// Times the tenant's unavoidable work alone on the calling thread: RS256 signatures with its own key and
    /// PBKDF2 hashes at its own cost, each the median of five batches of `samples`.
    ///
    /// For a benchmark's ceiling (issue 15): a flow that did nothing but its signatures and hashes could not
    /// run faster than this. Takes roughly `5 × samples × (sign + hash)`; touches no tenant state.
    public func measureCryptoCost(samples: Int = 20) -> CryptoCost {
        let count = max(1, samples)
        // The size of a signing input the emulator really signs (JWT header and claims, base64url).
        let input = [UInt8](repeating: 0x41, count: 760)
        func median(_ work: () -> Void) -> Double {
            let batches = (0..<5).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<count { work() }
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(count)
            }
            return batches.sorted()[2]
        }
        return CryptoCost(signSeconds: median { _ = try? issuer.key.sign(input) },
                          hashSeconds: median { _ = hasher.hash("Bench-Mark-2026!") })
    }
}
