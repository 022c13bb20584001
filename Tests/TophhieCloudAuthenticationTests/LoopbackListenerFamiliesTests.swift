import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import TophhieCloudAuthentication

/// The browser sign-in's redirect names `localhost`; browsers may resolve it to `::1` or to `127.0.0.1`, so the
/// listener answers on both loopback addresses, on one port, and never on a wildcard address (field case 031).
@Suite(.serialized) struct LoopbackListenerFamiliesTests {
    /// A browser sign-in against a scripted tenant that refuses every code: the listener is real.
    func start() async throws -> (ScriptedTenant, BrowserSignInStep, state: String) {
        let tenant = ScriptedTenant { request in
            request.method == "GET" ? InteractiveKit.json(200, InteractiveKit.discovery) : InteractiveKit.error("invalid_grant", code: 70_000)
        }
        let auth = try InteractiveKit.auth(tenant, time: VirtualTime())
        let step = try await auth.startBrowserSignIn()
        let state = URLComponents(url: step.authorizationURL, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value
        return (tenant, step, try #require(state))
    }

    func port(_ step: BrowserSignInStep) throws -> UInt16 { try #require(URL(string: step.redirectURI)?.port.flatMap { UInt16($0) }) }

    /// Posts the callback as the browser's form_post does, with libcurl (FoundationNetworking's URLSession refuses
    /// IPv6 literal URLs); the status, 0 when nothing answered.
    func callBack(_ origin: String, code: String, state: String) async -> Int {
        guard let transport = try? CurlTransport(caFile: nil), let url = URL(string: origin + "/") else { return 0 }
        let request = HTTPRequest(url: url, method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                  body: Data("code=\(code)&state=\(state)".utf8), timeout: 30)
        return (try? await transport.send(request))?.status ?? 0
    }

    @Test("a callback to [::1]:P completes the sign-in, and so does one to 127.0.0.1:P; redirect_uri stays http://localhost:P")
    func bothFamiliesReachTheListener() async throws {
        for (origin, code) in [("http://[::1]", "code-over-ipv6"), ("http://127.0.0.1", "code-over-ipv4")] {
            let (tenant, step, state) = try await start()
            #expect(step.redirectURI == "http://localhost:\(try port(step))")
            let waiting = Task { try await step.waitForSignIn(timeout: 20) }
            #expect(await callBack("\(origin):\(try port(step))", code: code, state: state) == 200, "\(origin) must reach the listener")
            _ = try? await waiting.value
            #expect(tenant.forms("/token").first?["code"] == code, "the first good callback over \(origin) is redeemed")
        }
    }

    @Test("while waiting, the port listens on 127.0.0.1 and ::1 exactly, never on 0.0.0.0 or ::")
    func noWildcardAddress() async throws {
        let (_, step, _) = try await start()
        defer { step.cancel() }
        let port = try port(step)
        #expect(step.listenerAddresses == ["127.0.0.1:\(port)", "[::1]:\(port)"])
        #expect(step.listenerNote == nil)
        // /proc/net/tcp is read in pieces while the other suites open and close sockets, and a piece can miss
        // a line that moved: read it again until it shows the listener whole.
        let expected = ["0100007F", "00000000000000000000000001000000"]
        let seen = await eventually { Self.listeningAddresses(port: port) == expected }
        #expect(seen, "as /proc/net/tcp and tcp6 show them: \(Self.listeningAddresses(port: port))")
    }

    @Test("a port another program holds on [::1] is given up for one free on both families")
    func aPortTakenOnIPv6IsSkipped() throws {
        let responder = FixedResponder(json: "{}")
        let squatter = try HTTPDaemon(host: "::1", port: 0, responder: responder)
        defer { squatter.stop() }
        let (daemons, note) = try LoopbackRedirectListener.bindBoth(responder, ports: [squatter.port, 0, 0])
        defer { daemons.forEach { $0.stop() } }
        #expect(note == nil)
        #expect(daemons.map(\.host) == ["127.0.0.1", "::1"])
        #expect(daemons[0].port != squatter.port && daemons[0].port == daemons[1].port)
    }

    @Test("a port another program holds on 127.0.0.1 is given up too, not taken for a failure")
    func aPortTakenOnIPv4IsSkipped() throws {
        let squatter = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: FixedResponder(json: "{}"))
        defer { squatter.stop() }
        let (daemons, _) = try LoopbackRedirectListener.bindBoth(FixedResponder(json: "{}"), ports: [squatter.port, 0])
        defer { daemons.forEach { $0.stop() } }
        #expect(daemons.map(\.host) == ["127.0.0.1", "::1"])
        #expect(daemons[0].port != squatter.port)
    }

    /// Local addresses (hex, as the kernel lists them) of the sockets listening on `port`, IPv4 then IPv6.
    static func listeningAddresses(port: UInt16) -> [String] {
        let wanted = String(format: "%04X", port)
        return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap { file -> [String] in
            // Read to the end: a /proc file reports size 0, and a read sized by it stops after the first page.
            let data = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: file)).readToEnd()) ?? nil
            let text = String(decoding: data ?? Data(), as: UTF8.self)
            return text.split(separator: "\n").dropFirst().compactMap { line -> String? in
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[3] == "0A" else { return nil }
                let local = fields[1].split(separator: ":")
                return local.count == 2 && local[1] == wanted ? String(local[0]) : nil
            }
        }
    }
}
