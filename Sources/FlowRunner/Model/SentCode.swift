import EmailAddresses
import Foundation
import Localization

/// A one-time code the embedded emulator "sent", as the outbox pane shows it.
public struct SentCode: Sendable, Equatable {
    /// The outbox message's id: 1, 2, 3… in sending order. Sessions remember the newest id they have shown
    /// rather than a count, because the outbox forgets old messages (expired ones, and beyond its cap).
    public var id: Int
    /// `email` or `sms`.
    public var channel: String
    /// The unmasked address or number (matched against the flow's email or contact).
    public var target: String
    /// The target as the pane shows it.
    public var maskedTarget: String
    /// `signUp`, `signIn`, `mfa`, `registration`, `passwordReset`.
    public var purpose: String
    /// The code in clear; Ctrl-O copies the newest live one for the code screen's target into its field.
    public var code: String
    /// What became of it: `sent` (still usable), `used`, `expired`, `exhausted` (too many wrong tries) or
    /// `replaced` (a newer code was sent).
    public var status: String

    /// Memberwise; the pane shows the strings as given.
    public init(id: Int, channel: String, target: String, maskedTarget: String, purpose: String, code: String, status: String = "sent") {
        self.id = id
        self.channel = channel
        self.target = target
        self.maskedTarget = maskedTarget
        self.purpose = purpose
        self.code = code
        self.status = status
    }

    /// Whether the tenant still accepts the code (`sent`): a used, expired, exhausted or replaced one only answers
    /// "That code isn't right", so it is never copied.
    public var isLive: Bool { status == "sent" }

    /// The outbox pane's line: channel, masked target, purpose, code, and what became of the code once it
    /// can no longer be used (a code still usable says nothing more).
    public var paneLine: String {
        let line = "\(channel.padding(toLength: 5, withPad: " ", startingAt: 0)) \(maskedTarget)  \(purpose)  \(code)"
        return status == "sent" ? line : "\(line)  \(status)"
    }
}

/// Where the console reads sent codes from (the embedded emulator's outbox).
public protocol CodeOutbox: Sendable {
    /// Every code still held, oldest first.
    func sentCodes() -> [SentCode]
}

extension [SentCode] {
    /// The code Ctrl-O copies for a code screen whose code went to `sentTo` (its masked label, or the contact on
    /// registration; either matches, in any case): the newest one there still live; nil when there is none.
    package func liveCode(sentTo: String) -> SentCode? {
        last { $0.isLive && $0.went(to: sentTo) }
    }

    /// What Ctrl-O says when ``liveCode(sentTo:)`` is nil: no code yet, or what became of the newest one.
    package func noLiveCode(sentTo: String) -> String {
        guard let newest = last(where: { $0.went(to: sentTo) }) else { return tr("notice.noCode", ["target": sentTo]) }
        return tr("notice.codeNotLive", ["target": sentTo, "status": newest.status])
    }
}

extension SentCode {
    func went(to sentTo: String) -> Bool {
        maskedTarget.lowercased() == sentTo.lowercased() || EmailAddress.same(target, sentTo)
    }
}

extension CodeOutbox {
    /// The codes held that were sent after the one with id `shown` (0: all of them), oldest first.
    package func sentCodes(after shown: Int) -> [SentCode] {
        sentCodes().filter { $0.id > shown }
    }
}
