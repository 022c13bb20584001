import Foundation
import Synchronization
import TenantEmulator

/// Runs a `LoadScript` on N client threads, each with its own keep-alive connection, and measures it.
///
/// Every client prepares first (untimed); then all start together and run rounds until each has done
/// `rounds` or `seconds` have passed. A wrong answer is counted and ends that round; a lost connection
/// also ends that client. The result carries the clients' own CPU time (`CLOCK_THREAD_CPUTIME_ID`) so the
/// report can say how much of the machine the load generator took.
public enum LoadPhase {
    /// - Parameters:
    ///   - script: the clients' set-up and round.
    ///   - port: the server's loopback port.
    ///   - tenantPath: `/<tenant-id>`, prefixed to every endpoint path.
    ///   - clients: concurrent clients (threads and connections), at least 1.
    ///   - rounds: the most rounds one client runs.
    ///   - seconds: the most wall time the timed part takes (a round under way is finished).
    ///   - keepingLatencies: `false` counts answers without keeping each latency (a soak's memory stays flat).
    /// - Returns: what was measured; `failed` when any answer was wrong.
    public static func run(_ script: LoadScript, port: UInt16, tenantPath: String, clients: Int, rounds: Int, seconds: Double,
                           keepingLatencies: Bool = true) -> LoadResult {
        run(script, clients: clients, rounds: rounds, seconds: seconds) {
            let client = try LoadClient(port: port, tenantPath: tenantPath)
            client.keepsLatencies = keepingLatencies
            return client
        }
    }

    /// The same, with every request handed to `emulator.handle(_:)` on the client's own thread: no HTTP, no
    /// sockets, so the latencies are the emulator's own work per request.
    public static func run(_ script: LoadScript, inProcess emulator: TenantEmulator, clients: Int, rounds: Int, seconds: Double) -> LoadResult {
        run(script, clients: clients, rounds: rounds, seconds: seconds) {
            LoadClient(tenantPath: "/\(emulator.tenantID)") { path, body in handle(path: path, body: body, by: emulator) }
        }
    }

    private static func run(_ script: LoadScript, clients: Int, rounds: Int, seconds: Double,
                            makeClient: @escaping @Sendable () throws -> LoadClient) -> LoadResult {
        let collected = Mutex(LoadResult())
        let deadline = Atomic<UInt64>(0)
        let ready = DispatchGroup()
        let done = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        for index in 0..<max(1, clients) {
            ready.enter()
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                var prepared: (client: LoadClient, round: (Int) throws -> Void)?
                do {
                    let client = try makeClient()
                    prepared = (client, try script.prepare(client, index))
                    client.resetLatencies()
                } catch {
                    collected.withLock { $0.record("client \(index) set-up: \(error)") }
                }
                ready.leave()
                go.wait()
                guard let (client, round) = prepared else { return }
                let cpuStart = threadCPUSeconds()
                var completed = 0
                var errors: [String] = []
                for number in 0..<max(1, rounds) {
                    guard DispatchTime.now().uptimeNanoseconds < deadline.load(ordering: .relaxed) else { break }
                    do {
                        try round(number)
                        completed += 1
                    } catch let failure as StepFailure {
                        errors.append(failure.description)
                        if failure.connectionLost { break }
                    } catch {
                        errors.append("\(error)")
                    }
                }
                let cpu = threadCPUSeconds() - cpuStart
                collected.withLock { result in
                    result.rounds += completed
                    result.clientCPUSeconds += cpu
                    result.latencies.merge(client.latencies) { $0 + $1 }
                    result.requests += client.answered
                    errors.forEach { result.record($0) }
                }
            }
        }
        ready.wait()
        let start = DispatchTime.now().uptimeNanoseconds
        deadline.store(start + UInt64(seconds * 1e9), ordering: .relaxed)
        for _ in 0..<max(1, clients) { go.signal() }
        done.wait()
        return collected.withLock { result in
            result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return result
        }
    }

    /// CPU seconds the calling thread has used.
    /// A form POST to `path` handed to `emulator` in process: the answer's status and body.
    static func handle(path: String, body: String, by emulator: TenantEmulator) -> (status: Int, body: Data) {
        let answer = emulator.handle(EmulatorRequest(method: "POST", path: path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                     body: Data(body.utf8)))
        return (answer.status, answer.body)
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
