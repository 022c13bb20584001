import Foundation

/// Enrolment mode's idle reset: a person who walks away mid-flow must not leave their email, codes or
/// HTTP exchanges for the next one to find. After ``FlowSettings/idleReset`` seconds without a key the
/// console goes home and forgets the flow, as Cancel does; the last ``idleWarningSeconds`` count down
/// on screen.
extension FlowState {
    /// The seconds before an idle reset during which the screen shows the countdown.
    public static let idleWarningSeconds = 15

    /// Starts the countdown when a person is at a screen without one, or resets when it has run out.
    mutating func idleTick(at date: Date) -> [FlowEffect] {
        guard settings.enrolmentMode, step != .home else {
            idle = nil
            return []
        }
        var countdown = idle ?? Countdown(seconds: settings.idleReset)
        if countdown.startedAt == nil { countdown.startedAt = date }
        idle = countdown
        guard countdown.remaining(at: date) == 0 else { return [] }
        let cancel: [FlowEffect] = pending == nil ? [] : [.cancelRequest]
        pending = nil
        let effects = cancel + leaveFlow()
        idle = nil
        homeNotice = "Cleared after \(Self.spoken(seconds: settings.idleReset)) without a key press, for the next person."
        return effects
    }

    /// The countdown line of the last ``idleWarningSeconds`` before an idle reset; nil before them.
    var idleWarning: String? {
        guard let idle, step != .home else { return nil }
        let left = idle.remaining(at: now)
        guard left <= Self.idleWarningSeconds else { return nil }
        return "No key pressed: clearing this screen for the next person in \(left) s. Press any key to stay."
    }

    /// "2 minutes", "1 minute", "90 seconds".
    static func spoken(seconds: Int) -> String {
        guard seconds % 60 == 0 else { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        return seconds == 60 ? "1 minute" : "\(seconds / 60) minutes"
    }
}
