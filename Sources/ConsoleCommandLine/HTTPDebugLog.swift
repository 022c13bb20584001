import Foundation
import TophhieCloudAuthentication

/// `--debug` or `TOPHHIE_DEBUG=http`: every HTTP exchange of a command on standard error, as the run reports
/// print it. Built only from `ObservedExchange`, which the framework redacts exactly as it does for a HAR, so
/// no secret reaches the log; standard output is untouched, so a script's pipe reads the same.
public enum HTTPDebugLog {
    /// Whether the exchanges are wanted: the `--debug` flag, or `http` among `TOPHHIE_DEBUG`'s comma-separated words.
    public static func isRequested(flag: Bool, environment: [String: String]) -> Bool {
        flag || (environment["TOPHHIE_DEBUG"] ?? "").split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "http" }
    }

    /// An observer writing each exchange as one block of `debug: ` lines to `write` (standard error by default).
    public static func observer(write: @escaping @Sendable (String) -> Void = standardError) -> ExchangeObserver {
        { exchange in write(ExchangeText.lines(exchange).map { "debug: " + $0 }.joined(separator: "\n")) }
    }

    /// One write per block, so blocks of concurrent commands do not interleave mid-line.
    public static let standardError: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
}
