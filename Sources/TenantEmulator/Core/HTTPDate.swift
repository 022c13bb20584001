import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The `Date` header's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7). The emulator stamps its
/// answers with its virtual clock, so advancing the clock shows a client a server whose time is off
/// (`tophhie doctor`'s clock check).
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The last second formatted: every answer carries a `Date` header, and most fall in the same second.
    private static let lastFormatted = Mutex<(seconds: time_t, text: String)?>(nil)

    static func string(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        if let last = lastFormatted.withLock({ $0 }), last.seconds == seconds { return last.text }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text = "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
        lastFormatted.withLock { $0 = (seconds, text) }
        return text
    }
}

extension Date {
    /// This moment in UTC as the `DateFormatter` `pattern` writes it, with English names whatever the locale.
    func utcText(_ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: self)
    }
}
