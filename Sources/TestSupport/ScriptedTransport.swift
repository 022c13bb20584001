import Foundation
import NativeAuthWire
import Synchronization
import TophhieCloudAuthentication

/// An in-process transport that plays a scripted server: each expected request (endpoint and exact
/// form fields) is answered with a scripted response. Any mismatch is recorded in `mismatches` and
/// answered with HTTP 599, so a flow test fails on the first wrong request.
public final class ScriptedTransport: HTTPTransport {
    /// One scripted exchange.
    public struct Step: Sendable {
        public var endpoint: NativeAuthEndpoint
        /// The exact form fields the client must send (nothing more, nothing less).
        public var form: [String: String]
        public var response: HTTPResponse

        public init(_ endpoint: NativeAuthEndpoint, form: [String: String], response: HTTPResponse) {
            self.endpoint = endpoint
            self.form = form
            self.response = response
        }
    }

    private let script: Mutex<[Step]>
    private let received: Mutex<[HTTPRequest]> = Mutex([])
    private let problems: Mutex<[String]> = Mutex([])
    private let failures: Mutex<[TransportFailure]> = Mutex([])

    public init(_ steps: [Step] = []) { script = Mutex(steps) }

    /// Adds exchanges at the end of the script.
    public func expect(_ steps: Step...) { script.withLock { $0.append(contentsOf: steps) } }

    /// Makes the next request fail without an answer (before any scripted step is used).
    public func failNext(with failure: TransportFailure) { failures.withLock { $0.append(failure) } }

    /// Every request received, in order.
    public var requests: [HTTPRequest] { received.withLock { $0 } }

    /// What went wrong: unexpected requests, form mismatches, unused steps.
    public var mismatches: [String] {
        let unused = script.withLock { $0 }.map { "never called: \($0.endpoint.path)" }
        return problems.withLock { $0 } + unused
    }

    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        received.withLock { $0.append(request) }
        if let failure = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw failure }
        guard let step = script.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            problems.withLock { $0.append("unexpected request to \(request.url.path)") }
            return HTTPResponse(status: 599)
        }
        let form = FormBody(decoding: request.body).dictionary
        var problem: [String] = []
        if !request.url.path.hasSuffix(step.endpoint.path) {
            problem.append("expected \(step.endpoint.path), got \(request.url.path)")
        }
        if form != step.form {
            let keys = Set(form.keys).union(step.form.keys).sorted()
            // Test output is a log too: secret values are named, not printed.
            let secret = Set(FormKey.secrets.map(\.rawValue))
            func shown(_ value: String?, _ key: String) -> String { value.map { secret.contains(key) ? Secret.marker : $0 } ?? "(absent)" }
            for key in keys where form[key] != step.form[key] {
                problem.append("\(step.endpoint.path) \(key): expected \(shown(step.form[key], key)), got \(shown(form[key], key))")
            }
        }
        if request.method != "POST" || request.headers["Content-Type"] != "application/x-www-form-urlencoded" {
            problem.append("\(step.endpoint.path): not a form-encoded POST")
        }
        if !problem.isEmpty { problems.withLock { $0.append(contentsOf: problem) } }
        return step.response
    }
}

extension HTTPResponse {
    /// A JSON answer from literal text.
    public static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Data(text.utf8))
    }

    /// The response of a documented exchange.
    public init(fixture: Fixture) {
        self.init(status: fixture.status, headers: fixture.headers, body: fixture.body)
    }
}
