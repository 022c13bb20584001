import Foundation
import Localization

/// Times as the account, device-code and sign-in history screens show them: in the operator's zone, as digits that do
/// not depend on the machine's locale.
struct LocalTime {
    /// The zone times are shown in (``FlowSettings/timeZone``).
    let timeZone: TimeZone

    /// `"14:05"` on the day of `now`, else `"2027-01-16 14:05"` (also before the first tick).
    ///
    /// The time is first rounded to the whole second: an expiry computed from `expires_in` lands a fraction
    /// of a second before the id token's whole-second `exp`, and the same time must read the same.
    func clock(_ exact: Date, now: Date?) -> String {
        let date = Date(timeIntervalSince1970: exact.timeIntervalSince1970.rounded())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let time = Self.twoDigits(parts.hour) + ":" + Self.twoDigits(parts.minute)
        if let now, calendar.isDate(date, inSameDayAs: now) { return time }
        return "\(parts.year ?? 0)-\(Self.twoDigits(parts.month))-\(Self.twoDigits(parts.day)) \(time)"
    }

    /// `"2027-01-16 14:05:07"`: a moment in a log, to the second, with its date.
    /// Logs count whole seconds (the fraction is dropped, never rounded up into the next second).
    func timestamp(_ date: Date) -> String {
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return clock(whole, now: nil) + ":" + Self.twoDigits(calendar.component(.second, from: whole))
    }

    /// `"14:05 (in 59 min)"`, `"14:05 (expired)"`; without the relative part until a tick has arrived.
    func expiry(_ date: Date, now: Date?) -> String {
        let stamp = clock(date, now: now)
        guard let now else { return stamp }
        let remaining = date.timeIntervalSince(now)
        // Rounded, not truncated: an expiry computed from `expires_in` lands a fraction of a second off
        // the id token's whole-second `exp`, and the same time must not read as 60 and 59 minutes.
        return remaining >= 0 ? tr("time.expiresIn", ["clock": stamp, "minutes": Int((remaining / 60).rounded())])
            : tr("time.expired", ["clock": stamp])
    }

    /// `"4:59"`: minutes and seconds of a countdown.
    static func minutesAndSeconds(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        return "\(seconds / 60):" + twoDigits(seconds % 60)
    }

    private static func twoDigits(_ value: Int?) -> String {
        let value = value ?? 0
        return value < 10 ? "0\(value)" : "\(value)"
    }
}
