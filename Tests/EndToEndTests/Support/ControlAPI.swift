import Foundation
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The embedded emulator's control API (`/emulator/v1/`); each call suspends until the answer (no thread waits).
struct ControlAPI: Sendable {
    let origin: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One message of `GET /emulator/v1/outbox`.
    struct OutboxMessage: Decodable {
        let channel: String
        let to: String
        let code: String
        let purpose: String
    }

    /// Every code sent to `address`, oldest first.
    func outbox(to address: String) async throws -> [OutboxMessage] {
        let query = address.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? address
        return try JSONDecoder().decode([OutboxMessage].self, from: await request("GET", "outbox?to=\(query)"))
    }

    /// The newest code sent to `address`.
    func latestCode(to address: String) async throws -> String {
        guard let code = try await outbox(to: address).last?.code else { throw Failure(description: "no code sent to \(address)") }
        return code
    }

    /// Waits (bounded) for the number of codes sent to `address` to exceed `count`, and returns the newest.
    func code(to address: String, after count: Int = 0, timeout: Duration = .seconds(10)) async throws -> String {
        var newest: String?
        await eventually(timeout: timeout, interval: .milliseconds(50)) {
            guard let messages = try? await outbox(to: address), messages.count > count else { return false }
            newest = messages.last?.code
            return newest != nil
        }
        guard let newest else { throw Failure(description: "no new code sent to \(address)") }
        return newest
    }

    /// The users of the tenant (`GET /emulator/v1/users`) as JSON objects.
    func users() async throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: await request("GET", "users")) as? [[String: Any]]) ?? []
    }

    func advanceClock(seconds: Int) async throws {
        _ = try await request("POST", "clock", body: #"{"advanceSeconds":\#(seconds)}"#)
    }

    func fault(endpoint: String, kind: String, count: Int = 1) async throws {
        _ = try await request("POST", "faults", body: #"{"endpoint":"\#(endpoint)","kind":"\#(kind)","count":\#(count)}"#)
    }

    @discardableResult
    func request(_ method: String, _ path: String, body: String? = nil) async throws -> Data {
        guard let url = URL(string: "\(origin)/emulator/v1/\(path)") else { throw Failure(description: "bad path \(path)") }
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        // The session's own timeout (10 s) ends a request that gets no answer.
        let answer = await withCheckedContinuation { (done: CheckedContinuation<(data: Data?, status: Int, error: Error?), Never>) in
            URLSession.shared.dataTask(with: request) { data, response, error in
                done.resume(returning: (data, (response as? HTTPURLResponse)?.statusCode ?? 0, error))
            }.resume()
        }
        if let error = answer.error { throw Failure(description: "\(method) \(path): \(error)") }
        guard (200..<300).contains(answer.status), let data = answer.data else {
            throw Failure(description: "\(method) \(path): HTTP \(answer.status) \(String(decoding: answer.data ?? Data(), as: UTF8.self))")
        }
        return data
    }
}
