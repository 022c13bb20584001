import EmulatorServer
import Foundation
import LoopbackHTTP
import NativeAuthWire
import Synchronization
import TenantEmulator
import Testing
import TestSupport
import TophhieCloudAuthentication

/// `CurlTransport` over plain loopback HTTP: bodies and headers, redirects, cancellation, failures.
@Suite("CurlTransport", .serialized)
struct CurlTransportTests {
    /// Echoes the request as JSON; `/redirect` answers 302 to `/target`, which counts its visits.
    final class EchoResponder: HTTPResponder {
        let targetVisits = Atomic<Int>(0)

        func respond(to request: LoopbackRequest) -> LoopbackResponse {
            switch request.path {
            case "/redirect":
                return LoopbackResponse(status: 302, headers: ["Location": "/target", "X-Hop": "first"])
            case "/target":
                targetVisits.add(1, ordering: .relaxed)
                return LoopbackResponse(status: 200, body: Array("target".utf8))
            default:
                let echo: [String: Any] = ["method": request.method, "path": request.path, "query": request.query,
                                           "headers": request.headers, "body": String(decoding: request.body, as: UTF8.self)]
                let body = (try? JSONSerialization.data(withJSONObject: echo)) ?? Data()
                return LoopbackResponse(status: 201, headers: ["Content-Type": "application/json", "X-Echo": "yes"], body: Array(body))
            }
        }
    }

    static func plainEmulator() throws -> EmulatorServer {
        try EmulatorServer.start(policy: try TenantPreset.load("email-password"), port: 0, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
    }

    static func initiate(_ server: EmulatorServer, timeout: TimeInterval = 10) -> HTTPRequest {
        var form = FormBody()
        form.set(.clientID, clientID)
        form.set(.username, "jane.doe@contoso.com")
        form.set(.challengeType, allTypes)
        return HTTPRequest(url: server.authority.appendingPathComponent("oauth2/v2.0/initiate"),
                           headers: ["Content-Type": "application/x-www-form-urlencoded"], body: form.encoded, timeout: timeout)
    }

    /// Queues a `delay` fault of `seconds` on sign-in initiate through the control API.
    static func queueDelay(_ server: EmulatorServer, seconds: Int, transport: CurlTransport) async throws {
        let body = #"{"endpoint": "/oauth2/v2.0/initiate", "kind": "delay", "seconds": \#(seconds)}"#
        let url = try #require(URL(string: "\(server.origin)/emulator/v1/faults"))
        let answer = try await transport.send(HTTPRequest(url: url, body: Data(body.utf8)))
        #expect(answer.status == 200)
    }

    @Test("POST body and headers go out as given; status, headers and body come back")
    func roundTrip() async throws {
        let responder = EchoResponder()
        let daemon = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: responder)
        defer { daemon.stop() }
        let transport = try CurlTransport(caFile: nil)
        let body = String(repeating: "x=1&", count: 600) + "name=J%C3%A4ne"  // over 1 KiB: no Expect: 100-continue wait
        let url = try #require(URL(string: "http://127.0.0.1:\(daemon.port)/echo/path?a=1&b=two"))
        let response = try await transport.send(HTTPRequest(url: url, headers: ["X-Custom": "value 1", "Content-Type": "text/plain"],
                                                            body: Data(body.utf8)))
        #expect(response.status == 201)
        #expect(response.headers["X-Echo"] == "yes")
        #expect(response.headers["Content-Type"] == "application/json")
        let echo = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(echo["method"] as? String == "POST")
        #expect(echo["path"] as? String == "/echo/path")
        #expect(echo["query"] as? [String: String] == ["a": "1", "b": "two"])
        #expect(echo["body"] as? String == body)
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers["x-custom"] == "value 1" && headers["content-type"] == "text/plain")
        #expect(headers["expect"] == nil)

        let put = try await transport.send(HTTPRequest(url: url, method: "PUT", body: Data("p".utf8)))
        let putEcho = try #require(try JSONSerialization.jsonObject(with: put.body) as? [String: Any])
        #expect(putEcho["method"] as? String == "PUT" && putEcho["body"] as? String == "p")
        let get = try await transport.send(HTTPRequest(url: url, method: "GET"))
        #expect((try JSONSerialization.jsonObject(with: get.body) as? [String: Any])?["method"] as? String == "GET")
    }

    @Test("a form POST to the plain-http emulator answers 200 with a continuation token; client-request-id is echoed")
    func emulatorPost() async throws {
        let server = try Self.plainEmulator()
        defer { server.stop() }
        var request = Self.initiate(server)
        let requestID = UUID().uuidString.lowercased()
        request.headers["client-request-id"] = requestID
        let response = try await CurlTransport(caFile: nil).send(request)
        #expect(response.status == 200)
        #expect(response.headers["client-request-id"] == requestID)
        let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        #expect(json?["continuation_token"] is String)
    }

    @Test("a 302 is the answer: not followed, its own headers kept")
    func redirectNotFollowed() async throws {
        let responder = EchoResponder()
        let daemon = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: responder)
        defer { daemon.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(daemon.port)/redirect"))
        let response = try await CurlTransport(caFile: nil).send(HTTPRequest(url: url, method: "GET"))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == "/target")
        #expect(response.headers["X-Hop"] == "first")
        #expect(responder.targetVisits.load(ordering: .relaxed) == 0)
    }

    @Test("cancelling a request held by a long delay fault ends it with .cancelled long before the answer, and stopping the server does not wait for it")
    func cancellation() async throws {
        let server = try Self.plainEmulator()
        defer { server.stop() }
        let transport = try CurlTransport(caFile: nil)
        try await Self.queueDelay(server, seconds: 60, transport: transport)
        let request = Self.initiate(server)
        #expect(await eventually { server.drainCounts.requests == 0 })
        let started = ContinuousClock.now
        let task = Task { try await transport.send(request) }
        #expect(await eventually { server.drainCounts.requests == 1 }, "the request never reached the server")
        task.cancel()
        let result = await task.result
        let elapsed = ContinuousClock.now - started
        switch result {
        case .success(let response): Issue.record("answered \(response.status) despite cancellation")
        case .failure(let failure): #expect(failure as? TransportFailure == .cancelled, "\(failure)")
        }
        // Generous: the answer was held for 60 s; only a cancellation that works ends it this early.
        #expect(elapsed < .seconds(30), "took \(elapsed)")
        let stopping = ContinuousClock.now
        await server.shutDown()
        #expect(ContinuousClock.now - stopping < .seconds(30), "the stop waited out the held answer")
    }

    @Test("a request under way when the server stops still gets its answer, and the stop does not wait out a delay")
    func stopAnswersRequestsUnderWay() async throws {
        let server = try Self.plainEmulator()
        let transport = try CurlTransport(caFile: nil)
        try await Self.queueDelay(server, seconds: 60, transport: transport)
        // The fault's own request is complete (its answer can reach curl before the daemon counts it done).
        #expect(await eventually { server.drainCounts.requests == 0 })
        let task = Task { try await transport.send(Self.initiate(server, timeout: 30)) }
        // Stop once the server holds the request (headers read, answer delayed), not after a guessed pause.
        #expect(await eventually { server.drainCounts.requests == 1 }, "the request never reached the server")
        let stopping = ContinuousClock.now
        await server.shutDown()
        #expect(ContinuousClock.now - stopping < .seconds(30), "the stop waited out the held answer")
        let response = try await task.value
        #expect(response.status == 200)
    }

    @Test("a request held longer than its timeout ends with .timedOut")
    func timeout() async throws {
        let server = try Self.plainEmulator()
        defer { server.stop() }
        let transport = try CurlTransport(caFile: nil)
        try await Self.queueDelay(server, seconds: 2, transport: transport)
        await #expect(throws: TransportFailure.timedOut) { _ = try await transport.send(Self.initiate(server, timeout: 0.5)) }
    }

    @Test("a closed port is .unreachable")
    func unreachable() async throws {
        let closed = try RefusingPort()
        defer { withExtendedLifetime(closed) {} }
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/"))
        let transport = try CurlTransport(caFile: nil)
        do {
            _ = try await transport.send(HTTPRequest(url: url, method: "GET"))
            Issue.record("a closed port answered")
        } catch {
            guard case .unreachable = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test("makeTransport(caFile:) checks the file once: missing, not PEM, PEM; nil keeps the default")
    func factory() throws {
        let missing = "/nonexistent/\(UUID().uuidString).pem"
        #expect(throws: TransportConfigurationError.unreadableCAFile(path: missing, reason: "no such file")) {
            _ = try makeTransport(caFile: missing)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("not-pem-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data([0x30, 0x82, 0x01]).write(to: scratch)
        #expect(throws: TransportConfigurationError.notPEM(path: scratch.path)) { _ = try makeTransport(caFile: scratch.path) }
        try Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8).write(to: scratch)
        #expect(try makeTransport(caFile: scratch.path) is CurlTransport)
        #expect(!(try makeTransport(caFile: nil) is CurlTransport))
    }
}
