import EmulatorLoad
import EmulatorServer
import Foundation
import LoopbackHTTP
import NativeAuthWire
import TenantEmulator
import Testing

/// The benchmark's correctness check: every answer is checked on status and body shape, and one wrong
/// answer fails the run (issue 15).
@Suite("Benchmark answer check")
struct AnswerCheckTests {
    let tenantPath = "/5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"

    func run(_ script: LoadScript, on port: UInt16, clients: Int = 2, rounds: Int = 2) -> LoadResult {
        LoadPhase.run(script, port: port, tenantPath: tenantPath, clients: clients, rounds: rounds, seconds: 30)
    }

    func flowScript(_ server: EmulatorServer, prefix: String = "check") -> LoadScript {
        SignUpSignInScript.make(clientID: BenchmarkTenant.clientID, prefix: prefix) { [outbox = server.emulator.outbox] in outbox.latest(to: $0)?.code }
    }

    func lightScript(prefix: String = "light") -> LoadScript {
        LightEndpointsScript.make(clientID: BenchmarkTenant.clientID, prefix: prefix, user: BenchmarkTenant.mfaUser, password: BenchmarkTenant.password)
    }

    @Test("the emulator's answers to whole flows and to the light endpoints all pass, each request counted once")
    func realAnswersPass() throws {
        let server = try BenchmarkTenant.start(hashIterations: 10, keyBits: 1024)
        defer { server.stop() }
        let flows = run(flowScript(server), on: server.port)
        #expect(flows.errorCount == 0, "\(flows.firstErrors)")
        #expect(flows.rounds == 4 && flows.requests == 4 * SignUpSignInScript.requests)
        // More rounds than the preset's codes per flow (5): the light endpoints resend on one flow all run long.
        let light = run(lightScript(), on: server.port, rounds: 8)
        #expect(light.errorCount == 0, "\(light.firstErrors)")
        #expect(light.rounds == 16 && light.requests == 16 * LightEndpointsScript.requests)
        #expect(!flows.failed && !light.failed)
    }

    @Test("a 500 on one request is counted, names the step and fails the run; the other rounds still complete")
    func wrongStatusFails() throws {
        let server = try BenchmarkTenant.start(hashIterations: 10, keyBits: 1024)
        defer { server.stop() }
        let queued = server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/faults",
                                                            body: Data(#"{"endpoint": "/oauth2/v2.0/introspect", "kind": "http500"}"#.utf8)))
        #expect(queued.status == 200)
        let light = run(lightScript(), on: server.port, clients: 1, rounds: 3)
        #expect(light.errorCount == 1 && light.failed)
        #expect(light.rounds == 2)
        #expect(light.firstErrors.first?.hasPrefix("oauth2/introspect: expected selectionRequired, got HTTP 500") == true, "\(light.firstErrors)")
    }

    @Test("a 200 of the wrong shape fails the run: a redirect, or the bare server's fixed body where a code challenge is due")
    func wrongShapeFails() throws {
        let server = try BenchmarkTenant.start(hashIterations: 10, keyBits: 1024)
        defer { server.stop() }
        _ = server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/faults",
                                                   body: Data(#"{"endpoint": "/signup/v1.0/challenge", "kind": "redirect"}"#.utf8)))
        let flows = run(flowScript(server), on: server.port, clients: 1, rounds: 1)
        #expect(flows.failed && flows.rounds == 0)
        #expect(flows.firstErrors.first?.contains("signup/challenge: expected codeRequired, got HTTP 200 a redirect") == true, "\(flows.firstErrors)")

        let bareBody = #"{"continuation_token":"AQAB","challenge_type":"oob"}"#
        let challenge = LoadStep("signup/challenge", .signUpChallenge, expected: .codeRequired)
        #expect(throws: AnswerMismatch.self) {
            try challenge.expected.check(endpoint: challenge.checkedAs, status: 200, body: Data(bareBody.utf8))
        }
    }

    @Test("the bare baseline answers each light endpoint with the emulator's own answer, which passes that endpoint's check")
    func bareServerAnswersAsTheEmulator() throws {
        let server = try BenchmarkTenant.start(hashIterations: 10, keyBits: 1024)
        defer { server.stop() }
        let answers = try LightEndpointsScript.answers(of: server.emulator, clientID: BenchmarkTenant.clientID, user: BenchmarkTenant.mfaUser,
                                                       password: BenchmarkTenant.password)
        #expect(answers.count == LightEndpointsScript.requests)
        let bare = try HTTPDaemon.fixed(json: #"{"continuation_token":"AQAB","challenge_type":"oob"}"#, byPath: answers)
        defer { bare.stop() }
        let result = run(LightEndpointsScript.bare(clientID: BenchmarkTenant.clientID, user: BenchmarkTenant.mfaUser), on: bare.port, clients: 2, rounds: 3)
        #expect(!result.failed && result.requests == 2 * 3 * LightEndpointsScript.requests, "\(result.firstErrors)")
    }

    @Test("sign-up continue must hand over a continuation token, and /token must give a Bearer access token")
    func missingFieldsFail() {
        #expect(throws: AnswerMismatch.self) {
            try ExpectedAnswer.signUpCompleted.check(endpoint: .signUpContinue, status: 200, body: Data("{}".utf8))
        }
        #expect(throws: AnswerMismatch.self) {
            try ExpectedAnswer.tokens.check(endpoint: .token, grantType: .password, status: 200,
                                            body: Data(#"{"access_token":"x","expires_in":3600}"#.utf8))
        }
        #expect(throws: AnswerMismatch.self) {
            try ExpectedAnswer.started.check(endpoint: .signInInitiate, status: 400,
                                             body: Data(#"{"error":"user_not_found","error_description":"x","error_codes":[50034]}"#.utf8))
        }
    }

    @Test("slices of a phase add up: requests, rounds, time, errors and every latency")
    func slicesAddUp() throws {
        let server = try BenchmarkTenant.start(hashIterations: 10, keyBits: 1024)
        defer { server.stop() }
        var total = LoadResult()
        for slice in 0..<2 { total.add(run(lightScript(prefix: "slice\(slice)"), on: server.port, clients: 1, rounds: 3)) }
        #expect(total.rounds == 6 && total.requests == 6 * LightEndpointsScript.requests)
        #expect(total.latencies.values.reduce(0) { $0 + $1.count } == total.requests)
        #expect(total.seconds > 0 && total.requestsPerSecond > 0 && !total.failed)
    }

    @Test("a lost connection ends that client with an error instead of hanging the phase")
    func lostConnectionFails() throws {
        let bare = try HTTPDaemon.fixed(json: "{}")
        let port = bare.port
        bare.stop()
        let result = run(LightEndpointsScript.bare(clientID: BenchmarkTenant.clientID, user: BenchmarkTenant.mfaUser), on: port, clients: 2)
        #expect(result.failed && result.errorCount == 2 && result.requests == 0)
    }
}
