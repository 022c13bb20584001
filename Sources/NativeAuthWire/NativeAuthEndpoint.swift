/// Every endpoint of the native authentication API (V1), by the path appended to the authority.
///
/// Every call is a `POST` with an `application/x-www-form-urlencoded` body and a JSON answer.
/// Source: native-auth API reference §1.1–§1.2, §3–§6.
public enum NativeAuthEndpoint: String, Sendable, CaseIterable, Hashable {
    case signInInitiate = "/oauth2/v2.0/initiate"
    case signInChallenge = "/oauth2/v2.0/challenge"
    /// Token endpoint: sign-in grants, auto sign-in after sign-up / reset / registration, refresh.
    case token = "/oauth2/v2.0/token"
    case signInIntrospect = "/oauth2/v2.0/introspect"
    case registerIntrospect = "/register/v1.0/introspect"
    case registerChallenge = "/register/v1.0/challenge"
    case registerContinue = "/register/v1.0/continue"
    case signUpStart = "/signup/v1.0/start"
    case signUpChallenge = "/signup/v1.0/challenge"
    case signUpContinue = "/signup/v1.0/continue"
    case resetPasswordStart = "/resetpassword/v1.0/start"
    case resetPasswordChallenge = "/resetpassword/v1.0/challenge"
    case resetPasswordContinue = "/resetpassword/v1.0/continue"
    case resetPasswordSubmit = "/resetpassword/v1.0/submit"
    case resetPasswordPollCompletion = "/resetpassword/v1.0/poll_completion"

    /// The path appended to the authority's path, e.g. `/oauth2/v2.0/initiate`.
    public var path: String { rawValue }

    /// Finds the endpoint whose path ends `path` (the part after the authority), ignoring a query.
    public init?(path: String) {
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        guard let match = Self.allCases.first(where: { bare.hasSuffix($0.rawValue) }) else { return nil }
        self = match
    }
}
