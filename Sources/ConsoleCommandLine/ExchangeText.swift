import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// One exchange as plain text for reports: request line, headers, form or body, status, response headers and
/// body. Built only from `ObservedExchange`, whose secrets the framework already replaced; server text is made
/// printable (no terminal escapes reach a report or a CI log).
package enum ExchangeText {
    package static func lines(_ exchange: ObservedExchange) -> [String] {
        var lines = ["\(exchange.method) \(exchange.url.absoluteString)"]
        lines += headerLines(exchange.requestHeaders, body: exchange.requestBody)
        if !exchange.requestForm.isEmpty {
            lines.append("")
            lines += exchange.requestForm.map { "\($0.key)=\($0.value)" }
        } else if !exchange.requestBody.isEmpty {
            lines += ["", exchange.requestBody]
        }
        lines.append("")
        if let status = exchange.status {
            lines.append("HTTP \(status) (\(Int((exchange.duration * 1000).rounded())) ms)")
            lines += headerLines(exchange.responseHeaders, body: exchange.responseBody)
            if !exchange.responseBody.isEmpty { lines += ["", exchange.responseBody] }
        } else {
            lines.append("no answer: \(exchange.failure ?? "unknown failure")")
        }
        return lines.map { PrintableText.make($0) }
    }

    /// Sorted `name: value` lines, `Content-Length` made to agree with the (redacted) body shown, as the HAR does.
    private static func headerLines(_ headers: [String: String], body: String) -> [String] {
        headers.sorted { $0.key < $1.key }.map { name, value in
            "\(name): \(name.lowercased() == "content-length" ? String(body.utf8.count) : value)"
        }
    }

    package static func text(_ exchange: ObservedExchange) -> String { lines(exchange).joined(separator: "\n") }
}
