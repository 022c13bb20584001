import Foundation

/// A device authorization the emulator issued, found by the SHA-256 of its `device_code`.
///
/// Polling rule (RFC 8628 §3.5, field case 023 (docs/field-cases.md)): a poll sooner than `interval` after the last *accepted* poll
/// answers `slow_down` and adds 5 s to `interval`; the first poll is always accepted; a refused poll does not
/// move the reference point, so a client that waits the advertised (grown) interval is never refused.
/// Source: docs/protocol.md §I4.1, §I4.2.
struct DeviceCodeRecord {
    /// Where the user's side stands.
    enum Status {
        /// Waiting for the user (`authorization_pending`).
        case pending
        /// Signed in on the verification page (or by `POST /emulator/v1/devicecodes/{code}/approve`).
        case approved(userID: String, mfaSatisfied: Bool)
        /// Declined (`authorization_declined`).
        case denied
    }

    var userCode: String
    var clientID: String
    var scope: String
    var expiresAt: Date
    /// Seconds; starts at `deviceCode.intervalSeconds`, +5 per `slow_down`.
    var interval: Int
    var lastAcceptedPoll: Date?
    var status: Status = .pending

    /// Whether the user's side is over (approved or denied).
    var isFinished: Bool {
        if case .pending = status { false } else { true }
    }
}
