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
        // Bytes, not `Character`s, and no copies of what is already in shape: this runs on every request.
        self.method = method.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ? method : method.uppercased()
        var query = query
        if let mark = path.utf8.firstIndex(of: UInt8(ascii: "?")) {
            self.path = String(decoding: path.utf8[..<mark], as: UTF8.self)
            for pair in String(decoding: path.utf8[path.utf8.index(after: mark)...], as: UTF8.self).split(separator: "&") {
                let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = FormBody.unescape(item[0])
                query[key] = item.count > 1 ? FormBody.unescape(item[1]) : ""
            }
        } else {
            self.path = path
        }
        self.query = query
        let lowerCase = headers.keys.allSatisfy { !$0.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } }
        if lowerCase {
            self.headers = headers
        } else {
            // In the dictionary's order, the last of two names that differ only in case winning.
            var lowered = [String: String](minimumCapacity: headers.count)
            for (name, value) in headers { lowered[name.lowercased()] = value }
            self.headers = lowered
        }
        self.body = body
    }
}
