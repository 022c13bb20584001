import EmulatorLoad
import EmulatorServer
import Foundation
import LoopbackHTTP
import TenantEmulator

/// `tophhie-bench emulator`: the emulator's throughput against the ceiling its cryptography allows, all
/// measured in one run (issue 15).
///
/// 1. The crypto alone on one thread: one RS256 signature with the emulator's key, one PBKDF2 at the run's cost.
/// 2. Whole flows (`SignUpSignInScript`, 7 requests, 4 signatures, 2 hashes) in slices, each followed by the
///    crypto timed on every core at once: the ceiling is the flows/s the cores left to the server (all cores
///    less the load generator's measured CPU) could do on crypto alone, at the median per-core cost of those
///    slices, so a change in the machine's speed during the run falls on the flows and the ceiling alike.
/// 3. The light endpoints (`LightEndpointsScript`), then the same requests against a bare libmicrohttpd
///    server with a fixed answer.
/// 4. A scale table (1 to 64 clients) and memory with many users and live flows, then after they expire.
///
/// Every answer is checked (status and body shape); any error fails the run (exit 1). The last three lines
/// are the ceiling, the flow rate against it and the light rate against the bare server.
enum EmulatorBenchmark {
    static let clientID = BenchmarkTenant.clientID
    static let mfaUser = BenchmarkTenant.mfaUser
    static let password = BenchmarkTenant.password

    struct Options {
        var clients = 8
        var flows = 100_000
        var seconds = 10.0
        /// Password hashing cost for the run (the emulator's default is 600 000; stated in the output).
        var hashIterations = 1000
        /// RSA modulus of the token-signing key for the run (the emulator's default is 2048; stated in the output).
        var keyBits = 2048
        /// Client counts of the scale table; empty skips it.
        var scale = [1, 2, 4, 8, 16, 32, 64]
        var scaleSeconds = 2.0
        /// Stored users and live flows of the memory phase; 0 users skips it.
        var memoryUsers = 100_000
        var memoryFlows = 10_000

        static let names: Set = ["--clients", "--flows", "--seconds", "--hash-iterations", "--key-bits", "--scale", "--scale-seconds",
                                 "--memory-users", "--memory-flows"]
    }

    static let usage = """
        tophhie-bench emulator [--clients N] [--flows N] [--seconds N] [--hash-iterations N] [--key-bits N]
                               [--scale N,N,…|none] [--scale-seconds N] [--memory-users N] [--memory-flows N]
        """

    static func run(_ arguments: [String]) -> Int32 {
        run(arguments, over: Options(), usage: usage, name: "tophhie-bench", body: measure)
    }

    /// Parses `arguments` over `defaults` and runs `body`: exit 2 with `usage` for bad options, 1 when `body`
    /// throws or reports a wrong answer (false), else 0. Shared by the emulator and soak benchmarks.
    static func run(_ arguments: [String], over defaults: Options, usage: String, name: String,
                    body: (Options) throws -> Bool) -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] {
            print("usage: \(usage)")
            return 0
        }
        let options: Options
        do {
            options = try parse(arguments, over: defaults)
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error.description)\nusage: \(usage)\n".utf8))
            return 2
        }
        do {
            return try body(options) ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            return 1
        }
    }

    /// A command line the benchmark refuses, saying which option and why.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// The options `arguments` set over `defaults`. Numbers below an option's minimum are raised to it, and
    /// `--key-bits` is kept within 1024–4096.
    /// - Throws: `UsageError` for an unknown option, a missing value, or a value that is not a number (for
    ///   `--scale`: not `none` or a comma-separated list of positive client counts).
    static func parse(_ arguments: [String], over defaults: Options = Options()) throws(UsageError) -> Options {
        var options = defaults
        for index in stride(from: 0, to: arguments.count, by: 2) {
            guard index + 1 < arguments.count else { throw UsageError(description: "\(arguments[index]) needs a value") }
            let value = arguments[index + 1]
            // A value that is not a number is a usage error, not a silent default.
            let number = Int(value), seconds = Double(value).flatMap { $0.isFinite ? $0 : nil }
            switch (arguments[index], number, seconds) {
            case ("--clients", let number?, _): options.clients = max(1, number)
            case ("--flows", let number?, _): options.flows = max(1, number)
            case ("--seconds", _, let seconds?): options.seconds = max(0.5, seconds)
            case ("--hash-iterations", let number?, _): options.hashIterations = max(1, number)
            case ("--key-bits", let number?, _): options.keyBits = min(max(1024, number), 4096)
            case ("--scale", _, _) where value == "none": options.scale = []
            case ("--scale", _, _):
                let counts = value.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                guard counts.allSatisfy({ $0 > 0 }) else { throw UsageError(description: "--scale takes none or client counts like 1,2,4, not \(value)") }
                options.scale = counts
            case ("--scale-seconds", _, let seconds?): options.scaleSeconds = max(0.5, seconds)
            case ("--memory-users", let number?, _): options.memoryUsers = max(0, number)
            case ("--memory-flows", let number?, _): options.memoryFlows = max(0, number)
            case (let option, _, _) where Options.names.contains(option):
                throw UsageError(description: "\(option) takes a number, not \(value)")
            default:
                throw UsageError(description: "unknown option \(arguments[index])")
            }
        }
        return options
    }

    /// The light phase alternates between the two servers this many times, and the flow phase between flows
    /// and timing the crypto.
    static let lightSlices = 5
    static let flowSlices = 5
    /// Signatures and hashes per core in each timing of the crypto between flow slices (about 0.1 s).
    static let cryptoSamples = 100

    /// Runs every phase; false when any answer was wrong (the run fails).
    private static func measure(_ options: Options) throws -> Bool {
        let server = try BenchmarkTenant.start(hashIterations: options.hashIterations, keyBits: options.keyBits)
        defer { server.stop() }
        // The bare server answers each light endpoint with the emulator's own answer, so that checking an answer costs
        // the load generator, which shares the cores, the same in both phases.
        let bare = try HTTPDaemon.fixed(json: "{}", byPath: LightEndpointsScript.answers(of: server.emulator, clientID: clientID,
                                                                                          user: mfaUser, password: password))
        defer { bare.stop() }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let tenantPath = "/\(server.emulator.tenantID)"

        print("tophhie-bench emulator: \(options.clients) clients, ≤ \(options.flows) flows each in ≤ \(format(options.seconds)) s, light endpoints \(format(options.seconds / 2)) s per server, loopback only, \(cores) cores")
        print("password hashing: PBKDF2-SHA256 with \(options.hashIterations) iterations (default \(PasswordHasher.defaultIterations))")
        print("token signing: RS256 with an RSA-\(options.keyBits) key (default 2048)")
        print("flow = signup/start, signup/challenge, signup/continue(oob), token(continuation_token), initiate, challenge, token(password)")
        print("       (\(SignUpSignInScript.signatures) signatures, \(SignUpSignInScript.hashes) hashes; codes read in-process from the outbox)")
        print("light = initiate, challenge, signup/challenge, introspect, resetpassword/challenge (no token minted, no password hashed)")
        print("every answer is checked (status and body shape); any error fails the run\n")

        let crypto = server.emulator.measureCryptoCost()
        print(String(format: "crypto alone, one thread: RS256 sign %.3f ms, PBKDF2 %.3f ms (median of 5 batches)\n",
                     crypto.signSeconds * 1000, crypto.hashSeconds * 1000))

        let code: @Sendable (String) -> String? = { [outbox = server.emulator.outbox] in outbox.latest(to: $0)?.code }
        var flows = LoadResult()
        var busyCosts: [CryptoCost] = []
        for slice in 0..<flowSlices {
            // `--flows` per client in all: spread over the slices, the first ones taking the remainder.
            let rounds = options.flows / flowSlices + (slice < options.flows % flowSlices ? 1 : 0)
            if rounds > 0 {
                flows.add(LoadPhase.run(SignUpSignInScript.make(clientID: clientID, prefix: "flow\(slice)", code: code), port: server.port,
                                        tenantPath: tenantPath, clients: options.clients, rounds: rounds,
                                        seconds: options.seconds / Double(flowSlices)))
            }
            busyCosts.append(server.emulator.measureCryptoCost(samples: cryptoSamples, threads: cores))
        }
        let busy = CryptoCost(signSeconds: ChildRun.median(busyCosts.map(\.signSeconds)),
                              hashSeconds: ChildRun.median(busyCosts.map(\.hashSeconds)))
        print("whole flows, \(options.clients) clients (in \(flowSlices) slices, each followed by the crypto timed on all \(cores) cores at once):")
        printLatencies(flows)
        print(String(format: "  %d flows in %.2f s = %.1f flows/s, %.0f requests/s; load generator %.2f cores",
                     flows.rounds, flows.seconds, flows.roundsPerSecond, flows.requestsPerSecond, flows.clientCores))
        print(String(format: "  crypto with all %d cores busy: RS256 sign %.3f ms, PBKDF2 %.3f ms per core (median of the %d timings)\n",
                     cores, busy.signSeconds * 1000, busy.hashSeconds * 1000, flowSlices))
        guard report(flows, "whole flows") else { return false }

        // Alternating slices, so a change in the machine's load during the run falls on both servers alike.
        var light = LoadResult(), baseline = LoadResult()
        for slice in 0..<lightSlices {
            light.add(LoadPhase.run(LightEndpointsScript.make(clientID: clientID, prefix: "light\(slice)", user: mfaUser, password: password),
                                    port: server.port, tenantPath: tenantPath, clients: options.clients, rounds: .max,
                                    seconds: options.seconds / 2 / Double(lightSlices)))
            baseline.add(LoadPhase.run(LightEndpointsScript.bare(clientID: clientID, user: mfaUser), port: bare.port, tenantPath: tenantPath,
                                       clients: options.clients, rounds: .max, seconds: options.seconds / 2 / Double(lightSlices)))
        }
        print("light endpoints, \(options.clients) clients (emulator and the bare server with the same requests, in \(lightSlices) alternating slices):")
        printLatencies(light)
        printLatencies(baseline)
        print(String(format: "  emulator %.0f requests/s, p99 %.2f ms; bare libmicrohttpd %.0f requests/s, p99 %.2f ms; load generator %.2f / %.2f cores\n",
                     light.requestsPerSecond, light.percentile(0.99), baseline.requestsPerSecond, baseline.percentile(0.99),
                     light.clientCores, baseline.clientCores))
        guard report(light, "light endpoints"), report(baseline, "bare server") else { return false }
        // The same requests handed to the emulator in process: its own work, apart from HTTP and the kernel.
        let core = LoadPhase.run(LightEndpointsScript.make(clientID: clientID, prefix: "core", user: mfaUser, password: password),
                                 inProcess: server.emulator, clients: 1, rounds: .max, seconds: options.seconds / 4)
        guard report(core, "light endpoints in process") else { return false }
        print(String(format: "  the emulator's own work (in process, one thread, no HTTP): p50 %.1f µs, p99 %.1f µs per light request\n",
                     core.percentile(0.5) * 1000, core.percentile(0.99) * 1000))

        if !options.scale.isEmpty {
            guard ScaleTable.run(server: server, clientCounts: options.scale, seconds: options.scaleSeconds) else { return false }
        }
        if options.memoryUsers > 0 {
            guard try MemoryBenchmark.run(users: options.memoryUsers, flows: options.memoryFlows) else { return false }
        }

        let serverCores = Double(cores) - flows.clientCores
        let flowCost = Double(SignUpSignInScript.signatures) * busy.signSeconds + Double(SignUpSignInScript.hashes) * busy.hashSeconds
        let ceiling = serverCores / flowCost
        print(String(format: "ceiling: %.0f flows/s (sign %.3f ms, hash %.3f ms, %.2f cores)", ceiling, busy.signSeconds * 1000,
                     busy.hashSeconds * 1000, serverCores))
        print(String(format: "flows: %.0f flows/s = %.0f %% of ceiling (target ≥ 60 %%)", flows.roundsPerSecond, flows.roundsPerSecond / ceiling * 100))
        print(String(format: "light endpoints: %.0f req/s = %.1f %% of bare (target ≥ 50 %%)", light.requestsPerSecond,
                     light.requestsPerSecond / baseline.requestsPerSecond * 100))
        return true
    }

    /// Prints a phase's errors to stderr; false when there were any (the run fails).
    static func report(_ result: LoadResult, _ phase: String) -> Bool {
        guard result.failed else { return true }
        fflush(nil)  // stdout first, so the errors follow the tables they concern
        FileHandle.standardError.write(Data("tophhie-bench: \(phase): \(result.errorCount) wrong or missing answers; the run fails\n".utf8))
        for error in result.firstErrors { FileHandle.standardError.write(Data("  \(error)\n".utf8)) }
        return false
    }

    static func printLatencies(_ result: LoadResult) {
        print("  " + "endpoint".padding(toLength: 30, withPad: " ", startingAt: 0) + "requests      p50 ms      p99 ms")
        for label in result.latencies.keys.sorted() {
            print("  " + label.padding(toLength: 30, withPad: " ", startingAt: 0)
                  + String(format: "%8d %11.2f %11.2f", result.latencies[label]?.count ?? 0, result.percentile(0.5, of: label),
                           result.percentile(0.99, of: label)))
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
