import AccountFlow
import ConsoleCommandLine
import EmulatorServer
import Foundation
import Localization
import TenantEmulator
import TophhieCloudAuthentication

/// The tenant emulator started inside the console on a free loopback port.
package final class EmbeddedTenant: Sendable {
    package let server: EmulatorServer
    package let policy: TenantPolicy
    /// The first client with native authentication enabled.
    package let clientID: String
    /// That client's registered challenge types: what the app is configured to send (field case 001 (docs/field-cases.md); the
    /// framework adds `redirect`).
    package let challengeTypes: [ChallengeType]

    /// What the emulator could not model of a tenant snapshot given as the preset (`TenantRehearsal.notes`); empty otherwise.
    package let rehearsalNotes: [String]

    /// - Parameters:
    ///   - preset: a preset name, or a path to a policy file or a tenant snapshot.
    ///   - port: the loopback port; `0` takes any free port.
    ///   - signingKey: the token-signing key; `nil` generates one.
    /// - Throws: `PolicyError` for a preset or file that does not load, `UsageError` when it has no usable
    ///   client, the server's error when the port cannot be bound.
    package convenience init(preset: String, port: UInt16 = 0, signingKey: TokenSigningKey? = nil) throws {
        let rehearsal = try TenantPreset.rehearsal(preset)
        try self.init(policy: rehearsal.policy, port: port, signingKey: signingKey, rehearsalNotes: rehearsal.notes)
    }

    /// Serves `policy` on `port` with `hasher`'s password-hashing cost and `signingKey` (`nil`: a new one).
    /// - Throws: `UsageError` when the policy has no usable client, the server's error when the port cannot be bound.
    init(policy: TenantPolicy, port: UInt16 = 0, hasher: PasswordHasher = PasswordHasher(), signingKey: TokenSigningKey? = nil,
         rehearsalNotes: [String] = []) throws {
        self.rehearsalNotes = rehearsalNotes
        guard let client = policy.clients.first(where: { $0.nativeAuth && $0.publicClient }) else {
            throw UsageError("the tenant \(policy.tenant.name) has no public client with native authentication enabled.")
        }
        self.policy = policy
        clientID = client.clientID
        challengeTypes = client.challengeTypes
        server = try EmulatorServer.start(policy: policy, port: port, hasher: hasher, signingKey: signingKey)
    }

    package var authority: URL { server.authority }

    /// The emulator's virtual clock, for the framework: token expiries then agree with the `exp` it mints.
    package var clock: @Sendable () -> Date {
        let clock = server.emulator.clock
        return { clock.now }
    }

    /// Whether sign-up creates password accounts.
    package var passwordAccounts: Bool { policy.signUp.method == .emailPassword }

    /// The policy's password rules, for the new-password screens.
    package var passwordPolicy: PasswordPolicy {
        let rules = policy.password
        return PasswordPolicy(minLength: rules.minLength, maxLength: rules.maxLength, characterClasses: rules.minCharacterClasses)
    }

    /// The user flow's sign-up attributes, required and optional, each with its type, pattern and label:
    /// the console offers them all on the sign-up screen, since optional ones are accepted only at
    /// `/signup/v1.0/start` (field case 011, docs/field-cases.md).
    var signUpAttributes: [RequiredAttribute] { policy.signUpRequiredAttributes }

    /// The console's settings for this tenant: its kind of account, password rules and sign-up attributes.
    package func settings(enrolmentMode: Bool) -> FlowSettings {
        FlowSettings(passwordAccounts: passwordAccounts, upFrontAttributes: signUpAttributes, enrolmentMode: enrolmentMode,
                     passwordPolicy: passwordPolicy)
    }

    package func stop() { server.stop() }
}

/// The emulator's outbox as the console's outbox pane reads it.
package struct EmulatorOutbox: CodeOutbox {
    let outbox: Outbox

    package init(outbox: Outbox) { self.outbox = outbox }

    package func sentCodes() -> [SentCode] {
        outbox.messages().map {
            SentCode(id: $0.id, channel: $0.channel, target: $0.to, maskedTarget: $0.maskedTarget, purpose: $0.purpose.rawValue, code: $0.code,
                     status: $0.status.rawValue)
        }
    }
}
