import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The embedded emulator's control API (`/emulator/v1/`), called synchronously from tests.
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
    func outbox(to address: String) throws -> [OutboxMessage] {
        let query = address.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? address
        return try JSONDecoder().decode([OutboxMessage].self, from: request("GET", "outbox?to=\(query)"))
    }

    /// The newest code sent to `address`.
    func latestCode(to address: String) throws -> String {
        guard let code = try outbox(to: address).last?.code else { throw Failure(description: "no code sent to \(address)") }
        return code
    }

    /// Waits (bounded) for the number of codes sent to `address` to exceed `count`, and returns the newest.
    func code(to address: String, after count: Int = 0, timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let messages = try outbox(to: address)
            if messages.count > count, let code = messages.last?.code { return code }
            usleep(100_000)
        } while Date() < deadline
        throw Failure(description: "no new code sent to \(address)")
    }

    /// The users of the tenant (`GET /emulator/v1/users`) as JSON objects.
    func users() throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: request("GET", "users")) as? [[String: Any]]) ?? []
    }

    func advanceClock(seconds: Int) throws {
        _ = try request("POST", "clock", body: #"{"advanceSeconds":\#(seconds)}"#)
    }

    func fault(endpoint: String, kind: String, count: Int = 1) throws {
        _ = try request("POST", "faults", body: #"{"endpoint":"\#(endpoint)","kind":"\#(kind)","count":\#(count)}"#)
    }

    private final class Answer: @unchecked Sendable {
        var data: Data?
        var status = 0
        var error: Error?
    }

    @discardableResult
    func request(_ method: String, _ path: String, body: String? = nil) throws -> Data {
        guard let url = URL(string: "\(origin)/emulator/v1/\(path)") else { throw Failure(description: "bad path \(path)") }
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            answer.data = data
            answer.status = (response as? HTTPURLResponse)?.statusCode ?? 0
            answer.error = error
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 15) == .success else { throw Failure(description: "\(method) \(path): no answer") }
        if let error = answer.error { throw Failure(description: "\(method) \(path): \(error)") }
        guard (200..<300).contains(answer.status), let data = answer.data else {
            throw Failure(description: "\(method) \(path): HTTP \(answer.status) \(String(decoding: answer.data ?? Data(), as: UTF8.self))")
        }
        return data
    }
}
