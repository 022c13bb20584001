import Foundation
import NativeAuthWire

/// Writing the sign-in log. Called under the emulator's lock from every place a sign-in is decided.
/// Source: docs/protocol.md §I6.2; field case 022 (docs/field-cases.md).
extension TenantEmulator {
    /// Records one sign-in of `user` to `clientID`: a success, or `failure` (its AADSTS number is `errorCode`,
    /// its message `failureReason`, its `error` / `suberror` `additionalDetails`).
    func recordSignIn(user: StoredUser, clientID: String, channel: SignInChannel, failure: ProtocolError? = nil, now: Date) throws {
        var details: String?
        if let failure {
            details = failure.envelope.error.wireValue + (failure.envelope.suberror.map { " (\($0.wireValue))" } ?? "")
        }
        try store.logSignIn(SignInEvent(
            id: SecureRandom.guid(), createdAt: now, userID: user.id, userDisplayName: user.attributes["displayName"] ?? user.email,
            userPrincipalName: GraphUserProfile.userPrincipalName(of: user, tenantName: policy.tenant.name),
            appID: clientID, appDisplayName: clientID, ipAddress: "127.0.0.1", clientAppUsed: channel.clientAppUsed,
            isInteractive: channel.isInteractive, errorCode: failure?.code ?? 0, failureReason: failure?.message,
            additionalDetails: details, resourceID: GraphScopes.resourceID, resourceDisplayName: "Microsoft Graph",
            correlationID: requestCorrelationID))
    }

    /// Runs `body`; when it throws a `ProtocolError`, records that failure for `user` first (if known).
    func recordingFailure<Result>(of user: StoredUser?, clientID: String, channel: SignInChannel, now: Date,
                                  _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as ProtocolError {
            if let user { try recordSignIn(user: user, clientID: clientID, channel: channel, failure: error, now: now) }
            throw error
        }
    }
}
