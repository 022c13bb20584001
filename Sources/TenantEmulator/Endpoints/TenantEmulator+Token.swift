import EmailAddresses
import Foundation
import NativeAuthWire

/// `/oauth2/v2.0/token`: every grant of docs/protocol.md §N3.3, the MFA / registration branches, refresh with rotation, and the
/// interactive grants (device code, authorization code: `TenantEmulator+DeviceCode.swift`, `+Authorize.swift`).
/// Source: docs/protocol.md §N3.3–§N3.7, §N4.6, §N5.6, §N6; docs/protocol.md §I4.2, §I4.5.
extension TenantEmulator {
    func token(_ context: RequestContext) throws -> EmulatorResponse {
        _ = try checkChallengeTypes(context, required: false)
        if let claims = context.form[.claims], !claims.isEmpty {
            // Refused rather than ignored: a rehearsal must not pass because a Conditional Access demand was dropped.
            throw ProtocolError(.invalidRequest, AADSTSCode.invalidRequestParameter,
                                "The claims parameter (Conditional Access authentication context) is not supported by the emulator.")
        }
        let grant = GrantType(wireValue: try context.required(.grantType))
        switch grant {
        case .refreshToken:
            return try refresh(context)
        case .unknown(Self.deviceCodeGrantType):
            return try deviceCodeGrant(context)
        case .unknown("authorization_code"):
            return try authorizationCodeGrant(context)
        case .password:
            let (token, session) = try self.session(context, for: .passwordGrant)
            let password = try context.required(.password)
            if let username = context.form[.username], !EmailAddress.same(username, session.username) {
                throw ProtocolError.missing("username")
            }
            guard let account = try user(of: session) else { throw ProtocolError.userGoneAtToken }
            guard let hash = account.passwordHash else {
                throw ProtocolError(.invalidGrant, AADSTSCode.invalidAuthenticationType, "The account has no password; use a one-time code.")
            }
            let matches = try verifyPassword(password, against: hash, flow: (token, session), now: context.now)
            // Read again: the account may have changed while the lock was released.
            guard let user = try user(of: session) else { throw ProtocolError.userGoneAtToken }
            guard matches else {
                try recordSignIn(user: user, clientID: session.clientID, channel: .native, failure: .invalidCredentials, now: context.now)
                throw ProtocolError.invalidCredentials
            }
            return try afterFirstFactor(context, token: token, session: session, user: user)
        case .oob, .mfaOOB:
            let (token, session) = try self.session(context, for: grant == .oob ? .oobGrant : .mfaOOBGrant)
            // A wrong, dead or expired code (first factor or MFA) is a failed sign-in of the flow's user.
            let flowUser = try user(of: session)
            try recordingFailure(of: flowUser, clientID: session.clientID, channel: .native, now: context.now) {
                try verifyCode(session, context)
            }
            guard let user = flowUser else { throw ProtocolError.userGoneAtToken }
            if case .mfaCodeSent = session.step {
                session.mfaSatisfied = true
                return try tokens(context, token: token, session: session, user: user)
            }
            return try afterFirstFactor(context, token: token, session: session, user: user)
        case .continuationToken:
            let (token, session) = try self.session(context, for: .continuationTokenGrant)
            guard let user = try user(of: session) else { throw ProtocolError.userGoneAtToken }
            if case .readyForToken(afterRegistration: true) = session.step {
                session.mfaSatisfied = true
                return try tokens(context, token: token, session: session, user: user)
            }
            return try afterFirstFactor(context, token: token, session: session, user: user)
        case .attributes, .unknown:
            throw ProtocolError(.unsupportedGrantType, 70003, "The grant type '\(grant.wireValue)' is not supported.")
        }
    }

    /// The token answer of docs/protocol.md §N3.4; ends the flow.
    func tokens(_ context: RequestContext, token: String?, session: FlowSession, user: StoredUser) throws -> EmulatorResponse {
        if let token { flows.remove(token) }
        try recordSignIn(user: user, clientID: session.clientID, channel: .native, now: context.now)
        return try tokenBody(context, user: user, clientID: session.clientID, mfaSatisfied: session.mfaSatisfied)
    }

    /// The token answer for `user`: access token, id token (with `openid`), a stored refresh token (with
    /// `offline_access`), `ext_expires_in`, and `client_info` when the request asked with `client_info=1` or `true`.
    /// Source: docs/protocol.md §I1.4, §I2.2, trap T5; docs/protocol.md §N3.4.
    func tokenBody(_ context: RequestContext, user: StoredUser, clientID: String, mfaSatisfied: Bool, scope: String? = nil,
                   nonce: String? = nil, authTime: Date? = nil) throws -> EmulatorResponse {
        var scopes = (scope ?? context.form[.scope] ?? "openid profile offline_access").split(separator: " ").map(String.init)
        if scopes.isEmpty { scopes = ["openid", "profile", "offline_access"] }
        let lifetime = policy.tokens.accessTokenSeconds
        var refreshToken: String?
        if scopes.contains("offline_access") {
            let value = "1." + SecureRandom.token(byteCount: 48)
            try store.saveRefreshToken(hash: SHA256Digest.hex(value), record: RefreshTokenRecord(
                userID: user.id, clientID: clientID, scope: scopes.joined(separator: " "),
                expiresAt: context.now.addingTimeInterval(TimeInterval(policy.tokens.refreshTokenSeconds)), mfaSatisfied: mfaSatisfied))
            refreshToken = value
        }
        var response = EmulatorResponse(status: 200)
        response.mint = TokenMint(user: user, clientID: clientID, scopes: scopes, refreshToken: refreshToken, lifetime: lifetime,
                                  origin: context.origin, now: context.now, includeClientInfo: Self.asksForClientInfo(context.form[.clientInfo]),
                                  nonce: nonce, authTime: authTime)
        return response
    }

    /// `client_info=1` (MSAL Python, MSAL.NET, `/authorize`) or `client_info=true` (native-auth SDKs).
    /// Source: docs/protocol.md §I1.4, trap T5.
    static func asksForClientInfo(_ value: String?) -> Bool {
        value == "1" || value?.lowercased() == "true"
    }

    /// `grant_type=refresh_token` (docs/protocol.md §N6): single use (rotation), expiry, and MFA that became required.
    private func refresh(_ context: RequestContext) throws -> EmulatorResponse {
        let client = try checkClient(context)
        let value = try context.required(.refreshToken)
        let malformed = ProtocolError(.invalidGrant, 9_002_313, "Invalid request. Request is malformed or invalid.")
        guard let record = try store.takeRefreshToken(hash: SHA256Digest.hex(value)),
              record.clientID.lowercased() == client.clientID.lowercased() else { throw malformed }
        guard let user = try store.user(id: record.userID) else { throw malformed }
        // Refresh grants are non-interactive sign-ins: expiry and a new MFA demand are logged as failures.
        return try recordingFailure(of: user, clientID: record.clientID, channel: .refresh, now: context.now) {
            guard record.expiresAt > context.now else {
                throw ProtocolError(.invalidGrant, AADSTSCode.refreshTokenExpired, "The refresh token has expired due to inactivity.")
            }
            if policy.mfa.required, user.hasPassword, !record.mfaSatisfied {
                // Keep the token: the user may still use it once MFA no longer applies.
                try store.saveRefreshToken(hash: SHA256Digest.hex(value), record: record)
                throw ProtocolError(.invalidGrant, AADSTSCode.mfaRequired,
                                    "Due to a configuration change made by your administrator, you must use multi-factor authentication.")
            }
            let requested = context.form[.scope].flatMap { $0.isEmpty ? nil : $0 } ?? record.scope
            let answer = try tokenBody(context, user: user, clientID: record.clientID, mfaSatisfied: record.mfaSatisfied, scope: requested)
            try recordSignIn(user: user, clientID: record.clientID, channel: .refresh, now: context.now)
            return answer
        }
    }
}
