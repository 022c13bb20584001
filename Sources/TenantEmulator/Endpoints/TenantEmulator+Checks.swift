import EmailAddresses
import Foundation
import NativeAuthWire

/// Checks shared by every endpoint: client registration, challenge types, continuation tokens.
extension TenantEmulator {
    /// `client_id` must name a public client with native authentication enabled.
    /// Source: docs/protocol.md §N7.1 (`unauthorized_client`, `invalid_client` + `nativeauthapi_disabled`).
    func checkClient(_ context: RequestContext) throws -> TenantPolicy.Client {
        let clientID = try context.required(.clientID)
        guard let client = registeredClient(clientID) else {
            throw ProtocolError(.unauthorizedClient, AADSTSCode.unauthorizedClient,
                                "Application with identifier '\(clientID)' was not found in the directory '\(policy.tenant.name)'.")
        }
        guard client.publicClient else {
            throw ProtocolError(.invalidClient, AADSTSCode.confidentialClient, "Confidential clients are not supported in native authentication.")
        }
        guard client.nativeAuth else {
            throw ProtocolError(.invalidClient, AADSTSCode.nativeAuthDisabled, "Native authentication is not enabled for this application.",
                                suberror: .nativeAuthAPIDisabled)
        }
        return client
    }

    /// `challenge_type` must be present (where required) and contain `redirect` (docs/protocol.md §N1.4, §N7.1).
    func checkChallengeTypes(_ context: RequestContext, required: Bool) throws -> [ChallengeType]? {
        guard let types = context.challengeTypes, !types.isEmpty else {
            if required { throw ProtocolError.missing("challenge_type") }
            return nil
        }
        guard types.contains(.redirect) else { throw ProtocolError.lacksRedirect }
        return types
    }

    /// What the request asks for, limited to what the app registration allows (`clients[].challengeTypes`).
    func effectiveTypes(_ requested: [ChallengeType], client clientID: String) -> [ChallengeType] {
        let allowed = registeredClient(clientID)?.challengeTypes ?? []
        return requested.filter { allowed.contains($0) }
    }

    /// The session behind `continuation_token`, checked against the client and the steps allowed here.
    func session(_ context: RequestContext, for call: FlowStep.Call) throws -> (token: String, session: FlowSession) {
        let client = try checkClient(context)
        let token = try context.required(.continuationToken)
        switch flows.lookup(token, now: context.now) {
        case .unknown:
            throw ProtocolError.badToken
        case .expired:
            throw ProtocolError.expiredToken
        case .found(let session):
            guard session.clientID.lowercased() == client.clientID.lowercased(), session.step.next.contains(call) else {
                throw ProtocolError.badToken
            }
            return (token, session)
        }
    }

    /// Moves `session` to a fresh continuation token.
    func renew(_ session: FlowSession, replacing previous: String?, now: Date) -> String {
        flows.issue(session, replacing: previous, lifetime: TimeInterval(policyPart(\.tokens).continuationTokenSeconds), now: now)
    }

    /// The account a flow is about; `nil` when it was deleted meanwhile.
    func user(of session: FlowSession) throws -> StoredUser? {
        guard let id = session.userID else { return nil }
        return try store.user(id: id)
    }

    /// What a user's flow needs from the client's challenge types: always `oob` (email verification or
    /// code sign-in), plus `password` for password accounts. Source: docs/protocol.md §N1.6, field case 001 (docs/field-cases.md).
    func clientCanServe(_ types: [ChallengeType], needsPassword: Bool) -> Bool {
        types.contains(.oob) && (!needsPassword || types.contains(.password))
    }

    func username(_ context: RequestContext) throws -> String {
        var username = try context.required(.username)
        // Foundation's trimming costs a microsecond or two per request, and a username that starts and ends
        // with a visible ASCII character has nothing to trim.
        let visible: ClosedRange<UInt8> = 0x21...0x7E
        if let first = username.utf8.first, let last = username.utf8.last, !visible.contains(first) || !visible.contains(last) {
            username = username.trimmingCharacters(in: .whitespaces)
        }
        guard EmailAddress.isWellFormed(username) else { throw ProtocolError.missing("username") }
        return username
    }
}
