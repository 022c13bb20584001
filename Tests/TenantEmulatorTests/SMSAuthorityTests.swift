import EmulatorServer
import Foundation
import TenantEmulator
import TestSupport
import Testing
import TophhieCloudAuthentication

/// `mfa.smsNeedsTenantIdAuthority`: the service's known issue with SMS codes under a domain-name authority
/// (docs/protocol.md §N1.1), reproduced behind a policy switch.
@Suite struct SMSAuthorityTests {
    /// Signs sam.lee (no method yet) in through `path` and registers an SMS number; returns the outcome.
    private func registerSMS(quirk: Bool, path: (TenantPolicy) -> String) async throws -> Result<StrongAuthChallengeResult, Error> {
        var policy = try TenantPreset.load("mfa")
        policy.mfa.smsNeedsTenantIdAuthority = quirk
        let server = try EmulatorServer.start(policy: policy, port: 0, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        defer { server.stop() }
        let auth = TophhieNativeAuth()
        let authority: String = server.origin + "/" + path(policy)
        try auth.configure(clientId: policy.clients[0].clientID, authority: try Authority(parsing: authority).url,
                           capabilities: [.mfaRequired, .registrationRequired], challengeTypes: [.oob, .password, .redirect])
        let step = try await auth.signIn(email: "sam.lee@contoso.com", password: "Green-Valley-3381!")
        guard case .strongAuthRegistrationRequired(let registration) = step else {
            Issue.record("\(step)")
            throw CancellationError()
        }
        do {
            return .success(try await registration.registerSMS(phoneNumber: "+14255550199"))
        } catch {
            return .failure(error)
        }
    }

    @Test("switched on: SMS registration through NAME.onmicrosoft.com is refused with the fix in its text")
    func domainAuthorityRefusesSMS() async throws {
        let outcome = try await registerSMS(quirk: true) { "\($0.tenant.name).onmicrosoft.com" }
        guard case .failure(let error) = outcome, let details = (error as? NativeAuthError)?.details else {
            Issue.record("not refused: \(outcome)")
            return
        }
        #expect(details.error == "invalid_request")
        #expect(details.errorDescription?.contains("use https://<tenantName>.ciamlogin.com/<tenantID>") == true, "\(details)")
    }

    @Test("switched on: the tenant-id authority still registers SMS; switched off: the domain name does too")
    func tenantIDAuthorityWorks() async throws {
        let byID = try await registerSMS(quirk: true) { $0.tenant.id }
        if case .success(.verificationRequired) = byID {} else { Issue.record("by id: \(byID)") }
        let byName = try await registerSMS(quirk: false) { "\($0.tenant.name).onmicrosoft.com" }
        if case .success(.verificationRequired) = byName {} else { Issue.record("by name, switch off: \(byName)") }
    }

    @Test("switched on: an SMS MFA challenge through the domain name is refused; email MFA still works")
    func domainAuthorityRefusesSMSMFA() async throws {
        var policy = try TenantPreset.load("mfa")
        policy.mfa.smsNeedsTenantIdAuthority = true
        let server = try EmulatorServer.start(policy: policy, port: 0, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        defer { server.stop() }
        let auth = TophhieNativeAuth()
        try auth.configure(clientId: policy.clients[0].clientID, authority: try Authority(parsing: server.origin + "/woodgrove.onmicrosoft.com").url,
                           capabilities: [.mfaRequired, .registrationRequired], challengeTypes: [.oob, .password, .redirect])
        let step = try await auth.signIn(email: "jane.doe@contoso.com", password: "Blue-Harbor-7419!")
        guard case .mfaRequired(let mfa) = step else {
            Issue.record("\(step)")
            return
        }
        let sms = try #require(mfa.methods.first { $0.channel == .sms })
        await #expect { _ = try await mfa.requestChallenge(sms) } throws: { error in
            (error as? NativeAuthError)?.details?.errorDescription?.contains("domain-name authority") == true
        }
        let email = try #require(mfa.methods.first { $0.channel == .email })
        let chosen = try await mfa.requestChallenge(email)
        if case .verificationRequired = chosen {} else { Issue.record("\(chosen)") }
    }
}
