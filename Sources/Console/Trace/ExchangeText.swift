import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// One exchange as the trace inspector shows it: request and response, headers and bodies.
///
/// Built only from `ObservedExchange`, whose secrets the framework already replaced with `[REDACTED]`:
/// the very fields the HAR export writes, so the screen can show no more than the export. Every line is
/// made printable (server text could carry terminal controls).
enum ExchangeText {
    /// The lines, unwrapped; JSON bodies pretty-printed.
    static func lines(_ exchange: ObservedExchange) -> [String] {
        var lines = ["\(exchange.method) \(exchange.url.absoluteString)"]
        let started = exchange.startedAt.formatted(.iso8601.time(includingFractionalSeconds: true))
        lines.append("Sent \(started) UTC · \(Int((exchange.duration * 1000).rounded())) ms · attempt \(exchange.attempt)")
        lines += ["", "Request headers"] + headerLines(exchange.requestHeaders)
        lines += ["", "Request body"]
        if !exchange.requestBody.isEmpty {
            lines += bodyLines(exchange.requestBody)
        } else if exchange.requestForm.isEmpty {
            lines.append("  (none)")
        } else {
            lines += exchange.requestForm.map { "  \($0.key) = \($0.value)" }
        }
        lines.append("")
        guard let status = exchange.status else {
            lines.append("No answer: \(exchange.failure ?? "the request failed")")
            return lines.map { PrintableText.make($0) }
        }
        lines.append("Response \(status)" + [exchange.error, exchange.suberror].compactMap { $0 }.map { " \($0)" }.joined()
                     + (exchange.errorCode.map { " AADSTS\($0)" } ?? ""))
        lines += ["", "Response headers"] + headerLines(exchange.responseHeaders)
        lines += ["", "Response body"] + (exchange.responseBody.isEmpty ? ["  (none)"] : bodyLines(exchange.responseBody))
        return lines.map { PrintableText.make($0) }
    }

    private static func headerLines(_ headers: [String: String]) -> [String] {
        headers.isEmpty ? ["  (none)"] : headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { "  \($0.key): \($0.value)" }
    }

    /// JSON indented (the redacted text parsed again: it holds no secret to lose), other text as it came.
    private static func bodyLines(_ text: String) -> [String] {
        let pretty = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
            .flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]) }
            .map { String(decoding: $0, as: UTF8.self) } ?? text
        return pretty.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
    }
}
