import EmulatorServer
import Foundation
import TenantEmulator
import Testing
import TestSupport

/// A port already taken: one line of ours naming it (no libmicrohttpd line before it), exit 1.
@Suite struct EmulatorPortInUseTests {
    @Test func aTakenPortIsOneClearLine() async throws {
        let holder = try EmulatorServer.start(policy: try TenantPreset.load("email-otp"), hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        defer { holder.stop() }
        let second = try EmulatorProcess(["--port", String(holder.port), "--hash-iterations", "10"])
        await second.process.exited()
        #expect(second.process.terminationStatus == 1)
        let message = await second.standardError()
        #expect(message.split(separator: "\n").count == 1, "\(message)")
        #expect(message.hasPrefix("tophhie emulator: cannot listen on 127.0.0.1:\(holder.port) "), "\(message)")
        #expect(message.contains("choose another --port"), "\(message)")
    }
}
