@testable import ConsoleCommandLine
import EmulatorServer
import Foundation
import TenantEmulator
import TestSupport
import TophhieCloudAuthentication

/// An emulator and a token cache file in which its operator (`ops@contoso.com`) signed in by device code, as
/// `tophhie console` leaves it: what the script commands (`token`, `accounts`, `history`) read. The server
/// stops and the file goes when the value is released.
final class OperatorOnEmulator {
    static let username = "ops@contoso.com"

    let server: EmulatorServer
    /// The token cache file's path.
    let cache: String
    let clientID: String
    /// The operator's sign-in, as the cache now holds it.
    let signedIn: TophhieAuthResult

    struct NotApproved: Error {}

    /// - Parameters:
    ///   - policy: the tenant (default: the `email-password` preset).
    ///   - scopes: what the operator's sign-in asks for.
    init(policy: TenantPolicy? = nil, scopes: [String]) async throws {
        server = try EmulatorServer.start(policy: try policy ?? TenantPreset.load("email-password"), hasher: PasswordHasher(iterations: 1_000), signingKey: TestSigningKey.shared)
        cache = NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json"
        clientID = server.emulator.policy.clients.first?.clientID ?? ""
        let auth = TophhieAuth()
        try auth.configure(clientId: clientID, authority: server.authority, tokenCachePath: cache)
        let step = try await auth.startDeviceCodeSignIn(scopes: scopes)
        let approval = server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/devicecodes/\(step.userCode)/approve",
                                                              body: Data(#"{"username":"\#(Self.username)"}"#.utf8)))
        guard approval.status == 200 else { throw NotApproved() }
        signedIn = try await step.waitForSignIn()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: cache)
    }

    /// The script commands' options for this tenant and cache.
    var options: AccountCommandOptions {
        AccountCommandOptions(target: TenantTarget(authority: server.authority, clientID: clientID, capabilities: [], challengeTypes: []),
                              tokenCachePath: cache)
    }
}
