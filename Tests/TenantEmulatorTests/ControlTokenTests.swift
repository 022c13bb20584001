import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTP
import TestSupport
import Testing
@testable import EmulatorServer
@testable import TenantEmulator

/// Off loopback the control API (user export with password hashes, deletion, device-code approval, clock,
/// faults) answers only a bearer token; on loopback it stays open, as before.
@Suite("Control API bearer token off loopback")
struct ControlTokenTests {
    func request(_ path: String, authorization: String? = nil, method: String = "GET") -> LoopbackRequest {
        LoopbackRequest(method: method, path: path, headers: authorization.map { ["authorization": $0] } ?? [:])
    }

    @Test("with a token, control routes answer 401 without it or with a wrong one, 200 with it; tenant routes need none")
    func responderChecksTheToken() throws {
        let emulator = try TenantEmulator(policy: try TenantPreset.load("email-password"), hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        let token = ControlToken.generate()
        let responder = EmulatorResponder(emulator: emulator, controlToken: token)
        let wrong = String(token.value.revealed.dropLast()) + (token.value.revealed.hasSuffix("A") ? "B" : "A")
        for authorization in [nil, "Bearer", "Bearer " + wrong, "Basic " + token.value.revealed, "Bearer " + token.value.revealed + "x", token.value.revealed] {
            let answer = responder.respond(to: request("/emulator/v1/users", authorization: authorization))
            #expect(answer.status == 401, "\(authorization ?? "no header") must be refused")
            #expect(answer.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
            #expect(!String(decoding: answer.body, as: UTF8.self).contains(token.value.revealed))
        }
        #expect(responder.respond(to: request("/emulator/v1/users", method: "DELETE")).status == 401)
        let users = try JSONSerialization.jsonObject(with: emulator.handle(EmulatorRequest(method: "GET", path: "/emulator/v1/users")).body)
        #expect((users as? [Any])?.isEmpty == false, "the refused DELETE deleted nothing")
        #expect(responder.respond(to: request("/emulator/v1/users", authorization: "Bearer " + token.value.revealed)).status == 200)
        #expect(responder.respond(to: request("/emulator/v1/users", authorization: "bearer " + token.value.revealed)).status == 200)
        #expect(responder.respond(to: request("/\(emulator.tenantID)/v2.0/.well-known/openid-configuration")).status == 200)
    }

    @Test("a server off loopback (0.0.0.0) generates a 43-character token and refuses control calls without it")
    func wildcardHostRequiresAToken() async throws {
        let server = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), host: "0.0.0.0", hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        defer { server.stop() }
        let token = try #require(server.controlToken)
        #expect(token.count == 43)
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/emulator/v1/users"))
        let (_, refused) = try await URLSession.shared.data(from: url)
        #expect((refused as? HTTPURLResponse)?.statusCode == 401)
        var authorized = URLRequest(url: url)
        authorized.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (_, admitted) = try await URLSession.shared.data(for: authorized)
        #expect((admitted as? HTTPURLResponse)?.statusCode == 200)
        let other = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), host: "0.0.0.0", hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        defer { other.stop() }
        #expect(other.controlToken != token, "each start generates its own")
    }

    @Test("on loopback no token is asked for, unless one is given; a given token under 16 characters is refused")
    func loopbackStaysOpen() throws {
        for host in ["127.0.0.1", "127.0.0.2"] {
            let server = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), host: host, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
            #expect(server.controlToken == nil)
            server.stop()
        }
        let given = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared,
                                             controlToken: "  correct-horse-battery-staple\n")
        #expect(given.controlToken == "correct-horse-battery-staple")
        given.stop()
        #expect(throws: ControlToken.Failure.self) {
            try EmulatorServer.start(policy: try TenantPreset.load("email-password"), hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared, controlToken: "short")
        }
    }
}
