import EmailAddresses
import Foundation
import NativeAuthWire

/// A tenant's configuration: what the emulated service asks for and allows.
///
/// Read from a JSON policy file with strict validation (`TenantPolicy.load(from:)`,
/// `TenantPolicy.parse(_:file:)`): unknown keys and bad values are refused with a `PolicyError` naming the
/// file, the key and what is allowed. Every key and its default are listed in
/// docs/emulator.md; the scalar ones are declared once as ``PolicyKnob``s. Source: issue 3 (policy shape), docs/emulator.md.
public struct TenantPolicy: Sendable {
    /// `tenant`: name and GUID.
    public var tenant: Tenant
    /// `clients[]`: the app registrations.
    public var clients: [Client]
    /// `signUp`: method and attributes.
    public var signUp = SignUp()
    /// `password`: rules for new passwords (sign-up and reset).
    public var password = PasswordRules()
    /// `mfa`: second factor and registration.
    public var mfa = MFA()
    /// `otp`: one-time code rules.
    public var otp = OTP()
    /// `tokens`: lifetimes.
    public var tokens = Tokens()
    /// `passwordReset`: self-service password reset.
    public var passwordReset = PasswordReset()
    /// `users[]`: accounts imported at start.
    public var users: [SeedUser] = []
    /// `deviceCode`: the device authorization grant (RFC 8628).
    public var deviceCode = DeviceCode()
    /// `operators` (default `[]`): emails of users holding a reports-reader role; only they may read
    /// `GET /v1.0/auditLogs/signIns`. Source: docs/protocol.md §I6.3 (delegated callers need a directory role).
    public var operators: [String] = []
    /// `graph`: the Microsoft Graph subset under `/v1.0/`.
    public var graph = Graph()

    /// `graph`: how the emulated Microsoft Graph behaves. Source: docs/protocol.md §I5, §I6.
    public struct Graph: Sendable {
        /// `premium` (default `true`): the tenant holds an Entra ID P1/P2 licence. `false` → sign-in logs answer
        /// 403 `Authentication_RequestFromNonPremiumTenantOrB2CTenant` (docs/protocol.md §I6.3; field case 022 a (docs/field-cases.md)).
        public var premium = true
        /// `customerWritable` (default: Graph's documented customer set, `GraphUserProfile.selfWritable`): the
        /// properties a customer may PATCH on `/me`; a narrower list rehearses a tenant that allows less
        /// (field case 021 (docs/field-cases.md): the others answer 403).
        public var customerWritable: [String] = GraphUserProfile.selfWritable.sorted()
        /// `signInLogLagSeconds` (default 0, at most 86400): a sign-in shows in `GET /v1.0/auditLogs/signIns` only
        /// this many seconds after it happened, on the emulator's virtual clock, as Entra's log is written minutes
        /// late (docs/protocol.md §I6.4; field case 040 (docs/field-cases.md)).
        public var signInLogLagSeconds = 0
        /// `noisyConfiguration` (default `false`): the configuration reads of `tophhie tenant snapshot` answer as
        /// real Graph may: unordered collections in another order on every read, `@odata.type` and `@odata.etag`
        /// added, an empty list written as `[]`, `null` or not at all (field case 041 (docs/field-cases.md)).
        public var noisyConfiguration = false

        /// The defaults listed above.
        public init() {}

        /// This section's scalar settings, beside the fields they set (``PolicyKnob/all``; the doc is docs/emulator.md's
        /// "Allowed" cell after the range).
        static let knobs: [PolicyKnob] = [
            .bool("graph.premium", \.graph.premium, "`false`: the tenant has no Entra ID P1/P2 licence, and the sign-in log answers 403 "
                      + "`Authentication_RequestFromNonPremiumTenantOrB2CTenant` ([field case 022](field-cases.md#case-022) a)"),
            .int("graph.signInLogLagSeconds", \.graph.signInLogLagSeconds, 0...86_400, patchable: true,
                 ": a sign-in shows in `GET /v1.0/auditLogs/signIns` only this many seconds after it happened, on the virtual clock "
                     + "(`POST /emulator/v1/clock` moves it on), as Entra's log is written minutes late ([field case 040](field-cases.md#case-040)); "
                     + "the control API's `GET /emulator/v1/signins` shows every row at once"),
            .bool("graph.noisyConfiguration", \.graph.noisyConfiguration, patchable: true,
                  "`true`: the configuration reads of `tophhie tenant snapshot` answer with the noise real Graph may add: collections whose "
                     + "order means nothing in another order on each read, `@odata.type` and `@odata.etag` on each entity, an empty list "
                     + "written `[]`, `null` or left out; the sign-up page's `views`, `inputs` and `options` keep their order "
                     + "([field case 041](field-cases.md#case-041))"),
        ]
    }

    /// A policy of defaults only, with no tenant name, id or client (what a knob's default is read from).
    static let defaults = TenantPolicy(tenant: Tenant(name: "", id: ""), clients: [])

    /// Whether `email` is listed in `operators` (Unicode case folding, as usernames are compared everywhere).
    public func isOperator(_ email: String) -> Bool {
        operators.contains { EmailAddress.same($0, email) }
    }

    /// `tenant`: the tenant's name (`NAME.onmicrosoft.com`) and GUID, both accepted as the authority path.
    public struct Tenant: Sendable {
        /// `NAME` of `NAME.onmicrosoft.com`.
        public var name: String
        /// The tenant GUID (lower case): the authority path and `tid`.
        public var id: String
    }

    /// `clients[]`: an app registration.
    public struct Client: Sendable {
        /// `clientId`: the app (client) GUID.
        public var clientID: String
        /// Native authentication enabled; `false` → `invalid_client` + `nativeauthapi_disabled`.
        public var nativeAuth: Bool
        /// Public client; `false` → `invalid_client` 550022.
        public var publicClient: Bool
        /// The challenge types the app registration may use; what a request asks for beyond these is ignored,
        /// so a narrowly configured app meets the web fallback (field case 001, docs/field-cases.md).
        public var challengeTypes: [ChallengeType] = [.oob, .password, .redirect]
        /// `redirectUris` (default `[]`): the redirect URIs `/authorize` and `/logout` accept for this app.
        ///
        /// A loopback entry (`http://localhost`, or `http://127.0.0.1` if registered) matches any port with the
        /// same scheme, host and path; any other entry must match byte for byte. Source: docs/protocol.md §I4.6
        /// (Entra ignores the port of loopback redirects; `[::1]` is not supported); field case 024 (docs/field-cases.md).
        public var redirectURIs: [String] = []
    }

    /// Which `verification_uri` the device authorization endpoint hands out.
    public enum VerificationURI: String, Sendable, CaseIterable {
        /// `service`: `https://microsoft.com/devicelogin`, what the real service returns for external tenants
        /// (where customer accounts then fail with AADSTS500208); `fixed`: `<origin>/common/oauth2/deviceauth`,
        /// the emulator's own page. Source: docs/protocol.md §I4.3, trap T8.
        case service, fixed
    }

    /// `deviceCode`: the device authorization grant. Source: docs/protocol.md §I4.1–§I4.3; RFC 8628 §3.2, §3.5.
    public struct DeviceCode: Sendable {
        /// `verificationURI` (default `service`).
        public var verificationURI: VerificationURI = .service
        /// `expiresInSeconds` (default 900): the `expires_in` of a device code; later polls get `expired_token`.
        public var expiresInSeconds = 900
        /// `intervalSeconds` (default 5): the advertised polling `interval`; each `slow_down` adds 5 s for that code.
        public var intervalSeconds = 5

        /// The defaults listed above.
        public init() {}

        /// This section's scalar settings, beside the fields they set (``PolicyKnob/all``; the doc is docs/emulator.md's
        /// "Allowed" cell after the range).
        static let knobs: [PolicyKnob] = [
            .choice("deviceCode.verificationURI", \.deviceCode.verificationURI, #"`"service"`: `https://microsoft.com/devicelogin`, as the real "#
                        + #"service answers; `"fixed"`: `<origin>/common/oauth2/deviceauth`, the emulator's page ([protocol](protocol.md) trap T8)"#),
            .int("deviceCode.expiresInSeconds", \.deviceCode.expiresInSeconds, 60...3600, " (`expires_in`; then `expired_token` 70020)"),
            .int("deviceCode.intervalSeconds", \.deviceCode.intervalSeconds, 1...60, patchable: true,
                 " (`interval`; each `slow_down` adds 5 s for that code)"),
        ]
    }

    /// How accounts sign up (and therefore sign in).
    public enum SignUpMethod: String, Sendable, CaseIterable {
        /// `emailPassword`: accounts with a password (sign-up collects one, via `credential_required` if not sent
        /// at start); `emailOtp`: code-only accounts, which refuse a password.
        case emailPassword, emailOtp
    }

    /// `signUp`: the method and the attributes collected.
    public struct SignUp: Sendable {
        /// `method`: password or code-only accounts.
        public var method = SignUpMethod.emailPassword
        /// `attributes[]`: what sign-up collects, in order.
        public var attributes: [Attribute] = []
        /// `flowName` (default ``defaultFlowName``): the user flow's `displayName` in the emulated Graph, kept so a
        /// snapshot rehearsed here reads back with its own name (docs/tenant-snapshot.md).
        public var flowName = SignUp.defaultFlowName

        /// The flow's name when the policy gives none.
        public static let defaultFlowName = "Sign up and sign in"

        /// This section's scalar settings, beside the fields they set (``PolicyKnob/all``; the doc is docs/emulator.md's
        /// "Allowed" cell after the range).
        static let knobs: [PolicyKnob] = [
            .choice("signUp.method", \.signUp.method, patchable: true, #"`"emailPassword"`, `"emailOtp"`"#),
        ]
    }

    /// `signUp.attributes[]`: one user attribute.
    public struct Attribute: Sendable {
        /// `name`: the API name sent and checked, e.g. `displayName` or `extension_<appid>_<name>`; unique.
        public var name: String
        /// `type` (default `string`), sent as the wire `type`; `int` and `dateTime` values are type-checked.
        public var type: AttributeKind
        /// `required` (default `false`): a missing one triggers `attributes_required`; an empty value is refused.
        public var required: Bool
        /// `regex`: must compile; checked unanchored (write `^…$` for a whole value) and sent as `options.regex`.
        public var regex: String?
        /// `label` (default: `name`): shown by `GET /emulator/v1/tenant` and the embedded console's sign-up screen; the wire
        /// attribute carries no label.
        public var label: String
        /// Allowed values of a choice list (checked server-side; sent as a regex).
        public var choices: [String]?

        /// The pattern the server checks: `regex`, else one built from `choices`, else a boolean's.
        public var effectiveRegex: String? {
            if let regex, !regex.isEmpty { return regex }
            if let choices, !choices.isEmpty {
                return "^(" + choices.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")$"
            }
            if type == .boolean { return "^(true|false)$" }
            return nil
        }
    }

    /// Attribute types of the policy file, mapped onto the wire vocabulary.
    public enum AttributeKind: String, Sendable, CaseIterable {
        /// `int` values must parse as integers, `dateTime` as ISO 8601 or `yyyy-mm-dd`; a `boolean` without
        /// `regex` or `choices` is checked against `^(true|false)$`.
        case string, boolean, int, dateTime

        var wire: AttributeType {
            switch self {
            case .string: .string
            case .boolean: .boolean
            case .int: .int
            case .dateTime: .dateTime
            }
        }
    }

    /// `password`: the rules a new password must meet.
    public struct PasswordRules: Sendable {
        /// Fewer characters → `password_too_short`.
        public var minLength = 8
        /// More characters → `password_too_long`.
        public var maxLength = 256
        /// Of lower case, upper case, digits, symbols.
        public var minCharacterClasses = 3
        /// Case-insensitive substrings → `password_banned`.
        public var banned: [String] = []
        /// How many previous passwords a reset may not reuse (the current one counts).
        public var history = 1

        /// This section's scalar settings, beside the fields they set (``PolicyKnob/all``; the doc is docs/emulator.md's
        /// "Allowed" cell after the range).
        static let knobs: [PolicyKnob] = [
            .int("password.minLength", \.password.minLength, 1...256, " (`password_too_short`)"),
            .int("password.maxLength", \.password.maxLength, 1...1024, ", ≥ `minLength` (`password_too_long`)"),
            .int("password.minCharacterClasses", \.password.minCharacterClasses, 1...4, " of lower, upper, digit, symbol (`password_too_weak`)"),
            .int("password.history", \.password.history, 0...24, " previous passwords a reset may not reuse (`password_recently_used`)"),
        ]
    }

    /// A strong-authentication channel.
    public enum MethodChannel: String, Sendable, CaseIterable {
        /// Email or SMS codes: the `challenge_channel`, and the method `id` offered by `/register/v1.0/introspect`.
        case email, sms

        var wire: ChallengeChannel { self == .email ? .email : .sms }
    }

    /// Whether the SMS provider refuses to send (the fraud-protection answers of docs/protocol.md §N3.6/§N3.7).
    public enum SMSBlock: String, Sendable, CaseIterable {
        /// `reputation`: `access_denied` + `provider_blocked_by_rep` (a number judged risky); `admin`:
        /// `access_denied` + `provider_blocked_by_admin` (a region the admin blocked).
        /// Source: docs/protocol.md §N3.6 step B, §N3.7 step B.
        case none, reputation, admin
    }

    /// `mfa`: second factor rules.
    public struct MFA: Sendable {
        /// `required` (default `false`): password accounts need a second factor after the first; code-only
        /// accounts never do (docs/protocol.md §N3.6).
        public var required = false
        /// `methods` (default both): channels allowed for MFA and offered for registration.
        public var methods: [MethodChannel] = [.email, .sms]
        /// A password user with no method must register one (`registration_required`).
        public var registrationRequired = true
        /// After `mfa_required`, challenge without `id` sends to the only method or answers `introspect_required`.
        public var legacyFlow = false
        /// `smsBlocked` (default `none`): refuses SMS on the MFA challenge and on `/register/v1.0/challenge`.
        public var smsBlocked = SMSBlock.none
        /// `preverifiedFastPass` (default `true`): registering the account's own email answers
        /// `preverified` (no code), as the SDKs accept anywhere; `false` sends a code, as the spec's
        /// sign-in outside sign-in-after-sign-up does. Source: docs/protocol.md §N3.7 step B.
        public var preverifiedFastPass = true
        /// `smsNeedsTenantIdAuthority` (default `false`): reproduces the service's known issue with SMS codes
        /// under a domain-name authority (`NAME.ciamlogin.com/NAME.onmicrosoft.com`): an SMS MFA challenge or SMS
        /// registration requested through such a path is refused (`invalid_request`, see
        /// `ProtocolError.smsNeedsTenantID`); the tenant-id path works. Source: docs/protocol.md §N1.1
        /// ("Currently there's a known issue using the SMS one time passcode with the authority format …").
        public var smsNeedsTenantIdAuthority = false

        /// This section's scalar settings, beside the fields they set (``PolicyKnob/all``; the doc is docs/emulator.md's
        /// "Allowed" cell after the range).
        static let knobs: [PolicyKnob] = [
            .bool("mfa.required", \.mfa.required, patchable: true, "second factor for password accounts"),
            .bool("mfa.registrationRequired", \.mfa.registrationRequired, patchable: true,
                  "a password account with no method must register one (`registration_required`)"),
            .bool("mfa.legacyFlow", \.mfa.legacyFlow,
                  "after `mfa_required`, `/challenge` without `id` sends to the only method or answers `introspect_required` 550025"),
            .choice("mfa.smsBlocked", \.mfa.smsBlocked, #"`"none"`, `"reputation"` (`access_denied` + `provider_blocked_by_rep` 550024), "#
                        + #"`"admin"` (`provider_blocked_by_admin`)"#),
            .bool("mfa.preverifiedFastPass", \.mfa.preverifiedFastPass,
                  "registering the account's own email answers `preverified` (no code); `false` sends a code"),
            .bool("mfa.smsNeedsTenantIdAuthority", \.mfa.smsNeedsTenantIdAuthority, patchable: true,
                  "reproduces the service's known issue: SMS MFA or SMS registration through a domain-name authority (`…/NAME.onmicrosoft.com`) "
                     + "is refused with `invalid_request`; the tenant-id path works (`tophhie doctor` advises it)"),
        ]
    }

    /// `otp`: one-time code rules.
    public struct OTP: Sendable {
        /// Digits per code (`code_length`).
        public var length = 8
        /// Seconds a code stays valid.
        public var ttlSeconds = 600
        /// Wrong entries before a code is dead; each new code starts again from none.
        public var maxAttempts = 5
        /// Seconds before a resend is allowed (`interval`).
        public var resendIntervalSeconds = 30
        /// Codes one flow may send, resends included; then a resend is refused (`invalid_request` 50196).
        public var maxCodesPerFlow = 5
        /// Codes one address (email or phone, compared as usernames are) may be sent within
        /// ``addressWindowSeconds``, across flows and endpoints; past it a challenge or resend is answered 400
        /// `invalid_request` AADSTS701014 "Cannot generate more one time passcodes" and nothing reaches the
        /// outbox, as the service does. `nil` (the default): no limit.
        public var maxCodesPerAddress: Int? = nil
        /// The sliding window of ``maxCodesPerAddress``, in seconds of virtual time (default 3600).
        public var addressWindowSeconds = 3600

        /// This section's scalar settings, beside the fields they set (``PolicyKnob/all``; the doc is docs/emulator.md's
        /// "Allowed" cell after the range).
        static let knobs: [PolicyKnob] = [
            .int("otp.length", \.otp.length, 4...10, " digits"),
            .int("otp.ttlSeconds", \.otp.ttlSeconds, 10...86_400, ""),
            .int("otp.maxAttempts", \.otp.maxAttempts, 1...100, " wrong entries before the code is dead; each new code starts from none"),
            .int("otp.resendIntervalSeconds", \.otp.resendIntervalSeconds, 0...3600,
                 "; sent as `interval` on the sign-in and sign-up code challenges; the MFA and reset challenges carry none (the optional "
                     + "field, left out as in the documented exchanges), so there the console learns the wait only from a refused resend"),
            .int("otp.maxCodesPerFlow", \.otp.maxCodesPerFlow, 1...100, " codes one flow may send, the first included; then a resend answers "
                     + "`invalid_request` 50196, so one flow gets at most `maxAttempts × maxCodesPerFlow` guesses"),
            .limit("otp.maxCodesPerAddress", \.otp.maxCodesPerAddress, 1...1000, patchable: true,
                   " codes one address (email or phone, compared as usernames are) may be sent within `otp.addressWindowSeconds` of virtual "
                     + "time, across flows and endpoints; past it the challenge answers AADSTS701014 (see [Protocol behaviour](#protocol-behaviour)); "
                     + "in a scenario's `emulator.policy` step `0` lifts it"),
            .int("otp.addressWindowSeconds", \.otp.addressWindowSeconds, 1...86_400, ": the sliding window of `otp.maxCodesPerAddress`"),
        ]
    }

    /// `tokens`: lifetimes in seconds.
    public struct Tokens: Sendable {
        /// Access and id token lifetime (`expires_in`).
        public var accessTokenSeconds = 3600
        /// Refresh token lifetime (then 700082).
        public var refreshTokenSeconds = 86_400
        /// Continuation token lifetime (then `expired_token`).
        public var continuationTokenSeconds = 600

        /// This section's scalar settings, beside the fields they set (``PolicyKnob/all``; the doc is docs/emulator.md's
        /// "Allowed" cell after the range).
        static let knobs: [PolicyKnob] = [
            .int("tokens.accessTokenSeconds", \.tokens.accessTokenSeconds, 60...86_400, " (`expires_in`)"),
            .int("tokens.refreshTokenSeconds", \.tokens.refreshTokenSeconds, 60...7_776_000, ""),
            .int("tokens.continuationTokenSeconds", \.tokens.continuationTokenSeconds, 10...3600, "; then `expired_token` 55112"),
        ]
    }

    /// `passwordReset`: self-service password reset.
    public struct PasswordReset: Sendable {
        /// `false`: `/resetpassword/v1.0/start` answers `invalid_request`.
        public var enabled = true
        /// Statuses `/poll_completion` answers in turn; the last repeats.
        public var pollSequence: [PollStatus] = [.inProgress, .succeeded]

        /// This section's scalar settings, beside the fields they set (``PolicyKnob/all``; the doc is docs/emulator.md's
        /// "Allowed" cell after the range).
        static let knobs: [PolicyKnob] = [
            .bool("passwordReset.enabled", \.passwordReset.enabled, patchable: true, "`false` → `/resetpassword/v1.0/start` answers `invalid_request`"),
        ]
    }

    /// `users[]`: an account present at start (also the shape of `POST /emulator/v1/users`, which takes back
    /// what `GET /emulator/v1/users` exports).
    public struct SeedUser: Sendable {
        /// The object id to keep (a GUID, lower case); `nil`: a new one.
        public var id: String? = nil
        /// The account's email (its username).
        public var email: String
        /// The password in clear (hashed on import); `nil` with no `passwordHash`: a code-only account.
        public var password: String?
        /// A stored hash taken as is, `pbkdf2-sha256$<iterations>$<salt>$<hash>` (an export's); never with `password`.
        public var passwordHash: String? = nil
        /// Attribute values by API name, stored as given (not checked against `signUp.attributes`).
        public var attributes: [String: String]
        /// Registered strong-authentication methods; empty means none.
        public var methods: [SeedMethod]
        /// When the account was created; `nil`: the moment of import (virtual clock).
        public var createdAt: Date? = nil
    }

    /// `users[].methods[]`: a registered strong-authentication method.
    public struct SeedMethod: Sendable {
        /// The opaque id MFA introspect sends (a GUID, lower case); `nil`: a new one.
        public var id: String? = nil
        /// `email` or `sms`.
        public var channel: MethodChannel
        /// The address or E.164 number.
        public var target: String
    }

    /// The client registration for `clientID`, if any.
    public func client(_ clientID: String) -> Client? {
        // Every request looks its client up: lower-case the id asked for once, and a registered id already in
        // lower case (as GUIDs usually are) needs no copy.
        let wanted = clientID.lowercased()
        return clients.first { $0.clientID == wanted || $0.clientID.lowercased() == wanted }
    }
}
