import AccountFlow
import ConsoleCommandLine
import FlowRunner
import Foundation
import MailboxCodes
import ScenarioFiles
import TenantEmulator
import TophhieCloudAuthentication

/// The framework one scenario drives, configured as the console configures it for the same tenant, and
/// the scenario's own embedded emulator when the file names one.
final class ScenarioStack {
    let auth: TophhieNativeAuth
    /// Device-code sign-ins; tokens in memory only.
    let interactive: TophhieAuth?
    let settings: FlowSettings
    /// The scenario's emulator (stopped by ``stop()``); nil on a real tenant.
    let emulator: EmbeddedTenant?
    /// The real tenant's `codeCommand`.
    let codeCommand: String?
    /// The real tenant's mailbox, its password read.
    let mailbox: MailboxReader?

    /// Starts a fresh emulator for `.emulator` (signing with `signingKey`, or a new key when `nil`), or configures
    /// the framework for a real tenant.
    /// - Throws: the emulator's start failure, the framework's configuration error, or `MailboxFailure` when the
    ///   mailbox password cannot be read.
    init(_ tenant: ScenarioTenant, signingKey: TokenSigningKey? = nil) throws {
        let auth: TophhieNativeAuth
        switch tenant {
        case .emulator(let preset):
            let embedded = try EmbeddedTenant(preset: preset, signingKey: signingKey)
            emulator = embedded
            codeCommand = nil
            mailbox = nil
            auth = TophhieNativeAuth(clock: embedded.clock)
            var settings = FlowSettings(passwordAccounts: embedded.passwordAccounts, passwordPolicy: embedded.passwordPolicy)
            do {
                try auth.configure(clientId: embedded.clientID, authority: embedded.authority, capabilities: settings.capabilities,
                                   challengeTypes: embedded.challengeTypes, scopes: TophhieConfiguration.defaultScopes)
                interactive = try InteractiveRunner.stack(clientID: embedded.clientID, authority: embedded.authority,
                                                              options: ConsoleOptions(), cachePath: nil,
                                                              graph: URL(string: embedded.server.origin + "/v1.0"), clock: embedded.clock)
            } catch {
                embedded.stop()
                throw error
            }
            settings.challengeTypes = auth.currentConfiguration?.challengeTypes ?? settings.challengeTypes
            self.settings = settings
        case .real(let target, let command, let caFile, let mailboxSettings):
            emulator = nil
            codeCommand = command
            mailbox = try mailboxSettings.map { settings throws(MailboxFailure) in try MailboxReader(settings) }
            auth = TophhieNativeAuth(transport: try makeTransport(caFile: caFile))
            try auth.configure(clientId: target.clientID, authority: target.authority,
                               capabilities: target.capabilities.map(Capability.init(wireValue:)),
                               challengeTypes: target.challengeTypes.map(ChallengeType.init(wireValue:)),
                               scopes: TophhieConfiguration.defaultScopes)
            var options = ConsoleOptions()
            options.caFile = caFile
            interactive = try InteractiveRunner.stack(clientID: target.clientID, authority: target.authority, options: options,
                                                          cachePath: nil, graph: target.defaultGraph)
            settings = FlowSettings(challengeTypes: auth.currentConfiguration?.challengeTypes ?? [],
                                    capabilities: auth.currentConfiguration?.capabilities ?? [])
        }
        self.auth = auth
    }

    func stop() { emulator?.stop() }
}
