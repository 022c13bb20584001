import EmulatorServer
import Foundation
import LoopbackHTTP
import NativeAuthWire
import TenantEmulator

/// `tophhie-bench emulator`: N concurrent clients run complete sign-up + sign-in flows against the emulator
/// over loopback, then the same request pattern against a bare libmicrohttpd server answering a fixed JSON
/// body; prints flows/s, requests/s, p50/p99 latency per endpoint and the rate ratio.
///
/// Bounded: `--flows` per client and `--seconds` per phase, whichever comes first; loopback only.
enum EmulatorBenchmark {
    static let clientID = "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"
    static let types = "oob password redirect"
    struct Options {
        var clients = 8
        var flows = 100
        var seconds = 20.0
        /// Password hashing cost for the run (the emulator's default is 600 000; stated in the output).
        var hashIterations = 1000
        /// RSA modulus of the token-signing key for the run (the emulator's default is 2048; stated in the output).
        var keyBits = 2048
    }

    /// `options` with the `--name value` pairs of `arguments` applied (unknown names are skipped).
    static func parse(_ arguments: [String], into defaults: Options) -> Options {
        var options = defaults
        var index = 0
        while index + 1 < arguments.count {
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--clients": options.clients = max(1, Int(value) ?? options.clients)
            case "--flows": options.flows = max(1, Int(value) ?? options.flows)
            case "--seconds": options.seconds = max(1, Double(value) ?? options.seconds)
            case "--hash-iterations": options.hashIterations = max(1, Int(value) ?? options.hashIterations)
            case "--key-bits": options.keyBits = min(max(1024, Int(value) ?? options.keyBits), 4096)
            default: break
            }
            index += 2
        }
        return options
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options = parse(arguments, into: Options())
        do {
            try measure(options)
            return 0
        } catch {
            FileHandle.standardError.write(Data("tophhie-bench: \(error)\n".utf8))
            return 1
        }
    }

    /// The `email-password` preset (no resend wait: a flow asks for one code) at the run's stated costs, on an
    /// ephemeral loopback port.
    static func startEmulator(_ options: Options) throws -> EmulatorServer {
        var policy = try TenantPreset.load("email-password")
        policy.otp.resendIntervalSeconds = 0
        let emulator = try TenantEmulator(policy: policy, hasher: PasswordHasher(iterations: options.hashIterations),
                                          signingKeyBits: options.keyBits)
        return try EmulatorServer.start(emulator: emulator, port: 0)
    }

    private static func measure(_ options: Options) throws {
        let server = try startEmulator(options)
        defer { server.stop() }
        let tenantPath = "/\(server.emulator.tenantID)"

        print("tophhie-bench emulator: \(options.clients) clients × up to \(options.flows) flows, ≤ \(Int(options.seconds)) s per phase, loopback only")
        print("password hashing: PBKDF2-SHA256 with \(options.hashIterations) iterations (default \(PasswordHasher.defaultIterations))")
        print("token signing: RS256 with an RSA-\(options.keyBits) key (default 2048)")
        print("flow = signup/start, signup/challenge, signup/continue(oob), token(continuation_token), initiate, challenge, token(password)")
        print("       (codes read in-process from the outbox; the control API is not measured)\n")

        let emulatorLatency = LatencyRecorder()
        let emulatorPhase = try phase(options: options, port: server.port) { connection, client, flow in
            try signUpAndSignIn(connection, tenantPath: tenantPath, username: "bench\(client)-\(flow)@contoso.com",
                                outbox: server.emulator.outbox, latency: emulatorLatency)
        }

        let bare = try HTTPDaemon.fixed(json: #"{"continuation_token":"AQABIQEAAABVrSpeuWamRam2jAF1XRQEgSjYnYHh8qD1zuOlGhaqXQ","challenge_type":"oob"}"#)
        defer { bare.stop() }
        let bareLatency = LatencyRecorder()
        let barePhase = try phase(options: options, port: bare.port) { connection, _, _ in
            for _ in 0..<7 {
                let started = Date()
                let answer = try connection.send(method: "POST", path: tenantPath + "/oauth2/v2.0/initiate",
                                                 body: "client_id=\(clientID)&username=bench%40contoso.com&challenge_type=oob+password+redirect")
                guard answer.status == 200, (try? JSONSerialization.jsonObject(with: answer.body)) != nil else { throw BenchFailure.unexpected("bare", answer.status) }
                bareLatency.record("bare fixed JSON", seconds: Date().timeIntervalSince(started))
            }
        }

        print("endpoint".padding(toLength: 30, withPad: " ", startingAt: 0) + "requests      p50 ms      p99 ms")
        for row in emulatorLatency.percentiles() + bareLatency.percentiles() {
            print(row.name.padding(toLength: 30, withPad: " ", startingAt: 0) + String(format: "%8d %11.2f %11.2f", row.count, row.p50, row.p99))
        }
        let emulatorRate = Double(emulatorLatency.total) / emulatorPhase.seconds
        let bareRate = Double(bareLatency.total) / barePhase.seconds
        print("")
        print(String(format: "emulator: %d flows in %.2f s = %.1f flows/s, %.0f requests/s", emulatorPhase.flows, emulatorPhase.seconds,
                     Double(emulatorPhase.flows) / emulatorPhase.seconds, emulatorRate))
        print(String(format: "bare libmicrohttpd (fixed JSON): %.0f requests/s (%.1f flow-equivalents/s)", bareRate, bareRate / 7))
        print(String(format: "ratio: emulator serves %.1f%% of the bare server's request rate (target ≥ 50%%)", emulatorRate / bareRate * 100))
    }

    enum BenchFailure: Error { case unexpected(String, Int) }

    /// Runs `flow` on `clients` threads, each with its own keep-alive connection; returns completed flows and wall time.
    private static func phase(options: Options, port: UInt16, flow: @escaping @Sendable (LoopbackConnection, Int, Int) throws -> Void) throws -> (flows: Int, seconds: Double) {
        let deadline = Date().addingTimeInterval(options.seconds)
        let counter = FlowCounter()
        let group = DispatchGroup()
        let started = Date()
        for client in 0..<options.clients {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let connection = try LoopbackConnection(port: port)
                    for index in 0..<options.flows where Date() < deadline {
                        try flow(connection, client, index)
                        counter.add()
                    }
                } catch {
                    counter.fail("\(error)")
                }
            }
        }
        group.wait()
        if let failure = counter.failure { throw BenchFailure.unexpected(failure, 0) }
        return (counter.count, Date().timeIntervalSince(started))
    }

    /// One sign-up and sign-in; throws on any answer that is not 200 with the token the step hands on.
    static func signUpAndSignIn(_ connection: LoopbackConnection, tenantPath: String, username: String, outbox: Outbox,
                                latency: LatencyRecorder?) throws {
        func call(_ endpoint: NativeAuthEndpoint, _ label: String, _ fields: [(FormKey, String)]) throws -> [String: Any] {
            var form = FormBody()
            for (key, value) in fields { form.set(key, value) }
            let started = Date()
            let answer = try connection.send(method: "POST", path: tenantPath + endpoint.path, body: form.encodedString)
            latency?.record(label, seconds: Date().timeIntervalSince(started))
            let body = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? [:]
            guard answer.status == 200, body["continuation_token"] != nil || body["access_token"] != nil else {
                throw BenchFailure.unexpected("\(label): \(body["error"] ?? "?")", answer.status)
            }
            return body
        }
        let password = "Bench-Mark-2026!"
        var token = try call(.signUpStart, "signup/start", [(.clientID, clientID), (.username, username), (.password, password),
                                                            (.challengeType, types), (.attributes, #"{"displayName":"Bench"}"#)])["continuation_token"] as? String ?? ""
        token = try call(.signUpChallenge, "signup/challenge", [(.clientID, clientID), (.continuationToken, token), (.challengeType, types)])["continuation_token"] as? String ?? ""
        let code = outbox.latest(to: username)?.code ?? ""
        token = try call(.signUpContinue, "signup/continue", [(.clientID, clientID), (.continuationToken, token), (.grantType, "oob"), (.oob, code)])["continuation_token"] as? String ?? ""
        _ = try call(.token, "token (continuation_token)", [(.clientID, clientID), (.continuationToken, token), (.grantType, "continuation_token"),
                                                           (.username, username), (.scope, "openid profile offline_access"), (.clientInfo, "true")])
        token = try call(.signInInitiate, "oauth2/initiate", [(.clientID, clientID), (.username, username), (.challengeType, types)])["continuation_token"] as? String ?? ""
        token = try call(.signInChallenge, "oauth2/challenge", [(.clientID, clientID), (.continuationToken, token), (.challengeType, types)])["continuation_token"] as? String ?? ""
        _ = try call(.token, "token (password)", [(.clientID, clientID), (.continuationToken, token), (.grantType, "password"), (.username, username),
                                                  (.password, password), (.scope, "openid profile offline_access"), (.clientInfo, "true")])
    }
}
