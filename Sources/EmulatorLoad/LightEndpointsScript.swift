import NativeAuthWire

/// The endpoints that mint no token and hash no password, one request each per round: `initiate`,
/// `challenge` (answering `password`), `signup/challenge` and `resetpassword/challenge` (a code resent on
/// the flow the client holds), and `introspect` (on an MFA flow the client holds).
///
/// The set-up holds one sign-up, one MFA and one password-reset flow per client; it hashes once (the sign-in
/// that reaches `mfa_required`), untimed. Needs a tenant with `otp.resendIntervalSeconds` 0 and MFA required,
/// and `user` with a password and an MFA method.
public enum LightEndpointsScript {
    /// Requests per round.
    public static let requests = 5

    static let initiate = LoadStep("oauth2/initiate", .signInInitiate, expected: .started)
    static let challenge = LoadStep("oauth2/challenge", .signInChallenge, expected: .passwordRequired)
    static let signUpChallenge = LoadStep("signup/challenge", .signUpChallenge, expected: .codeRequired)
    static let introspect = LoadStep("oauth2/introspect", .signInIntrospect, expected: .selectionRequired)
    static let resetChallenge = LoadStep("resetpassword/challenge", .resetPasswordChallenge, expected: .codeRequired)
    static let types = "oob password redirect"

    /// - Parameters:
    ///   - clientID: a public client with native auth.
    ///   - prefix: makes this phase's sign-up usernames unique.
    ///   - user: an account with a password and an MFA method; `password` is its password.
    public static func make(clientID: String, prefix: String, user: String, password: String) -> LoadScript {
        LoadScript(requestsPerRound: requests) { client, index in
            var signUp = try client.call(LoadStep("set-up signup/start", .signUpStart, expected: .started),
                                         [.clientID: clientID, .username: "\(prefix)-\(index)@contoso.com", .challengeType: types]) ?? ""
            // Capabilities count from initiate on: the flow must say it can do MFA before `/token` asks for it.
            var mfa = try client.call(initiate, [.clientID: clientID, .username: user, .challengeType: types,
                                                 .capabilities: "mfa_required registration_required"]) ?? ""
            mfa = try client.call(challenge, [.clientID: clientID, .continuationToken: mfa, .challengeType: types]) ?? ""
            mfa = try client.call(LoadStep("set-up token (password)", .token, grantType: .password, expected: .mfaRequired),
                                  [.clientID: clientID, .continuationToken: mfa, .grantType: "password", .username: user,
                                   .password: password]) ?? ""
            var reset = try client.call(LoadStep("set-up resetpassword/start", .resetPasswordStart, expected: .started),
                                        [.clientID: clientID, .username: user, .challengeType: types]) ?? ""
            return { _ in
                let flow = try client.call(initiate, [.clientID: clientID, .username: user, .challengeType: types]) ?? ""
                try client.call(challenge, [.clientID: clientID, .continuationToken: flow, .challengeType: types])
                signUp = try client.call(signUpChallenge, [.clientID: clientID, .continuationToken: signUp, .challengeType: types]) ?? ""
                mfa = try client.call(introspect, [.clientID: clientID, .continuationToken: mfa]) ?? ""
                reset = try client.call(resetChallenge, [.clientID: clientID, .continuationToken: reset, .challengeType: types]) ?? ""
            }
        }
    }

    /// The same five requests, bodies of the same size, against a bare server whose fixed answer is checked
    /// as an `initiate` answer: the baseline the light endpoints are measured against.
    public static func bare(clientID: String, user: String) -> LoadScript {
        LoadScript(requestsPerRound: requests) { client, _ in
            let token = String(repeating: "A", count: 43)
            return { _ in
                try client.call(initiate.onBareServer, [.clientID: clientID, .username: user, .challengeType: types])
                try client.call(challenge.onBareServer, [.clientID: clientID, .continuationToken: token, .challengeType: types])
                try client.call(signUpChallenge.onBareServer, [.clientID: clientID, .continuationToken: token, .challengeType: types])
                try client.call(introspect.onBareServer, [.clientID: clientID, .continuationToken: token])
                try client.call(resetChallenge.onBareServer, [.clientID: clientID, .continuationToken: token, .challengeType: types])
            }
        }
    }
}
