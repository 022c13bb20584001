import Foundation

/// What every step of a flow shares: the configuration and the client that calls the server.
/// Steps hold it, so a flow keeps working with the configuration it started with.
struct NativeAuthContext: Sendable {
    let configuration: NativeAuthConfiguration
    let client: NativeAuthClient
    let sleeper: Sleeper
    /// When a token answer counts as received: its `expires_in` runs from here.
    let clock: @Sendable () -> Date

    /// A form with `client_id`, the first parameter of every call.
    func form() -> FormBody {
        var form = FormBody()
        form.set(.clientID, configuration.clientID)
        return form
    }

    /// A form for a call that continues a flow with `token`.
    func form(continuing token: String) -> FormBody {
        var form = form()
        form.set(.continuationToken, token)
        return form
    }

    /// A form that answers a challenge with the `code` sent to the person (`oob`), continuing with `token`.
    func form(continuing token: String, code: String, grant: GrantType = .oob) -> FormBody {
        var form = form(continuing: token)
        form.set(.grantType, grant.wireValue)
        form.set(.oob, code)
        return form
    }

    func call(_ endpoint: NativeAuthEndpoint, _ form: FormBody) async throws -> ValidatedResponse {
        try await client.call(endpoint, form)
    }

    /// Calls a `challenge` endpoint with `token` and the configured challenge types (or `types`): the
    /// first challenge of a flow, and every resend (docs/protocol.md §N1.5: a resend repeats it with the latest token).
    /// `methodID` picks the MFA method (docs/protocol.md §N3.6 step B, `id`).
    func challenge(
        _ endpoint: NativeAuthEndpoint, token: String, types: [ChallengeType]? = nil, methodID: String? = nil
    ) async throws -> ValidatedResponse {
        var form = form(continuing: token)
        form.set(.challengeType, list: types ?? configuration.challengeTypes)
        form.set(.id, methodID)
        return try await call(endpoint, form)
    }

    /// Calls `/token` with `form` and the fields every grant shares, `scope` and `client_info=true`
    /// (docs/protocol.md §N3.3), then the configured `challenge_type` when `withChallengeTypes`.
    func callToken(_ form: FormBody, withChallengeTypes: Bool = false) async throws -> ValidatedResponse {
        var form = form
        form.set(.scope, configuration.scopeParameter)
        form.set(.clientInfo, "true")
        if withChallengeTypes { form.set(.challengeType, list: configuration.challengeTypes) }
        return try await call(.token, form)
    }

    /// `callToken(_:withChallengeTypes:)`, then the sign-in step its answer leads to.
    func signIn(_ form: FormBody, username: String?, withChallengeTypes: Bool = false) async throws -> NativeSignInStep {
        try await NativeSignInStep.next(after: callToken(form, withChallengeTypes: withChallengeTypes), context: self, username: username)
    }
}
