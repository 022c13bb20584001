import Foundation

/// Reads an RFC 9110 IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), as servers send in `Date` and
/// `Retry-After`. Source: RFC 9110 §5.6.7.
public enum HTTPDateParser {
    /// The date `text` names; nil unless it is an IMF-fixdate. Server text: anything but printable ASCII (at
    /// most 64 bytes) is refused before Foundation's `DateFormatter` sees it, which traps on some non-ASCII
    /// input (found by fuzzing a `Retry-After`).
    public static func date(_ text: String) -> Date? {
        guard !text.isEmpty, text.utf8.count <= 64, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
