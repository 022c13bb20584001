@testable import ConsoleCommandLine
import EmulatorServer
import Foundation
import Testing
import TenantEmulator
import TophhieCloudAuthentication

/// The listing commands (`accounts`, `history`) print a table, JSON or Markdown by `--output`; `--json` stays.
@Suite struct ListingOutputTests {
    @Test func outputChoosesTheFormatAndJSONIsItsShortForm() throws {
        let parser = InvocationParser(environment: ["TOPHHIE_AUTHORITY": "https://contoso.ciamlogin.com/5f1c9a42", "TOPHHIE_CLIENT_ID": "c"])
        func format(_ line: [String]) throws -> OutputFormat? {
            guard case .account(_, let options) = try parser.parse(line) else { return nil }
            return options.output
        }
        #expect(try format(["accounts"]) == .table)
        #expect(try format(["accounts", "--output", "md"]) == .markdown)
        #expect(try format(["accounts", "--json"]) == .json)
        #expect(try format(["history", "--user", "u", "--output", "json"]) == .json)
        #expect(throws: UsageError("--output xml: use table, json or md.")) { try parser.parse(["accounts", "--output", "xml"]) }
        #expect(throws: UsageError("unknown argument --output; see tophhie token --help.")) { try parser.parse(["token", "--output", "md"]) }
    }

    @Test func accountsAndHistoryAsMarkdown() async throws {
        let tenant = try await OperatorOnEmulator(scopes: ["AuditLog.Read.All"])
        var options = tenant.options
        options.output = .markdown
        let accounts = await AccountCommandTests.run(.accounts, options)
        #expect(accounts.status == 0, "\(accounts.errors)")
        #expect(accounts.output.hasPrefix("| Current | Username | Home account id |\n| --- | --- | --- |\n| \\* | ops@contoso.com | "),
                "\(accounts.output)")

        options.scopes = ["AuditLog.Read.All"]
        options.historyUser = tenant.signedIn.account.objectID
        options.graph = URL(string: tenant.server.origin + "/v1.0")
        let history = await AccountCommandTests.run(.history, options)
        #expect(history.status == 0, "\(history.errors)")
        let lines = history.output.split(separator: "\n")
        #expect(lines.first == "| Time | Result | App | IP address | Place |", "\(history.output)")
        #expect(lines.dropFirst(2).contains { $0.hasPrefix("| ") && $0.contains(" | success | ") }, "\(history.output)")
    }
}
