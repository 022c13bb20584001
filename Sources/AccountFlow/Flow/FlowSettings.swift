import Foundation
import TophhieCloudAuthentication

/// What the operator chose for this console: which accounts it creates, what it sends up front, and
/// what the app declares to the tenant (needed to explain a web fallback).
public struct FlowSettings: Sendable, Equatable {
    /// Sign-up creates email + password accounts (a password field on the sign-up screen); `false` for
    /// email one-time-passcode accounts.
    public var passwordAccounts: Bool
    /// Attributes offered on the sign-up screen and sent with `/signup/v1.0/start` when filled (optional
    /// attributes are only accepted there; a required one left empty is asked for after the code). Empty:
    /// the tenant asks for what it needs later.
    public var upFrontAttributes: [RequiredAttribute]
    /// Enrolment mode for support staff: a completed sign-up shows a confirmation without tokens,
    /// forgets the account and offers to enrol another.
    public var enrolmentMode: Bool
    /// The challenge types the app sends (`challenge_type`), as configured.
    public var challengeTypes: [ChallengeType]
    /// The capabilities the app declares (`capabilities`), as configured.
    public var capabilities: [Capability]
    /// Country calling code (digits) for phone numbers typed without one; `nil` asks for `+`.
    public var defaultCountryCode: String?
    /// The rules shown under new-password fields. The default is Entra External ID's default policy.
    public var passwordPolicy: PasswordPolicy
    /// The zone token expiries are shown in on the account screen (the operator's local time).
    public var timeZone: TimeZone
    /// Enrolment mode: seconds without a key press after which the console goes home and forgets the
    /// person at it (`--idle-reset`; 2 minutes by default).
    public var idleReset: Int
    /// Why no browser can be expected here (over SSH, no display), read at start; nil when one can. The
    /// device code is then offered before the browser, and the browser screen says why it may not open.
    public var browserAbsence: BrowserAbsence?
    /// The language the desk or terminal was started in (`--language`, else the locale variables), as a tag:
    /// what the screen goes back to when an enrolment desk's idle reset clears a person's choice.
    public var deskLanguage = "en"
    /// Enrolment mode with a list at the desk (`--queue`): the next person starts at the list (home), not at an
    /// empty sign-up form.
    public var deskHasList = false

    /// ``passwordPolicy`` in the language shown now.
    public var passwordPolicyHint: String { passwordPolicy.hint }

    /// Defaults: password accounts, `oob password redirect`, both capabilities, no country code, Entra's
    /// policy, the machine's time zone, 120 seconds of idle time in enrolment mode, a browser expected.
    public init(
        passwordAccounts: Bool = true, upFrontAttributes: [RequiredAttribute] = [], enrolmentMode: Bool = false,
        challengeTypes: [ChallengeType] = [.oob, .password, .redirect],
        capabilities: [Capability] = ServerStep.capabilities,
        defaultCountryCode: String? = nil,
        passwordPolicy: PasswordPolicy = .entraDefault,
        timeZone: TimeZone = .current, idleReset: Int = 120, browserAbsence: BrowserAbsence? = nil
    ) {
        self.passwordAccounts = passwordAccounts
        self.upFrontAttributes = upFrontAttributes
        self.enrolmentMode = enrolmentMode
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
        self.defaultCountryCode = defaultCountryCode
        self.passwordPolicy = passwordPolicy
        self.timeZone = timeZone
        self.idleReset = idleReset
        self.browserAbsence = browserAbsence
    }
}
