import EmulatorServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NativeAuthWire
@testable import TenantEmulator
import TestSupport

/// Raw wire requests to an `EmulatorServer` over real loopback HTTP.
struct LoopbackClient {
    let server: EmulatorServer
    let session: URLSession

    init(preset: String, configure: (inout TenantPolicy) -> Void = { _ in }) throws {
        var policy = try TenantPreset.load(preset)
        configure(&policy)
        server = try EmulatorServer.start(policy: policy, port: 0, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: [String: Any]
        let raw: Data

        subscript(key: String) -> String? { body[key] as? String }
    }

    /// POSTs a form to a native-auth endpoint under the authority.
    func post(_ endpoint: NativeAuthEndpoint, _ fields: [String: String], headers: [String: String] = [:]) async throws -> Answer {
        var form = FormBody()
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            if let known = FormKey(rawValue: key) { form.set(known, value) }
        }
        var request = URLRequest(url: server.authority.appendingPathComponent(String(endpoint.path.dropFirst())))
        request.httpMethod = "POST"
        request.httpBody = form.encoded
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    /// Calls the control API.
    func control(_ method: String, _ route: String, body: String? = nil) async throws -> (status: Int, json: Any) {
        var request = URLRequest(url: URL(string: "\(server.origin)/emulator/v1/\(route)")!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONSerialization.jsonObject(with: data))
    }

    func get(_ url: URL) async throws -> Answer { try await send(URLRequest(url: url)) }

    /// The newest code for `target`, read through `GET /emulator/v1/outbox?to=`.
    func code(to target: String) async throws -> String {
        let escaped = FormBody.escape(target)
        let (_, json) = try await control("GET", "outbox?to=\(escaped)")
        guard let messages = json as? [[String: Any]], let code = messages.last?["code"] as? String else {
            throw HarnessError.noCode(target)
        }
        return code
    }

    private func send(_ request: URLRequest) async throws -> Answer {
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        let body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(status: http?.statusCode ?? 0, headers: headers, body: body, raw: data)
    }

    func stop() {
        session.invalidateAndCancel()
        server.stop()
    }
}

/// Decodes a JWT's payload (no signature check; see `TokenTests` for that).
func jwtClaims(_ token: String) -> [String: Any] {
    let parts = token.split(separator: ".")
    guard parts.count == 3, let data = Base64URL.decode(String(parts[1])) else { return [:] }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
}

func jwtHeader(_ token: String) -> [String: Any] {
    guard let first = token.split(separator: ".").first, let data = Base64URL.decode(String(first)) else { return [:] }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
}
