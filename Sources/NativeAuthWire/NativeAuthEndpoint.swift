/// Every endpoint of the native authentication API (V1), by the path appended to the authority.
///
/// Every call is a `POST` with an `application/x-www-form-urlencoded` body and a JSON answer.
/// Source: docs/protocol.md §N1.1–§N1.2, §N3–§N6.
public enum NativeAuthEndpoint: String, Sendable, CaseIterable, Hashable {
    /// Sign-in start: sends `username`; answers the flow's first `continuation_token`, or `user_not_found`.
    /// Source: docs/protocol.md §N3.1.
    case signInInitiate = "/oauth2/v2.0/initiate"
    /// Sign-in challenge: answers `password`, a sent `oob` code, or redirect; with `id`, requests the MFA code.
    /// Source: docs/protocol.md §N3.2, §N3.6 step B.
    case signInChallenge = "/oauth2/v2.0/challenge"
    /// Token endpoint: sign-in grants, auto sign-in after sign-up / reset / registration, refresh.
    case token = "/oauth2/v2.0/token"
    /// Lists the user's MFA methods after `mfa_required`. Source: docs/protocol.md §N3.6 step A.
    case signInIntrospect = "/oauth2/v2.0/introspect"
    /// Lists the methods the tenant offers for registration after `registration_required`.
    /// Source: docs/protocol.md §N3.7 step A.
    case registerIntrospect = "/register/v1.0/introspect"
    /// Sends a code to the contact being registered (`challenge_target`), or answers `preverified`.
    /// Source: docs/protocol.md §N3.7 step B.
    case registerChallenge = "/register/v1.0/challenge"
    /// Verifies the registration code (`grant_type=oob`), or continues after `preverified`
    /// (`grant_type=continuation_token`). Source: docs/protocol.md §N3.7 step C.
    case registerContinue = "/register/v1.0/continue"
    /// Sign-up start: `username`, optional `password` and `attributes`; answers the first token or
    /// `user_already_exists`. Source: docs/protocol.md §N4.1.
    case signUpStart = "/signup/v1.0/start"
    /// Sends the sign-up email code (`oob`), or answers `password` after `credential_required`.
    /// Source: docs/protocol.md §N4.2.
    case signUpChallenge = "/signup/v1.0/challenge"
    /// Submits the code, password or attributes (`grant_type` `oob`, `password` or `attributes`).
    /// Source: docs/protocol.md §N4.3.
    case signUpContinue = "/signup/v1.0/continue"
    /// Password-reset start: `user_not_found`, or AADSTS500222 when the account has no password.
    /// Source: docs/protocol.md §N5.1.
    case resetPasswordStart = "/resetpassword/v1.0/start"
    /// Sends the password-reset email code; called again to resend. Source: docs/protocol.md §N5.2.
    case resetPasswordChallenge = "/resetpassword/v1.0/challenge"
    /// Verifies the reset code (`grant_type=oob`); answers a token with `expires_in` of at most 600 seconds.
    /// Source: docs/protocol.md §N5.3.
    case resetPasswordContinue = "/resetpassword/v1.0/continue"
    /// Submits `new_password`; answers a token and `poll_interval` (seconds). Source: docs/protocol.md §N5.4.
    case resetPasswordSubmit = "/resetpassword/v1.0/submit"
    /// Polled with the `/submit` token until `status` is `succeeded` or `failed`.
    /// Source: docs/protocol.md §N5.5.
    case resetPasswordPollCompletion = "/resetpassword/v1.0/poll_completion"

    /// The path appended to the authority's path, e.g. `/oauth2/v2.0/initiate`.
    public var path: String { rawValue }

    /// What a success answer carries, with what it means in a few words where the shape alone does not say
    /// (the console's trace tells it). Beside the cases so a new endpoint is read by the validator and told by the
    /// trace without an arm of its own there. Source: docs/protocol.md §N3–§N5.
    public enum Answer: Sendable, Equatable {
        /// The flow's first `continuation_token`.
        case started(means: String)
        /// A `challenge_type`: a sent code, `password` (sign-in, sign-up), `preverified` (registration), or redirect.
        case challenge
        /// A token and the `methods` to choose from.
        case methods(means: String)
        /// A token for the next call; `tokenRequired` is false where the answer may leave it out.
        case completed(means: String, tokenRequired: Bool)
        /// A token for the `new_password` submit.
        case passwordRequired(means: String)
        /// A token and `poll_interval` (seconds).
        case pollStarted(means: String)
        /// The `status` of a running job.
        case pollStatus
        /// The tokens of a finished sign-in or a refresh.
        case tokens
    }

    /// What the person typed that this endpoint is first to check: the username where a flow starts, a contact
    /// where one is registered; nil where it checks only codes, passwords or the flow's own fields.
    public enum Typed: Sendable, Equatable {
        case username, contact
    }

    /// What the person typed that a 90100 or 901001 refusal here is about.
    public var typed: Typed? {
        switch self {
        case .signInInitiate, .signUpStart, .resetPasswordStart: .username
        case .registerChallenge: .contact
        case .token, .signInChallenge, .signInIntrospect, .registerIntrospect, .registerContinue, .signUpChallenge,
             .signUpContinue, .resetPasswordChallenge, .resetPasswordContinue, .resetPasswordSubmit,
             .resetPasswordPollCompletion:
            nil
        }
    }

    /// This endpoint's success answer.
    public var answer: Answer {
        switch self {
        case .signInInitiate: .started(means: "the tenant knows the username")
        case .signInChallenge, .signUpChallenge, .resetPasswordChallenge, .registerChallenge: .challenge
        case .token: .tokens
        case .signInIntrospect: .methods(means: "the account's second factors")
        case .registerIntrospect: .methods(means: "the methods the tenant offers to register")
        case .registerContinue: .completed(means: "the new method is verified", tokenRequired: true)
        case .signUpStart: .started(means: "the tenant accepts the new username")
        case .signUpContinue: .completed(means: "the tenant accepts this step", tokenRequired: false)
        case .resetPasswordStart: .started(means: "the tenant knows the account")
        case .resetPasswordContinue: .passwordRequired(means: "the code is right")
        case .resetPasswordSubmit: .pollStarted(means: "the tenant sets the new password")
        case .resetPasswordPollCompletion: .pollStatus
        }
    }

    /// Finds the endpoint whose path ends `path` (the part after the authority), ignoring a query.
    public init?(path: String) {
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        guard let match = Self.allCases.first(where: { bare.hasSuffix($0.rawValue) }) else { return nil }
        self = match
    }
}
