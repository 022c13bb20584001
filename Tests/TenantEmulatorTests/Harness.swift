import Foundation
import NativeAuthWire
import TestSupport
import Testing
@testable import TenantEmulator

/// The client id every preset registers (the one the documented exchanges use).
let clientID = "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"
let allTypes = "oob password redirect"
let allCapabilities = "mfa_required registration_required"
/// A second native-auth app of the tenant in `Harness.withSecondClient()`.
let secondClientID = "0d6f3a2c-1b4e-4c7d-9a8f-5e2d1c0b9a87"

/// An in-process emulator with a cheap password hash, and helpers that speak the wire protocol to it.
final class Harness {
    let emulator: TenantEmulator
    /// The store file a scenario made for this harness, kept until the harness is done.
    var scratch: ScratchDatabase?

    init(preset: String = "email-password", dataFile: String? = nil, retention: Retention = Retention(),
         configure: (inout TenantPolicy) -> Void = { _ in }) throws {
        var policy = try TenantPreset.load(preset)
        configure(&policy)
        emulator = try TenantEmulator(policy: policy, dataFile: dataFile, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared, retention: retention)
    }

    /// The default preset with a second native-auth app (`secondClientID`), to present one app's tokens as another's.
    static func withSecondClient() throws -> Harness {
        try Harness { $0.clients.append(.init(clientID: secondClientID, nativeAuth: true, publicClient: true)) }
    }

    var tenantPath: String { "/\(emulator.tenantID)" }

    /// Sends a form-encoded POST to a native-auth endpoint.
    func post(_ endpoint: NativeAuthEndpoint, _ form: [String: String], headers: [String: String] = [:]) -> EmulatorResponse {
        let body = form.sorted { $0.key < $1.key }.map { "\(FormBody.escape($0.key))=\(FormBody.escape($0.value))" }.joined(separator: "&")
        return emulator.handle(EmulatorRequest(method: "POST", path: tenantPath + endpoint.path, headers: headers, body: Data(body.utf8)))
    }

    /// Sends, expecting a JSON object back.
    func json(_ endpoint: NativeAuthEndpoint, _ form: [String: String]) throws -> [String: Any] {
        let response = post(endpoint, form)
        guard let object = response.jsonObject else { throw HarnessError.notJSON(endpoint.path, response.status) }
        return object
    }

    /// The continuation token of an answer (success or "needs more input" error).
    func token(_ endpoint: NativeAuthEndpoint, _ form: [String: String]) throws -> String {
        let object = try json(endpoint, form)
        guard let token = object["continuation_token"] as? String else { throw HarnessError.noToken(endpoint.path, "\(object)") }
        return token
    }

    func control(_ method: String, _ route: String, body: String = "") -> EmulatorResponse {
        emulator.handle(EmulatorRequest(method: method, path: "/emulator/v1/\(route)", body: Data(body.utf8)))
    }

    /// The newest code sent to `target`.
    func code(to target: String) throws -> String {
        guard let message = emulator.outbox.latest(to: target) else { throw HarnessError.noCode(target) }
        return message.code
    }

    func advance(_ seconds: TimeInterval) { emulator.clock.advance(by: seconds) }

    /// Successful interactive sign-ins of the user with `email`, from the control API's sign-in log.
    func signIns(of email: String) throws -> Int {
        let users = try JSONSerialization.jsonObject(with: control("GET", "users").body) as? [[String: Any]] ?? []
        let id = try #require(users.first { ($0["email"] as? String)?.lowercased() == email.lowercased() }?["id"] as? String)
        let rows = try JSONSerialization.jsonObject(with: control("GET", "signins").body) as? [[String: Any]] ?? []
        return rows.filter { row in
            row["userId"] as? String == id && row["isInteractive"] as? Bool == true
                && (row["status"] as? [String: Any])?["errorCode"] as? Int == 0
        }.count
    }

    // MARK: Flow prefixes shared by tests

    /// initiate + challenge for a password user: the token to use at /token with grant password.
    func signInPasswordToken(_ username: String, capabilities: String = allCapabilities, types: String = allTypes) throws -> String {
        let initiated = try token(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": types, "capabilities": capabilities])
        let challenge = try json(.signInChallenge, ["client_id": clientID, "continuation_token": initiated, "challenge_type": types])
        guard challenge["challenge_type"] as? String == "password", let next = challenge["continuation_token"] as? String else {
            throw HarnessError.noToken("challenge", "\(challenge)")
        }
        return next
    }

    /// A password grant; returns the raw answer.
    func passwordGrant(_ token: String, _ username: String, _ password: String, scope: String = "openid profile offline_access") -> EmulatorResponse {
        post(.token, ["client_id": clientID, "continuation_token": token, "grant_type": "password", "username": username,
                      "password": password, "scope": scope, "client_info": "true", "challenge_type": allTypes])
    }

    /// initiate + challenge for a code user: the token to use at /token with grant oob.
    func signInCodeToken(_ username: String) throws -> String {
        let initiated = try token(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": allTypes, "capabilities": allCapabilities])
        return try token(.signInChallenge, ["client_id": clientID, "continuation_token": initiated, "challenge_type": allTypes])
    }

    /// Sign-up start (+ password and attributes if given) then challenge: the token for continue(oob).
    func signUpCodeToken(_ username: String, password: String? = nil, attributes: String? = nil) throws -> String {
        var form = ["client_id": clientID, "username": username, "challenge_type": allTypes, "capabilities": allCapabilities]
        form["password"] = password
        form["attributes"] = attributes
        let started = try token(.signUpStart, form)
        return try token(.signUpChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
    }

    /// continue(oob) with the right code.
    func verifySignUp(_ token: String, _ username: String) throws -> [String: Any] {
        try json(.signUpContinue, ["client_id": clientID, "continuation_token": token, "grant_type": "oob", "oob": try code(to: username)])
    }

    /// Password user → mfa_required: the token for introspect.
    func mfaRequiredToken(_ username: String, _ password: String) throws -> String {
        let response = passwordGrant(try signInPasswordToken(username), username, password)
        guard let object = response.jsonObject, object["suberror"] as? String == "mfa_required",
              let token = object["continuation_token"] as? String else { throw HarnessError.noToken("token", "\(response.jsonObject ?? [:])") }
        return token
    }

    /// Password user without methods → registration_required → register/introspect: the token for register/challenge.
    func registrationToken(_ username: String, _ password: String) throws -> String {
        let response = passwordGrant(try signInPasswordToken(username), username, password)
        guard let object = response.jsonObject, object["suberror"] as? String == "registration_required",
              let token = object["continuation_token"] as? String else { throw HarnessError.noToken("token", "\(response.jsonObject ?? [:])") }
        return try self.token(.registerIntrospect, ["client_id": clientID, "continuation_token": token])
    }

    /// MFA introspect: the token and the method ids by channel.
    func introspect(_ token: String) throws -> (token: String, methods: [String: String]) {
        let object = try json(.signInIntrospect, ["client_id": clientID, "continuation_token": token])
        let methods = (object["methods"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) { result, method in
            if let channel = method["challenge_channel"] as? String, let id = method["id"] as? String { result[channel] = id }
        }
        guard let next = object["continuation_token"] as? String else { throw HarnessError.noToken("introspect", "\(object)") }
        return (next, methods)
    }
}

enum HarnessError: Error, CustomStringConvertible {
    case notJSON(String, Int)
    case noToken(String, String)
    case noCode(String)

    var description: String {
        switch self {
        case .notJSON(let path, let status): "\(path) answered \(status) without a JSON object"
        case .noToken(let path, let body): "\(path) gave no continuation_token: \(body)"
        case .noCode(let target): "no code in the outbox for \(target)"
        }
    }
}

/// The first AADSTS code of an error answer.
func firstCode(_ response: EmulatorResponse) -> Int? {
    (response.jsonObject?["error_codes"] as? [Int])?.first
}
