import Foundation
import Synchronization
import TophhieCloudAuthentication

/// Every HTTP exchange of the session, as the framework's redacted observer reported it: the trace
/// pane's lines and the HAR export's entries.
public final class TraceLog: Sendable {
    private let exchanges = Mutex<[ObservedExchange]>([])

    /// An empty log.
    public init() {}

    /// The observer to hand to `TophhieNativeAuth.observe(_:)`.
    public var observer: ExchangeObserver {
        { [self] exchange in self.exchanges.withLock { $0.append(exchange) } }
    }

    /// Every exchange so far, oldest first, already redacted by the framework.
    public var all: [ObservedExchange] { exchanges.withLock { $0 } }

    /// Forgets every exchange (enrolment mode: the previous person's traffic is not kept).
    public func clear() { exchanges.withLock { $0 = [] } }

    /// How many exchanges are held: the HAR export's entry count.
    public var count: Int { exchanges.withLock { $0.count } }

    /// One line per exchange: method, path, status, error/suberror, duration.
    /// e.g. `POST /signup/v1.0/continue 400 invalid_grant/invalid_oob_value 41 ms`.
    public func lines() -> [String] {
        all.map(Self.line)
    }

    static func line(_ exchange: ObservedExchange) -> String {
        var parts = [exchange.method, exchange.endpoint?.path ?? exchange.url.path]
        parts.append(exchange.status.map(String.init) ?? "---")
        if let error = exchange.error { parts.append(exchange.suberror.map { "\(error)/\($0)" } ?? error) }
        if let code = exchange.errorCode { parts.append("AADSTS\(code)") }
        if let failure = exchange.failure { parts.append(failure) }
        parts.append("\(Int((exchange.duration * 1000).rounded())) ms")
        if exchange.attempt > 1 { parts.append("(retry)") }
        return parts.joined(separator: " ")
    }

    /// Writes the session as HAR 1.2 to `path` (atomically, mode 0600).
    /// - Throws: the file system's error.
    public func exportHAR(to path: String) throws {
        try PrivateFile.write(HARLog.document(all, creator: "tophhie", version: HelpText.version), to: path)
    }
}
