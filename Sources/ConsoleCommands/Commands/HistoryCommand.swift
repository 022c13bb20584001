import ConsoleCommandLine
import FlowRunner
import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// `tophhie history --user UPN|OBJECT-ID [--top N] [--pages N] [--output table|json|md]`: a user's sign-ins from Graph,
/// newest first, read with the cached operator account (`--account`, else the current one).
enum HistoryCommand {
    static func run(_ options: AccountCommandOptions, auth: TophhieAuth, output: (String) -> Void,
                    errors: (String) -> Void) async throws {
        let user = options.historyUser ?? ""
        let account = try options.account.map { try AccountCommandRunner.find($0, auth: auth) }
        let subject = GraphRunner.subject(user, auth: auth)
        if case .id(let id) = subject, UUID(uuidString: id) == nil { throw UnknownUser(value: id) }
        let wait: @Sendable (Int) -> Void = { seconds in
            FileHandle.standardError.write(Data("tophhie history: throttled, retrying in \(seconds) s\n".utf8))
        }
        var rows: [SignInRecord] = []
        var more = false
        do {
            var page = try await auth.signInHistory(for: subject, top: options.top, account: account, onWait: wait)
            rows = page.rows
            var pages = 1
            while pages < options.pages, page.nextLink != nil {
                page = try await auth.nextSignInPage(after: page, account: account, onWait: wait)
                rows += page.rows
                pages += 1
            }
            more = page.nextLink != nil
        } catch {
            // What was read before a later page failed is still printed; the failure then ends the command.
            switch error as? GraphError {
            case .throttled(_, let read, _, _)?, .pageLinkRefused(let read, _, _)?: rows += read
            case .unauthorized?, .clockSkew?, .missingPermission?, .notPremium?, .notSelfWritable?, .badRequest?, .notFound?, .server?,
                 .auth?, .networkFailure?, .unexpectedResponse?, nil:
                break
            }
            // Nothing read: print nothing, so a script cannot take an empty list for "no sign-ins". What is
            // printed is marked partial (field case 033, docs/field-cases.md), and the exit status says it failed.
            if !rows.isEmpty { show(rows, more: true, partial: true, format: options.output, output: output) }
            throw HistoryFailure(error: error, rowsPrinted: rows.count)
        }
        show(rows, more: more, partial: false, format: options.output, output: output)
        if more { errors("tophhie history: more sign-ins exist; raise --pages to read them.") }
        // An empty list is never silent: it cannot tell "no such user" from "no sign-ins" itself.
        guard rows.isEmpty else { return }
        switch subject {
        case .userPrincipalName(let name):
            errors("tophhie history: no sign-ins for userPrincipalName \(PrintableText.make(name)). An External ID customer's UPN is "
                   + "generated (…@TENANT.onmicrosoft.com), not the email they sign in with: pass their object id.")
        case .id(let id):
            errors("tophhie history: no sign-ins for the object id \(PrintableText.make(id)): no such user, or none in the tenant's log.")
        }
    }

    private static func show(_ rows: [SignInRecord], more: Bool, partial: Bool, format: OutputFormat, output: (String) -> Void) {
        let time = ISO8601DateFormatter()
        // Time, result, app, IP address, place: a table's columns and a report's.
        let cells = rows.map { row in
            [time.string(from: row.createdDateTime), row.succeeded ? "success" : "failed \(row.errorCode)", row.appDisplayName ?? row.appId ?? "?",
             row.ipAddress ?? "", [row.city, row.countryOrRegion].compactMap { $0 }.joined(separator: ", ")]
        }
        switch format {
        case .json: output(json(rows, more: more, partial: partial))
        case .markdown:
            OutputFormat.markdownHeader(["Time", "Result", "App", "IP address", "Place"]).forEach(output)
            cells.map(OutputFormat.markdownRow).forEach(output)
        case .table: cells.forEach { output(PrintableText.make($0.joined(separator: "  "))) }
        }
    }

    /// `{"value": [...], "more": Bool}`, plus `"partial": true` when a later page failed.
    private static func json(_ rows: [SignInRecord], more: Bool, partial: Bool) -> String {
        let time = ISO8601DateFormatter()
        let objects = rows.map {
            $0.jsonObject([.appDisplayName, .appId, .ipAddress, .clientAppUsed, .isInteractive, .failureReason, .city, .countryOrRegion,
                           .conditionalAccessStatus, .userPrincipalName], time: time)
        }
        var document: [String: Any] = ["value": objects, "more": more]
        if partial { document["partial"] = true }
        return AccountCommandRunner.json(document)
    }
}

/// A history read that failed after `rowsPrinted` rows were printed; says what an operator needs.
struct HistoryFailure: CommandFailure {
    let error: any Error
    let rowsPrinted: Int

    /// The operator's refresh token is gone or expired (or no operator is signed in).
    var needsSignIn: Bool { Self.onlySignInFixes(error) }

    var description: String {
        var text: String
        switch error as? GraphError {
        case .missingPermission(let details)?:
            text = "reading sign-in logs needs an operator's account: AuditLog.Read.All and a reports-reader role "
                + "(--account OPERATOR picks a cached one) (\(PrintableText.make(details.description)))"
        case let graph?:
            text = PrintableText.make(graph.errorDescription ?? "\(graph)") + (graph.details.map { " (\(PrintableText.make($0.description)))" } ?? "")
        case nil:
            text = PrintableText.make((error as? LocalizedError)?.errorDescription ?? "\(error)")
        }
        if rowsPrinted > 0 { text += " The \(rowsPrinted) sign-ins read before it are printed above." }
        if needsSignIn { text += signInAdvice }
        return text
    }
}
