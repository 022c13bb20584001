import Foundation
import NativeAuthWire

/// One HTTP request as the core sees it: no sockets, just values.
public struct EmulatorRequest: Sendable {
    /// Upper case, e.g. `POST`.
    public var method: String
    /// The path without the query, e.g. `/<tenant-id>/oauth2/v2.0/initiate`.
    public var path: String
    /// Decoded query items, including any that came after `?` in the path.
    public var query: [String: String]
    /// Header names in lower case.
    public var headers: [String: String]
    /// The raw body: form-encoded on the native-auth endpoints, JSON on the control API.
    public var body: Data

    /// Upper-cases `method`, moves a `?query` from `path` into `query`, and lower-cases header names.
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: Data = Data()) {
        self.method = method.uppercased()
        // Bytes, not `Character`s: this runs on every request.
        let parts = path.utf8.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)
        self.path = parts.first.map { String(decoding: $0, as: UTF8.self) } ?? path
        var query = query
        if parts.count > 1 {
            for pair in String(decoding: parts[1], as: UTF8.self).split(separator: "&") {
                let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = FormBody.unescape(item[0])
                query[key] = item.count > 1 ? FormBody.unescape(item[1]) : ""
            }
        }
        self.query = query
        let lowerCase = headers.keys.allSatisfy { !$0.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } }
        self.headers = lowerCase ? headers : Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }
}
