import CCrypto
import Glibc

/// Bytes of OpenSSL's CSPRNG (`RAND_bytes`), drawn 4 KiB at a time and handed out once each.
///
/// A light request needs random bytes four times (request id, correlation id, continuation token, code), and
/// each `RAND_bytes` call cost about a microsecond of fixed overhead (its context lookup and a `getpid` fork
/// check), a tenth of the request. Served bytes are zeroed in the pool, so a secret never stays behind in it.
/// The emulator never forks, so a pool drawn before a fork cannot be handed out twice. Thread-safe.
final class RandomPool: @unchecked Sendable {
    // @unchecked: `buffer` and `next` are only touched under `lock`.
    private let lock = AdaptiveLock()
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// The first byte not yet handed out; `buffer.count` when the pool is spent.
    private var next = 4096

    /// Fills `output` with random bytes.
    func fill(_ output: UnsafeMutableRawBufferPointer) {
        guard let destination = output.baseAddress else { return }
        lock.withLock {
            var written = 0
            while written < output.count {
                if next == buffer.count { refill() }
                let count = min(output.count - written, buffer.count - next)
                buffer.withUnsafeMutableBytes { pool in
                    guard let source = pool.baseAddress?.advanced(by: next) else { return }
                    (destination + written).copyMemory(from: source, byteCount: count)
                    explicit_bzero(source, count)
                }
                next += count
                written += count
            }
        }
    }

    private func refill() {
        let status = buffer.withUnsafeMutableBytes { RAND_bytes($0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32($0.count)) }
        // RAND_bytes only fails when the CSPRNG cannot be seeded; refusing to continue is safer than weak codes.
        if status != 1 { fatalError("OpenSSL RAND_bytes failed: the CSPRNG is unavailable") }
        next = 0
    }
}
