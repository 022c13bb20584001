import EmailAddresses
import Foundation

/// When codes went to each address, for `otp.maxCodesPerAddress`: the service refuses a code past its
/// per-address limit with AADSTS701014, whichever flow asks (field case 036).
///
/// Keyed as usernames are (``EmailAddress/key(_:)``); a sliding window of virtual time, so advancing the clock
/// lifts the limit. Bounded: addresses with no code inside the window are forgotten. Not thread-safe: used
/// under the emulator's lock.
final class AddressCodeLimit {
    private var sent: [String: [Date]] = [:]
    private static let forgetAbove = 4096

    /// Whether one more code may go to `target` at `now` under `limit` codes per `window` seconds; when it may,
    /// the code is counted. No limit (`nil`) admits everything and counts nothing.
    func admit(_ target: String, limit: Int?, window: TimeInterval, now: Date) -> Bool {
        guard let limit else { return true }
        if sent.count > Self.forgetAbove { sent = sent.filter { $0.value.contains { now.timeIntervalSince($0) < window } } }
        let key = EmailAddress.key(target)
        var times = (sent[key] ?? []).filter { now.timeIntervalSince($0) < window }
        defer { sent[key] = times }
        guard times.count < limit else { return false }
        times.append(now)
        return true
    }
}
