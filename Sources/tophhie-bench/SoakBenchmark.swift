import EmulatorLoad
import Foundation
import Synchronization
import TenantEmulator

/// `tophhie-bench soak`: many concurrent clients (200 by default) run whole flows (`SignUpSignInScript`)
/// against the emulator over loopback for a fixed time (60 s), every answer checked; prints the process's
/// resident memory (after `malloc_trim`, so heap the allocator merely caches does not count) and open file
/// descriptors at start, after the warm-up, at the end (connections still open) and once the clients are
/// gone, and fails on any error. The clients count their answers without keeping each latency.
///
/// Bounded: `--seconds` of flows, loopback only; each client keeps one keep-alive connection. The warm-up is
/// the first sixth of the run (at most 10 s): the server's threads and SQLite's page cache settle in it.
///
/// What the tenant stores stays bounded, so that a flat resident set after the warm-up means nothing leaks:
/// each flow's account is deleted after it (`DELETE /emulator/v1/users/{email}`, with its refresh tokens
/// and password history), and the outbox and sign-in log run with caps (`retention`) small enough to be
/// reached in the warm-up. Memory is reported and judged, never a reason to fail: only wrong answers fail.
enum SoakBenchmark {
    static let usage = "tophhie-bench soak [--clients N] [--seconds N] [--hash-iterations N] [--key-bits N]"

    /// One point of the resource record.
    struct Sample {
        let label: String
        let seconds: Double
        let flows: Int
        /// The resident set after `malloc_trim`, KiB.
        let residentKiB: Int
        /// Entries of `/proc/self/fd`.
        let openFiles: Int
    }

    /// The soak's caps: a few hundred flows fill them, well inside the warm-up.
    static let retention = Retention(outboxMessages: 100, signInLogRows: 200)

    /// The resident set may grow this much from the warm-up to the end and still count as flat: 2 % of it,
    /// at least 1 MiB (the allocator's arenas and SQLite's page cache move by about that much on their own).
    static func allowedGrowthKiB(afterWarmUp residentKiB: Int) -> Int { max(1024, residentKiB / 50) }

    static func run(_ arguments: [String]) -> Int32 {
        EmulatorBenchmark.run(arguments, over: EmulatorBenchmark.Options(clients: 200, flows: .max, seconds: 60), usage: usage,
                              name: "tophhie-bench soak", body: soak)
    }

    private static func soak(_ options: EmulatorBenchmark.Options) throws -> Bool {
        let server = try BenchmarkTenant.start(hashIterations: options.hashIterations, keyBits: options.keyBits, retention: retention)
        defer { server.stop() }
        let warmUp = min(10, options.seconds / 6)
        print("tophhie-bench soak: \(options.clients) concurrent clients for \(Int(options.seconds)) s (warm-up \(Int(warmUp)) s), loopback only")
        print("password hashing: PBKDF2-SHA256 with \(options.hashIterations) iterations; token signing: RSA-\(options.keyBits)")
        print("flow = signup/start, signup/challenge, signup/continue(oob), token(continuation_token), initiate, challenge, token(password),")
        print("       then the account is deleted (control API, untimed)")
        print("kept: outbox ≤ \(retention.outboxMessages) messages, sign-in log ≤ \(retention.signInLogRows) rows (+10 % between trims)\n")

        // Each flow reads its sign-up code once: counting the reads counts the flows under way or done.
        let flowsStarted = Atomic<Int>(0)
        let code: @Sendable (String) -> String? = { [outbox = server.emulator.outbox] target in
            flowsStarted.add(1, ordering: .relaxed)
            return outbox.latest(to: target)?.code
        }
        let script = SignUpSignInScript.make(clientID: BenchmarkTenant.clientID, prefix: "soak", code: code) { [emulator = server.emulator] in
            try BenchmarkTenant.deleteUser($0, from: emulator)
        }
        let started = Date()
        var samples = [sample("start", since: started, flows: 0)]
        let outcome = Mutex<LoadResult?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = LoadPhase.run(script, port: server.port, tenantPath: "/\(server.emulator.tenantID)",
                                       clients: options.clients, rounds: .max, seconds: options.seconds, keepingLatencies: false)
            outcome.withLock { $0 = result }
            finished.signal()
        }
        Thread.sleep(until: started.addingTimeInterval(warmUp))
        samples.append(sample("after warm-up", since: started, flows: flowsStarted.load(ordering: .relaxed)))
        // At the deadline every client still holds its connection: the like-for-like point to compare.
        Thread.sleep(until: started.addingTimeInterval(options.seconds))
        samples.append(sample("end", since: started, flows: flowsStarted.load(ordering: .relaxed)))
        finished.wait()
        guard let result = outcome.withLock({ $0 }) else { return false }
        samples.append(sample("drained", since: started, flows: result.rounds))

        print("point             time s      flows    RSS KiB   open fds")
        for point in samples {
            print(point.label.padding(toLength: 14, withPad: " ", startingAt: 0)
                  + String(format: "%9.1f %10d %10d %10d", point.seconds, point.flows, point.residentKiB, point.openFiles))
        }
        let warm = samples[1], end = samples[2]
        let steady = Double(end.flows - warm.flows) / max(end.seconds - warm.seconds, 0.001)
        print(String(format: "\n%d flows (%d requests), %d errors; %.1f flows/s after warm-up", result.rounds, result.requests,
                     result.errorCount, steady))
        let growth = end.residentKiB - warm.residentKiB, allowed = allowedGrowthKiB(afterWarmUp: warm.residentKiB)
        print(String(format: "after warm-up: RSS %+d KiB (%+.1f%%), open fds %+d", growth,
                     Double(growth) / Double(max(warm.residentKiB, 1)) * 100, end.openFiles - warm.openFiles))
        print("flat after warm-up (RSS growth ≤ \(allowed) KiB, i.e. 2 % or at least 1 MiB; fds unchanged): "
              + (growth <= allowed && end.openFiles == warm.openFiles ? "held" : "NOT held"))
        for error in result.firstErrors { print("error: \(error)") }
        return !result.failed
    }

    private static func sample(_ label: String, since started: Date, flows: Int) -> Sample {
        let rss = MemoryBenchmark.residentBytes() / 1024
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return Sample(label: label, seconds: Date().timeIntervalSince(started), flows: flows, residentKiB: rss, openFiles: files)
    }
}
