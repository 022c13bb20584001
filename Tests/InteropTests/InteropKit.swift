import EmulatorServer
import Foundation
import TenantEmulator
import TestSupport
import TophhieCloudAuthentication

/// An emulator over TLS (MSAL Python refuses plain-http authorities), its CA file, a scratch folder,
/// and the Python scripts beside this file.
struct InteropTenant {
    let server: EmulatorServer
    let folder: String
    let caFile: String
    let clientID: String
    static let username = "jane.doe@contoso.com"
    static let password = "Blue-Harbor-7419!"

    static let operatorName = "ops@contoso.com"
    static let operatorPassword = "Ops-Harbor-5521!"

    /// - Parameter adjust: changes to the `email-password` preset (e.g. a tenant without premium).
    init(tls: Bool = true, adjust: (inout TenantPolicy) -> Void = { _ in }) throws {
        var policy = try TenantPreset.load("email-password")
        adjust(&policy)
        server = try EmulatorServer.start(policy: policy, hasher: PasswordHasher(iterations: 1_000), signingKey: TestSigningKey.shared, tls: tls)
        folder = NSTemporaryDirectory() + "tophhie-interop-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        caFile = folder + "/ca.pem"
        try Data((server.certificatePEM ?? "").utf8).write(to: URL(fileURLWithPath: caFile))
        clientID = policy.clients.first { $0.publicClient }?.clientID ?? ""
    }

    var authority: URL { server.authority }

    /// A `TophhieAuth` on `cache`, trusting the emulator's certificate.
    func auth(cache: String) throws -> TophhieAuth {
        let auth = TophhieAuth()
        try auth.configure(clientId: clientID, authority: authority, tokenCachePath: cache,
                           caFile: server.certificatePEM == nil ? nil : caFile)
        return auth
    }

    /// Completes a pending device code as `username` (Jane by default) through the control API (the
    /// verification page's job).
    func approve(userCode: String, as username: String = Self.username) -> Int {
        server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/devicecodes/\(userCode)/approve",
                                               body: Data(#"{"username":"\#(username)"}"#.utf8))).status
    }

    /// Queues a fault through the control API, e.g. `{"endpoint":"/v1.0/me","kind":"http429","seconds":7}`.
    func fault(_ json: String) -> Int {
        server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/faults", body: Data(json.utf8))).status
    }

    /// `env K=V … python3 SCRIPT ARGS`, output to `folder/NAME.out`.
    func python(_ script: String, _ arguments: [String], output name: String, environment: [String: String] = [:]) -> (command: [String], output: String) {
        var env = ["TOPHHIE_AUTHORITY=\(authority.absoluteString)", "TOPHHIE_CLIENT_ID=\(clientID)", "TOPHHIE_CA_FILE=\(caFile)"]
        env += environment.map { "\($0.key)=\($0.value)" }
        return (["env"] + env + ["python3", Self.script(script)] + arguments, folder + "/\(name).out")
    }

    static func script(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/\(name)").path
    }

    static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
