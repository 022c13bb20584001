import Foundation

/// `tophhie-bench soak`: many concurrent clients (200 by default) run sign-up + sign-in flows against the
/// emulator over loopback for a fixed time (60 s), every answer checked; prints the process's resident memory
/// and open file descriptors at start, after the warm-up, at the end (connections still open) and once the
/// clients are gone, and fails on any error.
///
/// Bounded: `--seconds` of flows, loopback only; each client keeps one keep-alive connection. The warm-up is
/// the first sixth of the run (at most 10 s): the server's threads and SQLite's page cache settle in it.
enum SoakBenchmark {
    /// One point of the resource record.
    struct Sample {
        let label: String
        let seconds: Double
        let flows: Int
        /// VmRSS of `/proc/self/status`, KiB.
        let residentKiB: Int
        /// Entries of `/proc/self/fd`.
        let openFiles: Int
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options = EmulatorBenchmark.parse(arguments, into: EmulatorBenchmark.Options(clients: 200, flows: .max, seconds: 60))
        do {
            return try soak(options) ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("tophhie-bench soak: \(error)\n".utf8))
            return 1
        }
    }

    private static func soak(_ options: EmulatorBenchmark.Options) throws -> Bool {
        let server = try EmulatorBenchmark.startEmulator(options)
        defer { server.stop() }
        let tenantPath = "/\(server.emulator.tenantID)"
        let warmUp = min(10, options.seconds / 6)
        print("tophhie-bench soak: \(options.clients) concurrent clients for \(Int(options.seconds)) s (warm-up \(Int(warmUp)) s), loopback only")
        print("password hashing: PBKDF2-SHA256 with \(options.hashIterations) iterations; token signing: RSA-\(options.keyBits)")
        print("flow = signup/start, signup/challenge, signup/continue(oob), token(continuation_token), initiate, challenge, token(password)\n")

        let started = Date()
        let deadline = started.addingTimeInterval(options.seconds)
        let completed = FlowCounter()
        let errors = FlowCounter()
        var samples = [sample("start", since: started, flows: 0)]
        let group = DispatchGroup()
        for client in 0..<options.clients {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var connection: LoopbackConnection?
                var flow = 0
                while Date() < deadline {
                    do {
                        let open = try connection ?? LoopbackConnection(port: server.port)
                        connection = open
                        try EmulatorBenchmark.signUpAndSignIn(open, tenantPath: tenantPath, username: "soak\(client)-\(flow)@contoso.com",
                                                              outbox: server.emulator.outbox, latency: nil)
                        completed.add()
                    } catch {
                        // Counted, and the connection dropped: its state is unknown after a failed exchange.
                        errors.add()
                        errors.fail("client \(client) flow \(flow): \(error)")
                        connection = nil
                    }
                    flow += 1
                }
            }
        }
        Thread.sleep(until: started.addingTimeInterval(warmUp))
        samples.append(sample("after warm-up", since: started, flows: completed.count))
        // At the deadline every client still holds its connection: the like-for-like point to compare.
        Thread.sleep(until: deadline)
        samples.append(sample("end", since: started, flows: completed.count))
        group.wait()
        samples.append(sample("drained", since: started, flows: completed.count))

        print("point             time s      flows    RSS KiB   open fds")
        for point in samples {
            print(point.label.padding(toLength: 14, withPad: " ", startingAt: 0)
                  + String(format: "%9.1f %10d %10d %10d", point.seconds, point.flows, point.residentKiB, point.openFiles))
        }
        let warm = samples[1], end = samples[2], drained = samples[3]
        let steady = Double(end.flows - warm.flows) / max(end.seconds - warm.seconds, 0.001)
        print(String(format: "\n%d flows (%d requests), %d errors; %.1f flows/s after warm-up", drained.flows, drained.flows * 7, errors.count,
                     steady))
        print(String(format: "after warm-up: RSS %+d KiB (%+.1f%%), open fds %+d", end.residentKiB - warm.residentKiB,
                     Double(end.residentKiB - warm.residentKiB) / Double(max(warm.residentKiB, 1)) * 100, end.openFiles - warm.openFiles))
        if let failure = errors.failure { print("first error: \(failure)") }
        return errors.count == 0
    }

    private static func sample(_ label: String, since started: Date, flows: Int) -> Sample {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { Int($0.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") } ?? 0
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return Sample(label: label, seconds: Date().timeIntervalSince(started), flows: flows, residentKiB: rss, openFiles: files)
    }
}
