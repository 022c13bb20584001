import EmulatorServer
import Foundation
import TenantEmulator

/// The tenant the benchmark measures: the `email-password` preset with no resend wait and no limit on codes
/// per flow (the light endpoints resend codes back to back on one flow) and MFA required, plus one account with an email method for `introspect`.
///
/// MFA changes nothing for the whole flow: its new accounts have no method and the preset asks for no
/// registration, so their password sign-in still gets tokens at once.
public enum BenchmarkTenant {
    /// The client id the preset registers.
    public static let clientID = "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"
    /// The account the light endpoints sign in with: a password and an email MFA method.
    public static let mfaUser = "mfa.bench@contoso.com"
    /// That account's password (also the whole flow's sign-up password).
    public static let password = "Bench-Mark-2026!"

    /// A users import the control API refused.
    public struct SetupFailure: Error, CustomStringConvertible {
        /// The status and the control API's message.
        public let description: String
    }

    /// Starts the tenant on a free loopback port.
    /// - Parameters:
    ///   - hashIterations: PBKDF2 cost of passwords set through the API.
    ///   - keyBits: RSA modulus of the signing key.
    /// - Throws: a preset, start or import failure.
    public static func start(hashIterations: Int, keyBits: Int) throws -> EmulatorServer {
        var policy = try TenantPreset.load("email-password")
        policy.otp.resendIntervalSeconds = 0
        // Past what a policy file may set (100): a benchmark client resends thousands of times on one flow.
        policy.otp.maxCodesPerFlow = .max
        policy.mfa.required = true
        let emulator = try TenantEmulator(policy: policy, hasher: PasswordHasher(iterations: hashIterations), signingKeyBits: keyBits)
        try importUsers(#"""
            [{"email": "\#(mfaUser)", "password": "\#(password)", "attributes": {"displayName": "Bench MFA"},
              "methods": [{"channel": "email", "target": "mfa.backup@contoso.com"}]}]
            """#, into: emulator)
        return try EmulatorServer.start(emulator: emulator, port: 0)
    }

    /// Imports users through the control API, in-process (no HTTP body limit for the memory phase's 100 000).
    /// - Throws: `SetupFailure` when the control API refuses them.
    public static func importUsers(_ json: String, into emulator: TenantEmulator) throws {
        let answer = emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/users", body: Data(json.utf8)))
        guard answer.status == 200 else {
            throw SetupFailure(description: "cannot import the benchmark's users: HTTP \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
        }
    }
}
