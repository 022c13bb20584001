import Foundation
import NativeAuthWire

/// One benchmark client: how its requests reach the server, the tenant path, and the latencies it measured.
///
/// Used by one thread only; the phase merges every client's samples when they are done.
public final class LoadClient {
    /// Sends one POST (path, form body) and returns the answer's status and body.
    typealias Transport = (_ path: String, _ body: String) throws -> (status: Int, body: Data)

    private let transport: Transport
    private let tenantPath: String
    /// Seconds per request, by step label; empty unless `keepsLatencies`.
    private(set) var latencies: [String: [Double]] = [:]
    /// Requests answered since the set-up.
    private(set) var answered = 0
    /// Whether every latency is kept. A soak only counts its answers, so that the load generator's own
    /// memory, which shares the process with the emulator, does not grow with every request.
    var keepsLatencies = true

    /// A client on its own keep-alive loopback connection.
    convenience init(port: UInt16, tenantPath: String) throws {
        let connection = try LoopbackConnection(port: port)
        self.init(tenantPath: tenantPath) { try connection.send(method: "POST", path: $0, body: $1) }
    }

    init(tenantPath: String, transport: @escaping Transport) {
        self.transport = transport
        self.tenantPath = tenantPath
    }

    /// Forgets what the untimed set-up measured.
    func resetLatencies() {
        latencies = [:]
        answered = 0
    }

    /// Sends `fields` to the step's endpoint, times it, and checks the answer.
    /// - Returns: the continuation token the answer carries (`nil` for tokens).
    /// - Throws: `StepFailure` for a wrong answer or a broken connection.
    @discardableResult
    public func call(_ step: LoadStep, _ fields: KeyValuePairs<FormKey, String>) throws(StepFailure) -> String? {
        var form = FormBody()
        for (key, value) in fields { form.set(key, value) }
        let started = DispatchTime.now().uptimeNanoseconds
        let answer: (status: Int, body: Data)
        do {
            answer = try transport(tenantPath + step.endpoint.path, form.encodedString)
        } catch {
            throw StepFailure(label: step.label, reason: "\(error)", connectionLost: true)
        }
        answered += 1
        if keepsLatencies { latencies[step.label, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9) }
        do {
            return try step.expected.check(endpoint: step.checkedAs, grantType: step.grantType, status: answer.status, body: answer.body)
        } catch {
            throw StepFailure(label: step.label, reason: error.description, connectionLost: false)
        }
    }
}
