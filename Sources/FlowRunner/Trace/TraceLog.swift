import ConsoleCommandLine
import EnrolmentFiles
import Foundation
import Synchronization
import TophhieCloudAuthentication

/// Every HTTP exchange of the session, as the framework's redacted observer reported it: the trace
/// pane's lines and the HAR export's entries, each tagged with the user action in flight when it was made
/// (the inspector's story, ``TraceStory``).
public final class TraceLog: Sendable {
    private struct Log {
        var exchanges: [ObservedExchange] = []
        var actions: [ObservedExchange.ID: TraceStory.Action] = [:]
        var current: TraceStory.Action?
        var serial = 0
    }

    private let log = Mutex(Log())

    /// An empty log.
    public init() {}

    /// The observer to hand to `TophhieNativeAuth.observe(_:)`.
    public var observer: ExchangeObserver {
        { [self] exchange in
            self.log.withLock { log in
                log.exchanges.append(exchange)
                log.actions[exchange.id] = log.current
            }
        }
    }

    /// The user did `action` (``TraceStory/action(for:effects:)``): exchanges from now on are its.
    func begin(_ action: String) {
        log.withLock { log in
            log.serial += 1
            log.current = TraceStory.Action(serial: log.serial, name: action)
        }
    }

    /// The user action `exchange` was made for; nil when it came before any (the start-up restore).
    package func action(of exchange: ObservedExchange) -> TraceStory.Action? {
        log.withLock { $0.actions[exchange.id] }
    }

    /// `exchanges` (some of ``all``, oldest first) under the actions that caused them.
    package func story(of exchanges: [ObservedExchange]) -> [TraceStory.Group] {
        let actions = log.withLock { $0.actions }
        return TraceStory.groups(exchanges) { actions[$0.id] }
    }

    /// Every exchange so far, oldest first, already redacted by the framework.
    public var all: [ObservedExchange] { log.withLock { $0.exchanges } }

    /// Forgets every exchange and the action in flight (enrolment mode: the previous person's traffic is not kept).
    public func clear() { log.withLock { $0 = Log(serial: $0.serial) } }

    /// How many exchanges are held: the HAR export's entry count.
    public var count: Int { log.withLock { $0.exchanges.count } }

    /// One line per exchange: method, path, status, error/suberror, duration.
    /// e.g. `POST /signup/v1.0/continue 400 invalid_grant/invalid_oob_value 41 ms`.
    public func lines() -> [String] {
        all.map(Self.line)
    }

    package static func line(_ exchange: ObservedExchange) -> String {
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
        try AtomicFile.replace(path, with: Array(HARLog.document(all, creator: "tophhie", version: HelpText.version)))
    }
}
