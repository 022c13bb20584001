import NativeAuthWire
import TenantEmulator

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
            let signUp = try client.call(LoadStep("set-up signup/start", .signUpStart, expected: .started),
                                         [.clientID: clientID, .username: "\(prefix)-\(index)@contoso.com", .challengeType: types]) ?? ""
            // Capabilities count from initiate on: the flow must say it can do MFA before `/token` asks for it.
            var mfa = try client.call(initiate, [.clientID: clientID, .username: user, .challengeType: types,
                                                 .capabilities: "mfa_required registration_required"]) ?? ""
            mfa = try client.call(challenge, [.clientID: clientID, .continuationToken: mfa, .challengeType: types]) ?? ""
            mfa = try client.call(LoadStep("set-up token (password)", .token, grantType: .password, expected: .mfaRequired),
                                  [.clientID: clientID, .continuationToken: mfa, .grantType: "password", .username: user,
                                   .password: password]) ?? ""
            let reset = try client.call(LoadStep("set-up resetpassword/start", .resetPasswordStart, expected: .started),
                                        [.clientID: clientID, .username: user, .challengeType: types]) ?? ""
            return round(client, clientID: clientID, user: user, tokens: (signUp, mfa, reset))
        }
    }

    /// The same five requests against a bare server that answers each endpoint with the emulator's own answer to
    /// it (``answers(of:clientID:user:password:)``), each answer checked by its endpoint's rules and its token sent
    /// back, as against the emulator: the load generator does the same work in both phases, so the baseline
    /// differs from the emulator only in the server.
    public static func bare(clientID: String, user: String) -> LoadScript {
        LoadScript(requestsPerRound: requests) { client, _ in
            let token = String(repeating: "A", count: 43)
            return round(client, clientID: clientID, user: user, tokens: (token, token, token))
        }
    }

    /// One round of the five requests; the sign-up, MFA and reset requests each send back the token of their previous answer.
    private static func round(_ client: LoadClient, clientID: String, user: String,
                              tokens: (signUp: String, mfa: String, reset: String)) -> (_ round: Int) throws -> Void {
        var (signUp, mfa, reset) = tokens
        return { _ in
            let flow = try client.call(initiate, [.clientID: clientID, .username: user, .challengeType: types]) ?? ""
            try client.call(challenge, [.clientID: clientID, .continuationToken: flow, .challengeType: types])
            signUp = try client.call(signUpChallenge, [.clientID: clientID, .continuationToken: signUp, .challengeType: types]) ?? ""
            mfa = try client.call(introspect, [.clientID: clientID, .continuationToken: mfa]) ?? ""
            reset = try client.call(resetChallenge, [.clientID: clientID, .continuationToken: reset, .challengeType: types]) ?? ""
        }
    }

    /// What `emulator` answers to one round of the five requests (after the set-up, in process), by request path:
    /// the bodies the bare server of ``bare(clientID:user:)`` answers with.
    /// - Throws: `StepFailure` when a set-up or round request is not answered as the script expects.
    public static func answers(of emulator: TenantEmulator, clientID: String, user: String, password: String) throws -> [String: String] {
        let tenantPath = "/\(emulator.tenantID)"
        final class Bodies { var byPath: [String: String] = [:] }
        let bodies = Bodies()
        let client = LoadClient(tenantPath: tenantPath) { path, body in
            let answer = LoadPhase.handle(path: path, body: body, by: emulator)
            bodies.byPath[path] = String(decoding: answer.body, as: UTF8.self)
            return answer
        }
        try make(clientID: clientID, prefix: "answers", user: user, password: password).prepare(client, 0)(0)
        return bodies.byPath.filter { path, _ in lightPaths.contains { path == tenantPath + $0 } }
    }

    /// The paths of the five endpoints, under the tenant.
    private static let lightPaths = [initiate, challenge, signUpChallenge, introspect, resetChallenge].map(\.endpoint.path)
}
