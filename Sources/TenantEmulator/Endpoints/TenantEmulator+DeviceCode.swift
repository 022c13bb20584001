import Foundation
import NativeAuthWire

/// The device authorization grant: `/oauth2/v2.0/devicecode` and its polls at `/oauth2/v2.0/token`.
/// Source: docs/protocol.md §I4.1–§I4.3; RFC 8628 §3.2, §3.4, §3.5, §6.1; field case 023 (docs/field-cases.md).
extension TenantEmulator {
    /// `grant_type` of a device-code poll.
    static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"
    /// What the real service hands out (docs/protocol.md §I4.3): wrong for customer accounts, by design here.
    static let serviceVerificationURI = "https://microsoft.com/devicelogin"
    /// Base-20 consonants (RFC 8628 §6.1): no vowels (no words), no look-alikes such as `0`/`O` or `1`/`I`.
    private static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

    /// `POST /{tenant}/oauth2/v2.0/devicecode` with form `client_id`, `scope`.
    ///
    /// - Returns: 200 `{"device_code", "user_code": "ABCD-EFGH", "verification_uri", "expires_in": 900,
    ///   "interval": 5, "message"}` (seconds; no `verification_uri_complete`, as Entra sends none).
    /// - Throws: `invalid_request` 90100 (missing `client_id` or `scope`), `unauthorized_client` 700016,
    ///   `invalid_client` 7000218 (not a public client).
    func deviceAuthorization(_ form: FormBody, origin: String, now: Date) throws -> EmulatorResponse {
        let client = try checkPublicClient(form[.clientID])
        guard let scope = form[.scope]?.trimmingCharacters(in: .whitespaces), !scope.isEmpty else { throw ProtocolError.missing("scope") }
        interactive.sweep(now: now)
        var userCode: String
        repeat {
            userCode = Self.newUserCode()
        } while interactive.userCodes[InteractiveStore.normalizedUserCode(userCode)] != nil
        let deviceCode = SecureRandom.token(byteCount: 48)
        let key = SHA256Digest.hex(deviceCode)
        let settings = policy.deviceCode
        interactive.deviceCodes[key] = DeviceCodeRecord(userCode: userCode, clientID: client.clientID, scope: scope,
                                                        expiresAt: now.addingTimeInterval(TimeInterval(settings.expiresInSeconds)),
                                                        interval: settings.intervalSeconds)
        interactive.userCodes[InteractiveStore.normalizedUserCode(userCode)] = key
        let uri = settings.verificationURI == .service ? Self.serviceVerificationURI : "\(origin)/common/oauth2/deviceauth"
        return .json(200, object: [
            "device_code": deviceCode, "user_code": userCode, "verification_uri": uri,
            "expires_in": settings.expiresInSeconds, "interval": settings.intervalSeconds,
            "message": "To sign in, use a web browser to open the page \(uri) and enter the code \(userCode) to authenticate.",
        ])
    }

    /// A poll: `grant_type=urn:ietf:params:oauth:grant-type:device_code`, `client_id`, `device_code`.
    ///
    /// Checked in this order: unknown code → `bad_verification_code`; past `expires_in` → `expired_token`
    /// 70020; sooner than `interval` after the last accepted poll → `slow_down` (interval +5 s); declined →
    /// `authorization_declined`; not yet signed in → `authorization_pending` 70016; else the token answer, and
    /// the code is gone (single use).
    func deviceCodeGrant(_ context: RequestContext) throws -> EmulatorResponse {
        let client = try checkPublicClient(context.form[.clientID])
        guard let deviceCode = context.form["device_code"], !deviceCode.isEmpty else { throw ProtocolError.missing("device_code") }
        let key = SHA256Digest.hex(deviceCode)
        guard var record = interactive.deviceCodes[key], record.clientID.lowercased() == client.clientID.lowercased() else {
            throw ProtocolError(.unknown("bad_verification_code"), 70018, "The device_code is not valid for this client.")
        }
        guard context.now < record.expiresAt else {
            throw ProtocolError(.expiredToken, 70020, "The provided value for the input parameter 'device_code' is not valid. This device code has expired.")
        }
        if let last = record.lastAcceptedPoll, context.now.timeIntervalSince(last) < TimeInterval(record.interval) {
            record.interval += 5
            interactive.deviceCodes[key] = record
            throw ProtocolError(.slowDown, 50196, "Polling too often: wait at least \(record.interval) seconds between polls.")
        }
        record.lastAcceptedPoll = context.now
        interactive.deviceCodes[key] = record
        switch record.status {
        case .pending:
            throw ProtocolError(.authorizationPending, 70016, "OAuth 2.0 device flow error. Authorization is pending. Continue polling.")
        case .denied:
            throw ProtocolError(.unknown("authorization_declined"), 65004, "The end user declined the authorization request.")
        case .approved(let userID, let mfaSatisfied):
            interactive.deviceCodes.removeValue(forKey: key)
            interactive.userCodes.removeValue(forKey: InteractiveStore.normalizedUserCode(record.userCode))
            guard let user = try store.user(id: userID) else { throw ProtocolError.userGoneAtToken }
            return try tokenBody(context, user: user, clientID: record.clientID, mfaSatisfied: mfaSatisfied, scope: record.scope)
        }
    }

    /// Finishes a pending device code for the user (page sign-in or control API); logs the sign-in.
    /// - Returns: `false` when the code is unknown, expired or already finished.
    func approveDeviceCode(key: String, user: StoredUser, mfaSatisfied: Bool, now: Date) throws -> Bool {
        guard var record = interactive.deviceCodes[key], !record.isFinished, now < record.expiresAt else { return false }
        record.status = .approved(userID: user.id, mfaSatisfied: mfaSatisfied)
        interactive.deviceCodes[key] = record
        try recordSignIn(user: user, clientID: record.clientID, channel: .deviceCode, now: now)
        return true
    }

    /// Declines a pending device code. - Returns: `false` when it is unknown, expired or already finished.
    func denyDeviceCode(key: String, now: Date) -> Bool {
        guard var record = interactive.deviceCodes[key], !record.isFinished, now < record.expiresAt else { return false }
        record.status = .denied
        interactive.deviceCodes[key] = record
        return true
    }

    /// `client_id` must name a public client (native authentication need not be enabled for browser and device
    /// sign-in). Source: docs/protocol.md §I2.3 table (700016, 7000218), §I4.2 ("Allow public client flows").
    func checkPublicClient(_ clientID: String?) throws -> TenantPolicy.Client {
        guard let clientID, !clientID.isEmpty else { throw ProtocolError.missing("client_id") }
        guard let client = policy.client(clientID) else {
            throw ProtocolError(.unauthorizedClient, AADSTSCode.unauthorizedClient,
                                "Application with identifier '\(clientID)' was not found in the directory '\(policy.tenant.name)'.")
        }
        guard client.publicClient else {
            throw ProtocolError(.invalidClient, 7_000_218, "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.")
        }
        return client
    }

    /// `ABCD-EFGH` from `userCodeAlphabet`, uniform (rejection sampling avoids modulo bias).
    static func newUserCode() -> String {
        var letters: [Character] = []
        let limit = UInt8(256 - 256 % userCodeAlphabet.count)
        while letters.count < 8 {
            for byte in SecureRandom.bytes(16) where byte < limit && letters.count < 8 {
                letters.append(userCodeAlphabet[Int(byte) % userCodeAlphabet.count])
            }
        }
        return String(letters[0..<4]) + "-" + String(letters[4..<8])
    }
}
