import EmulatorLoad
import EmulatorServer
import Foundation

/// Throughput and p99 latency from 1 to 64 concurrent clients, whole flows and light endpoints, each level
/// time-bounded. Printed as a table; false when any answer was wrong.
enum ScaleTable {
    static func run(server: EmulatorServer, clientCounts: [Int], seconds: Double) -> Bool {
        let tenantPath = "/\(server.emulator.tenantID)"
        let code: @Sendable (String) -> String? = { [outbox = server.emulator.outbox] in outbox.latest(to: $0)?.code }
        print("scale, \(EmulatorBenchmark.format(seconds)) s per cell (whole flows; light endpoints):")
        print("  clients    flows/s    p99 ms    light req/s    p99 ms")
        for clients in clientCounts {
            let flows = LoadPhase.run(SignUpSignInScript.make(clientID: EmulatorBenchmark.clientID, prefix: "scale\(clients)", code: code),
                                      port: server.port, tenantPath: tenantPath, clients: clients, rounds: .max, seconds: seconds)
            let light = LoadPhase.run(LightEndpointsScript.make(clientID: EmulatorBenchmark.clientID, prefix: "scale-light\(clients)",
                                                                user: EmulatorBenchmark.mfaUser, password: EmulatorBenchmark.password),
                                      port: server.port, tenantPath: tenantPath, clients: clients, rounds: .max, seconds: seconds)
            print(String(format: "  %7d %10.1f %9.2f %14.0f %9.2f", clients, flows.roundsPerSecond, flows.percentile(0.99),
                         light.requestsPerSecond, light.percentile(0.99)))
            guard EmulatorBenchmark.report(flows, "scale, \(clients) clients, whole flows"),
                  EmulatorBenchmark.report(light, "scale, \(clients) clients, light endpoints") else { return false }
        }
        print("")
        return true
    }
}
