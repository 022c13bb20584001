import Foundation

/// Exports observed exchanges as a HAR 1.2 document (the format browsers' network panels open).
///
/// Built only from `ObservedExchange`, whose secrets are already redacted, so an export cannot leak
/// a password, code or token. Exchanges that got no answer have status 0 and a `_failure` field
/// (HAR allows custom fields that start with an underscore).
/// Source: HAR 1.2 specification (W3C Web Performance WG draft, `log.entries[].request/response`).
public enum HARLog {
    /// The HAR JSON for `exchanges`, in order.
    /// - Parameters:
    ///   - creator: the `log.creator.name`.
    ///   - version: the `log.creator.version`.
    public static func document(_ exchanges: [ObservedExchange], creator: String, version: String) -> Data {
        let log = Log(
            version: "1.2", creator: ["name": creator, "version": version],
            entries: exchanges.map(Entry.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(["log": log])) ?? Data()
    }

    private struct Log: Encodable {
        let version: String
        let creator: [String: String]
        let entries: [Entry]
    }

    private struct NameValue: Encodable {
        let name: String
        let value: String
    }

    private struct Entry: Encodable {
        let startedDateTime: String
        let time: Double
        let request: Request
        let response: Response
        let cache: [String: String] = [:]
        let timings: [String: Double]
        let _failure: String?

        init(_ exchange: ObservedExchange) {
            let milliseconds = (exchange.duration * 1000).rounded()
            startedDateTime = HARLog.timestamp(exchange.startedAt)
            time = milliseconds
            request = Request(exchange)
            response = Response(exchange)
            timings = ["send": 0, "wait": milliseconds, "receive": 0]
            _failure = exchange.failure
        }
    }

    private struct Request: Encodable {
        let method: String
        let url: String
        let httpVersion = "HTTP/1.1"
        let cookies: [NameValue] = []
        let headers: [NameValue]
        let queryString: [NameValue]
        let postData: PostData
        let headersSize = -1
        let bodySize: Int

        init(_ exchange: ObservedExchange) {
            method = exchange.method
            url = exchange.url.absoluteString
            let requestHeaders = exchange.requestHeaders
            queryString = URLComponents(url: exchange.url, resolvingAgainstBaseURL: false)?.queryItems?
                .map { NameValue(name: $0.name, value: $0.value ?? "") } ?? []
            if exchange.requestBody.isEmpty {
                let text = exchange.requestForm.map { "\(FormBody.escape($0.key))=\(FormBody.escape($0.value))" }.joined(separator: "&")
                postData = PostData(
                    mimeType: "application/x-www-form-urlencoded",
                    params: exchange.requestForm.map { NameValue(name: $0.key, value: $0.value) }, text: text)
            } else {
                postData = PostData(mimeType: "application/json", params: [], text: exchange.requestBody)
            }
            bodySize = postData.text.utf8.count
            headers = Self.agreeing(requestHeaders, bodySize: bodySize)
        }

        /// The headers with `Content-Length` made to agree with the body as written (redaction changes its
        /// length; a HAR viewer checks the two against each other).
        static func agreeing(_ headers: [String: String], bodySize: Int) -> [NameValue] {
            headers.sorted { $0.key < $1.key }.map { name, value in
                NameValue(name: name, value: name.lowercased() == "content-length" ? String(bodySize) : value)
            }
        }
    }

    private struct PostData: Encodable {
        let mimeType: String
        let params: [NameValue]
        let text: String
    }

    private struct Response: Encodable {
        let status: Int
        let statusText: String
        let httpVersion = "HTTP/1.1"
        let cookies: [NameValue] = []
        let headers: [NameValue]
        let content: Content
        let redirectURL = ""
        let headersSize = -1
        let bodySize: Int

        init(_ exchange: ObservedExchange) {
            status = exchange.status ?? 0
            statusText = exchange.status.map { HTTPStatusText.phrase($0) } ?? ""
            headers = Request.agreeing(exchange.responseHeaders, bodySize: exchange.responseBody.utf8.count)
            let mimeType = ResponseValidator.header("content-type", in: exchange.responseHeaders) ?? "application/json"
            content = Content(size: exchange.responseBody.utf8.count, mimeType: mimeType, text: exchange.responseBody)
            bodySize = exchange.status == nil ? -1 : exchange.responseBody.utf8.count
        }
    }

    private struct Content: Encodable {
        let size: Int
        let mimeType: String
        let text: String
    }

    /// ISO 8601 with milliseconds, as HAR requires.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}

/// Reason phrases for the statuses this protocol uses.
enum HTTPStatusText {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: ""
        }
    }
}
