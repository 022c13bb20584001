import Foundation

/// Reads Graph's ISO 8601 timestamps without a formatter's fixed precision: `2026-03-14T09:26:41Z`,
/// `…41.1234567Z` (7 fractional digits, the sign-in log's form), any number of fraction digits, a
/// `+hh:mm`/`-hh:mm` offset, or no zone (read as UTC, like `innerError.date`).
/// Source: docs/protocol.md §I6.2 (`createdDateTime`), §I5.3 (`innerError.date` has no zone).
enum GraphDate {
    /// The instant, or nil when `text` is not of that shape or names an impossible date.
    static func parse(_ text: String) -> Date? {
        var bytes = Array(text.utf8)[...]
        func number(_ count: Int) -> Int? {
            guard bytes.count >= count else { return nil }
            var value = 0
            for byte in bytes.prefix(count) {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            bytes = bytes.dropFirst(count)
            return value
        }
        func skip(_ character: Character) -> Bool {
            guard let ascii = character.asciiValue, bytes.first == ascii else { return false }
            bytes = bytes.dropFirst()
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
              skip("T") || skip("t") || skip(" "), let hour = number(2), skip(":"), let minute = number(2), skip(":"),
              let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var fraction = 0.0
        if skip(".") {
            var scale = 0.1
            var digits = 0
            while let byte = bytes.first, (48...57).contains(byte) {
                fraction += Double(byte - 48) * scale
                scale /= 10
                digits += 1
                bytes = bytes.dropFirst()
            }
            guard digits > 0 else { return nil }
        }
        var offset = 0
        if skip("Z") || skip("z") {
        } else if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            bytes = bytes.dropFirst()
            guard let hours = number(2), skip(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
        }
        guard bytes.isEmpty else { return nil }
        let seconds = daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
