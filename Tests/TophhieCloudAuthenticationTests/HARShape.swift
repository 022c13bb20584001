import Foundation
import Testing

/// Checks the parts of HAR 1.2 a browser's network panel needs.
enum HARShape {
    static func check(_ data: Data, entries count: Int) throws {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        #expect((log["creator"] as? [String: Any])?["name"] as? String != nil)
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(entries.count == count)
        for entry in entries {
            let started = try #require(entry["startedDateTime"] as? String)
            #expect(isoWithMilliseconds().date(from: started) != nil, "bad date \(started)")
            #expect(entry["time"] is Double || entry["time"] is Int)
            let request = try #require(entry["request"] as? [String: Any])
            for key in ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"] {
                #expect(request[key] != nil, "request.\(key)")
            }
            let response = try #require(entry["response"] as? [String: Any])
            for key in ["status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize"] {
                #expect(response[key] != nil, "response.\(key)")
            }
            #expect((response["content"] as? [String: Any])?["mimeType"] is String)
            #expect(entry["cache"] is [String: Any])
            #expect(entry["timings"] is [String: Any])
        }
    }
}

private func isoWithMilliseconds() -> ISO8601DateFormatter {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter
}
