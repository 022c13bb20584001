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

    /// A control-API call the emulator refused (a users import, an account's removal).
    public struct ControlFailure: Error, CustomStringConvertible {
        /// What was asked, the status and the control API's message.
        public let description: String
    }

    /// Starts the tenant on a free loopback port.
    /// - Parameters:
    ///   - hashIterations: PBKDF2 cost of passwords set through the API.
    ///   - keyBits: RSA modulus of the signing key.
    ///   - retention: how much history the tenant keeps (the soak lowers it to reach its caps in the warm-up).
    /// - Throws: a preset, start or import failure.
    public static func start(hashIterations: Int, keyBits: Int, retention: Retention = Retention()) throws -> EmulatorServer {
        var policy = try TenantPreset.load("email-password")
        policy.otp.resendIntervalSeconds = 0
        // Past what a policy file may set (100): a benchmark client resends thousands of times on one flow.
        policy.otp.maxCodesPerFlow = .max
        policy.mfa.required = true
        let emulator = try TenantEmulator(policy: policy, hasher: PasswordHasher(iterations: hashIterations), signingKey: .generate(bits: keyBits),
                                          retention: retention)
        try importUsers(#"""
            [{"email": "\#(mfaUser)", "password": "\#(password)", "attributes": {"displayName": "Bench MFA"},
              "methods": [{"channel": "email", "target": "mfa.backup@contoso.com"}]}]
            """#, into: emulator)
        return try EmulatorServer.start(emulator: emulator, port: 0)
    }

    /// Imports users through the control API, in-process (no HTTP body limit for the memory phase's 100 000).
    /// - Throws: `ControlFailure` when the control API refuses them.
    public static func importUsers(_ json: String, into emulator: TenantEmulator) throws {
        try control(emulator, "POST", "users", body: Data(json.utf8), doing: "import the benchmark's users")
    }

    /// Removes one account with its refresh tokens and password history through the control API, in-process
    /// (`DELETE /emulator/v1/users/{email}`).
    /// - Throws: `ControlFailure` when the control API refuses (e.g. 404: no such account).
    public static func deleteUser(_ email: String, from emulator: TenantEmulator) throws {
        let escaped = email.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? email
        try control(emulator, "DELETE", "users/\(escaped)", doing: "delete \(email)")
    }

    private static func control(_ emulator: TenantEmulator, _ method: String, _ route: String, body: Data = Data(), doing what: String) throws {
        let answer = emulator.handle(EmulatorRequest(method: method, path: "/emulator/v1/\(route)", body: body))
        guard answer.status == 200 else {
            throw ControlFailure(description: "cannot \(what): HTTP \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
        }
    }
}
