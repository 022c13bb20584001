import Foundation

/// The `Retry-After` header: how long the server asks the client to wait before asking again. The one reader of
/// the package, for native auth, device-code polling and Graph alike.
///
/// Source: RFC 9110 §10.2.3 (`Retry-After = HTTP-date / delay-seconds`); docs/protocol.md §N1.3, §I5.3.
public enum RetryAfter {
    /// Whole seconds to wait from `value`: delay-seconds (`120`), or an IMF-fixdate
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`) counted from `now` and rounded up, 0 when that date has passed.
    /// Surrounding spaces are ignored. nil for anything else: a sign, a fraction, a number beyond `Int`, another
    /// date form, garbage.
    public static func seconds(_ value: String, now: Date) -> Int? {
        let value = value.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return Int(value)
        }
        guard let date = HTTPDateParser.date(value) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    /// `Retry-After` of `headers` (its name in any case) read as `seconds(_:now:)`; nil when absent or unreadable.
    public static func seconds(in headers: [String: String], now: Date) -> Int? {
        ResponseValidator.header("retry-after", in: headers).flatMap { seconds($0, now: now) }
    }
}
