import Foundation
import NativeAuthWire

/// One HTTP answer of the core.
public struct EmulatorResponse: Sendable {
    /// The HTTP status; protocol errors are 400, and only injected faults answer 429 or 500 on tenant paths.
    public var status: Int
    /// Header names as sent.
    public var headers: [String: String]
    /// The answer's bytes: JSON on the API routes, HTML on the sign-in pages, empty for 302 and 204 answers.
    public var body: Data
    /// A `delay` fault: the server waits this long before answering (the core itself never sleeps).
    public var delaySeconds: Int
    /// Tokens still to be signed (done outside the emulator's lock).
    var mint: TokenMint?
    /// A success body still to be encoded into `body`: `handle(_:)` does it after the lock is released.
    var unencodedBody: ResponseBody?

    /// An answer with, by default, no headers, an empty body and no delay.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), delaySeconds: Int = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delaySeconds = delaySeconds
    }

    /// Writes `unencodedBody` into `body` (`handle(_:)` does this before answering).
    mutating func encodeBody() {
        // Taken, not copied: a copy retained each of its strings only to release them again.
        guard let unencodedBody = unencodedBody.take() else { return }
        body = unencodedBody.jsonData
    }

    /// A JSON answer.
    static func json(_ status: Int, _ body: Data) -> EmulatorResponse {
        // Room for the three headers `handle(_:)` adds to every answer.
        var headers = [String: String](minimumCapacity: 4)
        headers["Content-Type"] = "application/json; charset=utf-8"
        return EmulatorResponse(status: status, headers: headers, body: body)
    }

    /// A JSON answer from a `JSONSerialization`-compatible value.
    static func json(_ status: Int, object: Any) -> EmulatorResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return json(status, data)
    }

    /// The body as a JSON object (for tests and tools).
    public var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}
