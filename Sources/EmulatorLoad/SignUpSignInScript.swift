import NativeAuthWire

/// The benchmark's whole flow, seven requests: sign-up with an email code and a password, the token after
/// sign-up, then a password sign-in of the new account. It mints four RS256 tokens and hashes the password
/// twice (sign-up, sign-in): the crypto ceiling counts exactly that.
///
/// Codes are read in-process (`code(username)`, e.g. from the emulator's outbox), not through the control API.
public enum SignUpSignInScript {
    /// Requests per flow.
    public static let requests = 7
    /// RS256 signatures per flow (access and id token, twice).
    public static let signatures = 4
    /// PBKDF2 runs per flow (hash at sign-up, verify at sign-in).
    public static let hashes = 2

    static let start = LoadStep("signup/start", .signUpStart, expected: .started)
    static let challenge = LoadStep("signup/challenge", .signUpChallenge, expected: .codeRequired)
    static let verify = LoadStep("signup/continue", .signUpContinue, grantType: .oob, expected: .signUpCompleted)
    static let afterSignUp = LoadStep("token (continuation_token)", .token, grantType: .continuationToken, expected: .tokens)
    static let initiate = LoadStep("oauth2/initiate", .signInInitiate, expected: .started)
    static let passwordChallenge = LoadStep("oauth2/challenge", .signInChallenge, expected: .passwordRequired)
    static let signIn = LoadStep("token (password)", .token, grantType: .password, expected: .tokens)

    /// - Parameters:
    ///   - clientID: a public client with native auth.
    ///   - prefix: makes this phase's usernames unique (`PREFIX-CLIENT-ROUND@contoso.com`).
    ///   - code: the newest code sent to a username.
    ///   - finished: called with the username after each flow that succeeded (untimed), e.g. to delete the
    ///     account so that a long run's stored accounts stay as many as its clients; what it throws is an error.
    public static func make(clientID: String, prefix: String, code: @escaping @Sendable (String) -> String?,
                            finished: (@Sendable (String) throws -> Void)? = nil) -> LoadScript {
        LoadScript(requestsPerRound: requests) { client, index in
            { round in
                let username = "\(prefix)-\(index)-\(round)@contoso.com"
                let password = BenchmarkTenant.password
                let types = "oob password redirect"
                let scope = "openid profile offline_access"
                var token = try client.call(start, [.clientID: clientID, .username: username, .password: password, .challengeType: types,
                                                    .attributes: #"{"displayName":"Bench"}"#]) ?? ""
                token = try client.call(challenge, [.clientID: clientID, .continuationToken: token, .challengeType: types]) ?? ""
                token = try client.call(verify, [.clientID: clientID, .continuationToken: token, .grantType: "oob",
                                                 .oob: code(username) ?? ""]) ?? ""
                try client.call(afterSignUp, [.clientID: clientID, .continuationToken: token, .grantType: "continuation_token",
                                              .username: username, .scope: scope, .clientInfo: "true"])
                token = try client.call(initiate, [.clientID: clientID, .username: username, .challengeType: types]) ?? ""
                token = try client.call(passwordChallenge, [.clientID: clientID, .continuationToken: token, .challengeType: types]) ?? ""
                try client.call(signIn, [.clientID: clientID, .continuationToken: token, .grantType: "password", .username: username,
                                         .password: password, .scope: scope, .clientInfo: "true"])
                try finished?(username)
            }
        }
    }
}
