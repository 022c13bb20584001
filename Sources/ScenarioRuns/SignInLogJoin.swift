import ConsoleCommandLine
import ConsoleCommands
import Foundation
import Synchronization
import TerminalUI
import TophhieCloudAuthentication

/// `tophhie run --account OPERATOR`: the tenant's side of a failed scenario, the sign-in log entry under the
/// correlation id of its failing exchange, read from Graph with the cached operator account
/// (``TophhieAuth/signIns(correlationID:account:onWait:)``), as `tophhie lookup` shows it.
struct SignInLogJoin: Sendable {
    /// The operator account's username or home account id.
    var account: String
    /// The token cache holding it.
    var tokenCachePath: String

    /// The longest wait for Graph (a scenario's report must not hang on it).
    static let timeout: Duration = .seconds(20)

    /// The entry's lines, or why there is none: not in the log yet (with the command that looks later), not read.
    /// Blocks the calling thread (a scenario worker, never the cooperative pool) while the lookup runs on a task.
    func lines(for exchange: ObservedExchange, tenant: TenantTarget, caFile: String?) -> [String] {
        guard let id = Self.correlationID(of: exchange) else { return ["The failing exchange carries no correlation id."] }
        let outcome = Mutex<[String]?>(nil)
        let woken = WakePipe()
        let (account, cache) = (account, tokenCachePath)
        let task = Task {
            let lines: [String]
            do {
                let auth = TophhieAuth()
                try auth.configure(clientId: tenant.clientID, authority: tenant.authority, tokenCachePath: cache, caFile: caFile,
                                   graphEndpoint: tenant.defaultGraph)
                let operatorAccount = try AccountCommandRunner.find(account, auth: auth)
                let rows = try await auth.signIns(correlationID: id, account: operatorAccount)
                lines = rows.isEmpty ? notInLogYet(id, tenant: tenant, caFile: caFile) : rows.flatMap(LookupCommand.lines)
            } catch {
                lines = ["The sign-in log could not be read for correlation id \(id): \(error)"]
            }
            outcome.withLock { $0 = lines }
            woken.wake()
        }
        let deadline = ContinuousClock.now + Self.timeout
        while ContinuousClock.now < deadline {
            if let lines = outcome.withLock({ $0 }) { return lines }
            _ = woken.wait(timeout: .seconds(1))
        }
        task.cancel()
        return outcome.withLock { $0 } ?? ["The sign-in log did not answer within \(Self.timeout.components.seconds) s (correlation id \(id))."]
    }

    /// No entry yet is the usual answer right after a failure (Entra writes the log minutes later): said so, with
    /// the command that looks it up later, ready to paste.
    func notInLogYet(_ id: String, tenant: TenantTarget, caFile: String?) -> [String] {
        var words = ["tophhie", "lookup", id, "--authority", tenant.authority.absoluteString, "--client-id", tenant.clientID,
                     "--account", account]
        if !tokenCachePath.isEmpty { words += ["--token-cache", tokenCachePath] }
        if let caFile { words += ["--ca-file", caFile] }
        return ["Not in the sign-in log yet: no entry has correlation id \(id) (Entra writes the log minutes after the sign-in).",
                "Look it up later with: " + (words + ["--wait", "10m"]).map(Self.shellWord).joined(separator: " ")]
    }

    /// `word` as one POSIX shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let safe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./_-")
        guard !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) else {
            return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return word
    }

    /// The id the tenant returned: the answer's `correlation_id`, else its `client-request-id` header.
    static func correlationID(of exchange: ObservedExchange) -> String? {
        if let object = try? JSONSerialization.jsonObject(with: Data(exchange.responseBody.utf8)) as? [String: Any],
           let id = object["correlation_id"] as? String, !id.isEmpty {
            return id
        }
        return exchange.responseHeaders.first { $0.key.lowercased() == "client-request-id" }?.value
    }
}
