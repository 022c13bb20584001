import Localization
import Foundation

/// Enrolment mode's idle reset: a person who walks away mid-flow must not leave their email, codes or
/// HTTP exchanges for the next one to find. After ``FlowSettings/idleReset`` seconds without a key the
/// console goes home and forgets the flow, as Cancel does; the last ``idleWarningSeconds`` count down
/// on screen.
extension FlowState {
    /// The seconds before an idle reset during which the screen shows the countdown.
    public static let idleWarningSeconds = 15

    /// Starts the countdown when a person is at a screen without one, or resets when it has run out. Home (the
    /// queue) counts only while a person's language is chosen there: it goes back to the desk's when they walk away.
    mutating func idleTick(at date: Date) -> [FlowEffect] {
        guard settings.enrolmentMode, step != .home || language != nil else {
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
        // The next person reads the desk's language again.
        language = nil
        homeNotice = Localization.with(Localizer(tag: settings.deskLanguage)) { tr("idle.cleared", ["duration": Self.spoken(seconds: settings.idleReset)]) }
        return effects
    }

    /// The countdown line of the last ``idleWarningSeconds`` before an idle reset; nil before them.
    var idleWarning: String? {
        guard let idle, step != .home else { return nil }
        let left = idle.remaining(at: now)
        guard left <= Self.idleWarningSeconds else { return nil }
        return tr("idle.warning", ["seconds": left])
    }

    /// "2 minutes", "1 minute", "90 seconds", in the language's plural forms.
    static func spoken(seconds: Int) -> String {
        seconds % 60 == 0 ? tr("duration.minutes", ["minutes": seconds / 60]) : tr("duration.seconds", ["seconds": seconds])
    }
}
