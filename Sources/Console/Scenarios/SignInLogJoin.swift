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

    /// The entry's lines, or one line saying why there is none. Blocks the calling thread (a scenario worker,
    /// never the cooperative pool) while the lookup runs on a task.
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
                lines = rows.isEmpty
                    ? ["No entry has correlation id \(id) yet (the log lags by minutes): run `tophhie lookup \(id)` later."]
                    : rows.flatMap(LookupCommand.lines)
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

    /// The id the tenant returned: the answer's `correlation_id`, else its `client-request-id` header.
    static func correlationID(of exchange: ObservedExchange) -> String? {
        if let object = try? JSONSerialization.jsonObject(with: Data(exchange.responseBody.utf8)) as? [String: Any],
           let id = object["correlation_id"] as? String, !id.isEmpty {
            return id
        }
        return exchange.responseHeaders.first { $0.key.lowercased() == "client-request-id" }?.value
    }
}
