import EmulatorLoad
import EmulatorServer
import Foundation
import TenantEmulator
#if canImport(Glibc)
import Glibc
#endif

/// Memory of a fresh tenant with many stored users, then many live flows (each holding a sent code), then
/// after the continuation-token lifetime has passed on the virtual clock (the flows are gone), and after the
/// codes' lifetime and the outbox's grace (their messages are gone too), each time once one more flow has come.
///
/// Readings are this process's resident set after `malloc_trim(0)`, so freed memory the allocator still
/// holds does not count as used, and from the flows on also its heap in use (`HeapInUse`): glibc keeps the free
/// top of each thread's arena resident, so the heap tells whether the emulator gave the flows' memory back.
/// The users are hashed at 1 iteration (the stored hash has the same size at any cost) so that importing
/// 100 000 takes seconds.
enum MemoryBenchmark {
    static func run(users: Int, flows: Int) throws -> Bool {
        var policy = try TenantPreset.load("email-password")
        policy.otp.resendIntervalSeconds = 0
        let server = try EmulatorServer.start(emulator: TenantEmulator(policy: policy, hasher: PasswordHasher(iterations: 1)), port: 0)
        defer { server.stop() }
        let tenantPath = "/\(server.emulator.tenantID)"
        print("memory (a fresh tenant; resident set of this process after malloc_trim):")
        let start = residentBytes()
        print(String(format: "  empty tenant                          %8.1f MiB", mebibytes(start)))

        let batch = (0..<users).map { #"{"email":"user\#($0)@contoso.com","password":"Stored-User-\#($0)!","attributes":{"displayName":"User \#($0)"}}"# }
        try BenchmarkTenant.importUsers("[" + batch.joined(separator: ",") + "]", into: server.emulator)
        let withUsers = residentBytes()
        let heapWithUsers = HeapInUse.bytes() ?? 0
        print(String(format: "  + %6d stored users                 %8.1f MiB  (%.0f bytes per user)", users, mebibytes(withUsers),
                     Double(withUsers - start) / Double(users)))

        let clients = 8
        let script = LoadScript(requestsPerRound: 2) { client, index in
            { round in
                let types = "oob password redirect"
                let token = try client.call(LoadStep("signup/start", .signUpStart, expected: .started),
                                            [.clientID: EmulatorBenchmark.clientID, .username: "live-\(index)-\(round)@contoso.com", .challengeType: types])
                try client.call(LoadStep("signup/challenge", .signUpChallenge, expected: .codeRequired),
                                [.clientID: EmulatorBenchmark.clientID, .continuationToken: token ?? "", .challengeType: types])
            }
        }
        // Exactly `flows`: as many rounds each as divide evenly, then one more on as many clients as remain.
        var live = LoadResult()
        for (clients, rounds) in [(clients, flows / clients), (flows % clients, 1)] where clients > 0 && rounds > 0 {
            live.add(LoadPhase.run(script, port: server.port, tenantPath: tenantPath, clients: clients, rounds: rounds, seconds: 600))
        }
        guard EmulatorBenchmark.report(live, "memory, live flows") else { return false }
        let withFlows = residentBytes()
        let heapWithFlows = HeapInUse.bytes() ?? 0
        let flowsHeap = heapWithFlows - heapWithUsers
        print(String(format: "  + %6d live flows, each with a code %8.1f MiB  (%.0f bytes per flow, outbox included; heap +%.1f MiB)",
                     live.rounds, mebibytes(withFlows), Double(withFlows - withUsers) / Double(max(1, live.rounds)), mebibytes(flowsHeap)))

        let flowLife = policy.tokens.continuationTokenSeconds
        let messageLife = policy.otp.ttlSeconds + Int(Outbox.expiredGraceSeconds)
        var advanced = 0
        for (later, what) in [(flowLife, "flows expired"), (messageLife, "messages forgotten")] where later > advanced {
            server.emulator.clock.advance(by: TimeInterval(later - advanced))
            advanced = later
            // Expired flows are dropped when the tenant next issues a flow, old messages when it next sends a code:
            // one flow with a code stands for the next client.
            let next = LoadPhase.run(script, port: server.port, tenantPath: tenantPath, clients: 1, rounds: 1, seconds: 60)
            guard EmulatorBenchmark.report(next, "memory, after expiry") else { return false }
            let after = residentBytes()
            let heap = HeapInUse.bytes() ?? 0
            let label = "\(later) s later (\(what))"
            print(String(format: "  %@%8.1f MiB  (%.0f %% of the flows' resident memory returned, %.0f %% of their heap)",
                         label.padding(toLength: 38, withPad: " ", startingAt: 0), mebibytes(after),
                         Double(withFlows - after) / Double(max(1, withFlows - withUsers)) * 100,
                         Double(heapWithFlows - heap) / Double(max(1, flowsHeap)) * 100))
        }
        print("")
        return true
    }

    /// The resident set in bytes, after handing free heap pages back to the system.
    static func residentBytes() -> Int {
        // glibc's malloc_trim is not in the Swift Glibc module (malloc.h); RTLD_DEFAULT is the null handle.
        if let symbol = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func mebibytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}
