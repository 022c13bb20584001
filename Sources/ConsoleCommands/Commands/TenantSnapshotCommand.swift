import ConsoleCommandLine
import FlowRunner
import Foundation
import TenantConfiguration
import TerminalUI
import TophhieCloudAuthentication

/// `tophhie tenant snapshot [--out FILE] [--account OPERATOR]`: the tenant's configuration from Graph
/// (`TophhieAuth.tenantSnapshot`) as stable JSON, on standard output or written atomically to `--out`. Each part
/// the operator may not read is named on standard error; the snapshot still comes out (exit 0).
enum TenantSnapshotCommand {
    static func run(_ options: AccountCommandOptions, auth: TophhieAuth, output: (String) -> Void, errors: (String) -> Void) async throws {
        let account = try options.account.map { try AccountCommandRunner.find($0, auth: auth) }
        let wait: @Sendable (Int) -> Void = { seconds in
            FileHandle.standardError.write(Data("tophhie tenant snapshot: throttled, retrying in \(seconds) s\n".utf8))
        }
        let snapshot: TenantSnapshot
        do {
            snapshot = try await auth.tenantSnapshot(account: account, onWait: wait)
        } catch {
            throw SnapshotFailure(error: error)
        }
        for (part, why) in snapshot.partsNotRead {
            errors("tophhie tenant snapshot: \(part) not read: \(PrintableText.make(why)).")
        }
        let data = snapshot.encoded()
        guard let path = options.outPath else {
            output(String(decoding: data.dropLast(), as: UTF8.self))
            return
        }
        do {
            try await SnapshotFile.write(data, to: path)
        } catch {
            throw SnapshotFailure(error: error)
        }
        errors("tophhie tenant snapshot: written to \(PrintableText.make(path)).")
    }
}
