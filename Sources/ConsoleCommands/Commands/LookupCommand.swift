import CommandGrammar
import ConsoleCommandLine
import FlowRunner
import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// `tophhie lookup CORRELATION-ID [--wait DURATION] [--user UPN|OBJECT-ID] [--json]`: the tenant's side of one
/// failed attempt, the sign-in log entry Graph keeps under the correlation id the client was given, read with an
/// operator account.
///
/// Shows status (error code), failure reason, conditional access status and MFA detail. Entra writes the log
/// minutes after the sign-in (docs/protocol.md §I6.4), so no entry is not a final answer: exit 5
/// (`ExitStatus.notInLogYet`), saying so. `--wait` looks again, 2 s apart doubling to 30 s, longer when Graph
/// throttles (its `Retry-After`), until the entry comes or the time is up; `--user` then shows that user's
/// sign-ins of the last hour, marked as such (still exit 5: the entry itself was not found).
package enum LookupCommand {
    /// No entry has the id (yet): exit 5, with how to wait for it.
    struct NotInLogYet: CommandFailure {
        let description: String
        var exitStatus: ExitStatus { .notInLogYet }
    }

    /// Seconds before the first look again, doubled after each look up to ``longestInterval``.
    static let firstInterval = 2
    static let longestInterval = 30

    static func run(_ options: AccountCommandOptions, auth: TophhieAuth, output: (String) -> Void,
                    errors: (String) -> Void) async throws {
        let id = options.correlationID ?? ""
        let account = try options.account.map { try AccountCommandRunner.find($0, auth: auth) }
        let throttled: @Sendable (Int) -> Void = { seconds in
            FileHandle.standardError.write(Data("tophhie lookup: throttled, retrying in \(seconds) s\n".utf8))
        }
        var rows = try await find(id, waiting: options.waitSeconds, auth: auth, account: account, errors: errors, throttled: throttled)
        var fallback = false
        if rows.isEmpty, let user = options.historyUser {
            let hourAgo = Date().addingTimeInterval(-3600)
            rows = try await auth.signInHistory(for: GraphRunner.subject(user, auth: auth), top: 50, account: account, onWait: throttled)
                .rows.filter { $0.createdDateTime >= hourAgo }
            fallback = true
        }
        if options.json {
            output(json(rows, correlationID: id, fallback: fallback))
        } else {
            if fallback { output("No sign-in log entry has correlation id \(id) yet; \(PrintableText.make(options.historyUser ?? ""))'s sign-ins of the last hour:") }
            for row in rows { lines(for: row).forEach { output(PrintableText.make($0)) } }
        }
        guard rows.isEmpty || fallback else { return }
        let waited = options.waitSeconds.map { " after waiting \($0) s" } ?? " yet"
        throw NotInLogYet(description: "no sign-in log entry has correlation id \(id)\(waited). This is not final: Entra writes the log "
                          + "minutes after the sign-in, later under load. Wait for it with `tophhie lookup \(id) --wait 10m`"
                          + (options.historyUser == nil ? ", or add --user UPN to see the user's recent sign-ins." : "."))
    }

    /// The entry's rows: one look, or with `limit` seconds, looks until the entry comes or that much waiting has
    /// passed, saying on stderr before each wait how long it will be. While waiting, a look Graph throttles past the
    /// call's own retries is not an error: the next wait is at least its `Retry-After`.
    private static func find(_ id: String, waiting limit: Int?, auth: TophhieAuth, account: TophhieAccount?,
                             errors: (String) -> Void, throttled: @escaping @Sendable (Int) -> Void) async throws -> [SignInRecord] {
        var waited = 0
        var interval = firstInterval
        while true {
            do {
                let rows = try await auth.signIns(correlationID: id, account: account, onWait: throttled)
                if !rows.isEmpty { return rows }
            } catch GraphError.throttled(let retryAfter, _, _, _) where limit != nil {
                interval = max(interval, retryAfter ?? interval)
                errors("tophhie lookup: Microsoft Graph is throttling the lookups" + (retryAfter.map { " (Retry-After: \($0) s)" } ?? ""))
            }
            guard let limit, waited < limit else { return [] }
            let pause = min(interval, limit - waited)
            errors("tophhie lookup: not in the sign-in log yet; looking again in \(pause) s (waited \(waited) s of \(limit) s)")
            try await auth.wait(seconds: Double(pause))
            waited += pause
            interval = min(interval * 2, longestInterval)
        }
    }

    /// The entry as a few labelled lines, the way a failure screen shows it beside the client's exchange.
    package static func lines(for row: SignInRecord) -> [String] {
        var lines = ["Sign-in log \(ISO8601DateFormatter().string(from: row.createdDateTime))  \(row.userPrincipalName ?? row.userId ?? "?")",
                     "  Status: " + (row.succeeded ? "success" : "failure \(row.errorCode)")]
        if let reason = row.failureReason { lines.append("  Failure reason: \(reason)") }
        if let details = row.additionalDetails { lines.append("  Details: \(details)") }
        lines.append("  Conditional access: \(row.conditionalAccessStatus ?? "not reported")")
        if let method = row.mfaAuthMethod {
            lines.append("  MFA: \(method)" + (row.mfaAuthDetail.map { " (\($0))" } ?? ""))
        } else {
            lines.append("  MFA: none recorded")
        }
        if let correlation = row.correlationId { lines.append("  Correlation id: \(correlation)") }
        return lines
    }

    /// `{"correlationId", "fallback", "value": [{createdDateTime, userPrincipalName, errorCode, failureReason,
    /// additionalDetails, conditionalAccessStatus, mfaDetail: {authMethod, authDetail}?, correlationId}]}`.
    private static func json(_ rows: [SignInRecord], correlationID: String, fallback: Bool) -> String {
        let time = ISO8601DateFormatter()
        let value = rows.map {
            $0.jsonObject([.userPrincipalName, .userId, .failureReason, .additionalDetails, .conditionalAccessStatus, .correlationId,
                           .mfaDetail], time: time)
        }
        let root: [String: Any] = ["correlationId": correlationID, "fallback": fallback, "value": value]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
