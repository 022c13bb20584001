import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// `tophhie lookup CORRELATION-ID [--user UPN|OBJECT-ID] [--json]`: the tenant's side of one failed attempt, the
/// sign-in log entry Graph keeps under the correlation id the client was given, read with an operator account.
///
/// Shows status (error code), failure reason, conditional access status and MFA detail. When no entry has
/// the id yet (the log lags), `--user` shows that user's sign-ins of the last hour instead, marked as such.
enum LookupCommand {
    /// Nothing found: exit 1, with the reason.
    struct NotFound: CommandFailure {
        let description: String
    }

    static func run(_ options: AccountCommandOptions, auth: TophhieAuth, output: (String) -> Void,
                    errors: (String) -> Void) async throws {
        let id = options.correlationID ?? ""
        let account = try options.account.map { try AccountCommandRunner.find($0, auth: auth) }
        let wait: @Sendable (Int) -> Void = { seconds in
            FileHandle.standardError.write(Data("tophhie lookup: throttled, retrying in \(seconds) s\n".utf8))
        }
        var rows = try await auth.signIns(correlationID: id, account: account, onWait: wait)
        var fallback = false
        if rows.isEmpty, let user = options.historyUser {
            let hourAgo = Date().addingTimeInterval(-3600)
            rows = try await auth.signInHistory(for: GraphRunner.subject(user, auth: auth), top: 50, account: account, onWait: wait)
                .rows.filter { $0.createdDateTime >= hourAgo }
            fallback = true
        }
        if options.json {
            output(json(rows, correlationID: id, fallback: fallback))
        } else {
            if fallback { output("No sign-in log entry has correlation id \(id) yet; \(PrintableText.make(options.historyUser ?? ""))'s sign-ins of the last hour:") }
            for row in rows { lines(for: row).forEach { output(PrintableText.make($0)) } }
        }
        guard !rows.isEmpty else {
            throw NotFound(description: "no sign-in log entry has correlation id \(id) (the log can lag the sign-in by minutes; "
                           + "try again later, or add --user to see the user's recent sign-ins)")
        }
    }

    /// The entry as a few labelled lines, the way a failure screen shows it beside the client's exchange.
    static func lines(for row: SignInRecord) -> [String] {
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
