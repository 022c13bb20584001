import Foundation

/// A one-time code the embedded emulator "sent", as the outbox pane shows it.
public struct SentCode: Sendable, Equatable {
    /// `email` or `sms`.
    public var channel: String
    /// The unmasked address or number (matched against the flow's email or contact).
    public var target: String
    /// The target as the pane shows it.
    public var maskedTarget: String
    /// `signUp`, `signIn`, `mfa`, `registration`, `passwordReset`.
    public var purpose: String
    /// The code in clear; Ctrl-O copies the newest one for the code screen's target into its field.
    public var code: String

    /// Memberwise; the pane shows the strings as given.
    public init(channel: String, target: String, maskedTarget: String, purpose: String, code: String) {
        self.channel = channel
        self.target = target
        self.maskedTarget = maskedTarget
        self.purpose = purpose
        self.code = code
    }
}

/// Where the console reads sent codes from (the embedded emulator's outbox).
public protocol CodeOutbox: Sendable {
    /// Every code still held, oldest first.
    func sentCodes() -> [SentCode]
}
