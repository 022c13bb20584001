import CommandGrammar
import ConsoleCommandLine
import EmailAddresses
import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// Runs `tophhie token`, `accounts`, `sign-out` (the token cache) and `history` (Graph), like
/// `az account get-access-token`: results on standard output, reasons on standard error.
///
/// Exit codes (`ExitStatus`): 0 done; 1 the command could not be done (no such account, network); 2 configuration
/// error (bad authority, unreadable CA file); 4 a sign-in is needed (no account, or its refresh token is gone or
/// expired), so a script can send the user to `tophhie console` instead of retrying; 5 (`lookup`) the sign-in log has
/// no entry for the id yet.
public enum AccountCommandRunner {
    /// Runs `command`.
    /// - Parameters:
    ///   - auth: the interactive stack to configure (injectable for tests).
    ///   - output: receives each result line (stdout by default).
    ///   - errors: receives each reason line (stderr by default).
    ///   - debugOutput: receives each exchange with `options.debugHTTP` (stderr by default).
    /// - Returns: the exit code: 0 done, 1 not done, 2 configuration error, 4 sign-in needed, 5 not in the sign-in log yet.
    public static func run(_ command: AccountCommand, _ options: AccountCommandOptions,
                           auth: TophhieAuth = TophhieAuth(), output: (String) -> Void = { print($0) },
                           errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
                           debugOutput: @escaping @Sendable (String) -> Void = HTTPDebugLog.standardError) async -> Int32 {
        if options.debugHTTP { auth.observe(HTTPDebugLog.observer(write: debugOutput)) }
        // Checked before any request, as `--har` and `--junit` are: a snapshot is not read only to be lost.
        if let problem = OutputFile.problem(options.outPath, flag: "--out") {
            errors("tophhie \(command.rawValue): \(PrintableText.make(problem))")
            return ExitStatus.usage.rawValue
        }
        do {
            try auth.configure(clientId: options.target.clientID, authority: options.target.authority,
                               scopes: options.scopes ?? TophhieConfiguration.defaultScopes,
                               tokenCachePath: options.tokenCachePath, caFile: options.caFile,
                               graphEndpoint: options.graph ?? options.target.defaultGraph)
        } catch {
            errors("tophhie \(command.rawValue): \(error.localizedDescription)")
            return ExitStatus.usage.rawValue
        }
        do {
            // A damaged cache is moved aside and said before anything lists it as empty (field case 019).
            try await auth.checkCache()
            if let notice = auth.takeCacheNotice() { errors("tophhie \(command.rawValue): \(PrintableText.make(notice))") }
            switch command {
            case .token: try await token(options, auth: auth, output: output, errors: errors)
            case .accounts: try accounts(options, auth: auth, output: output)
            case .signOut: try await signOut(options, auth: auth, output: output)
            case .history: try await HistoryCommand.run(options, auth: auth, output: output, errors: errors)
            case .tenantSnapshot: try await TenantSnapshotCommand.run(options, auth: auth, output: output, errors: errors)
            case .lookup: try await LookupCommand.run(options, auth: auth, output: output, errors: errors)
            }
            return ExitStatus.done.rawValue
        } catch let error as CommandFailure {
            errors("tophhie \(command.rawValue): \(error)")
            return error.exitStatus.rawValue
        } catch let error as AuthError {
            var line = "tophhie \(command.rawValue): \(error.errorDescription ?? "\(error)")"
            // `.server` already says its details.
            if let details = error.serverDetails, error != .server(details) { line += " (\(details.description))" }
            if error.needsInteraction { line += signInAdvice }
            errors(PrintableText.make(line))
            return error.needsInteraction ? ExitStatus.signInNeeded.rawValue : ExitStatus.failed.rawValue
        } catch {
            errors("tophhie \(command.rawValue): \(error.localizedDescription)")
            return ExitStatus.failed.rawValue
        }
    }

    private static func token(_ options: AccountCommandOptions, auth: TophhieAuth, output: (String) -> Void,
                              errors: (String) -> Void) async throws {
        let account = try options.account.map { try find($0, auth: auth) }
        let result = try await auth.acquireTokenSilent(scopes: options.scopes, account: account)
        // A failed early refresh still gives a valid token (exit 0); say so once, on stderr (field case 030, docs/field-cases.md).
        if let deferral = result.refreshDeferral { errors("tophhie token: \(deferral)") }
        guard options.json else {
            output(result.accessToken)
            return
        }
        output(json([
            "accessToken": result.accessToken,
            "tokenType": "Bearer",
            "expiresOn": ISO8601DateFormatter().string(from: result.expiresOn),
            "expires_on": Int(result.expiresOn.timeIntervalSince1970),
            "scopes": result.scopes,
            "username": result.account.username ?? "",
            "homeAccountId": result.account.homeAccountID ?? "",
        ]))
    }

    private static func accounts(_ options: AccountCommandOptions, auth: TophhieAuth, output: (String) -> Void) throws {
        let accounts = try auth.accounts
        let current = auth.currentAccount?.homeAccountID
        switch options.output {
        case .json:
            output(json(accounts.map { account in
                ["username": account.username ?? "", "homeAccountId": account.homeAccountID ?? "",
                 "tenantId": account.tenantID ?? "", "name": account.displayName ?? "",
                 "isCurrent": account.homeAccountID == current] as [String: Any]
            }))
            return
        case .markdown:
            // An empty table still has its header: a report shows "no accounts" as a table with no rows.
            OutputFormat.markdownHeader(["Current", "Username", "Home account id"]).forEach(output)
            for account in accounts {
                output(OutputFormat.markdownRow([account.homeAccountID == current ? "*" : "", account.username ?? "?",
                                                 account.homeAccountID ?? ""]))
            }
            return
        case .table: break
        }
        guard !accounts.isEmpty else {
            output("No accounts are cached for this app and authority.")
            return
        }
        for account in accounts {
            let marker = account.homeAccountID == current ? "*" : " "
            output("\(marker) \(PrintableText.make(account.username ?? "?"))  \(PrintableText.make(account.homeAccountID ?? ""))")
        }
    }

    private static func signOut(_ options: AccountCommandOptions, auth: TophhieAuth, output: (String) -> Void) async throws {
        let account = try options.account.map { try find($0, auth: auth) } ?? auth.currentAccount
        // Signing out is idempotent: nobody signed in is the state asked for, not a failure.
        guard let account else { return output("No account is signed in; nothing to sign out.") }
        let endSession = try await auth.signOut(account: account)
        output("Signed out \(PrintableText.make(account.username ?? account.homeAccountID ?? "")) from this app (removed from the token cache).")
        if let endSession {
            output("To end the browser session too, open: \(endSession.absoluteString)")
        }
    }

    /// A cached account by username (the same address however written: ``EmailAddress/same(_:_:)``) or home
    /// account id (ignoring case).
    package static func find(_ name: String, auth: TophhieAuth) throws -> TophhieAccount {
        let accounts = try auth.accounts
        guard let account = accounts.first(where: {
            $0.username.map { EmailAddress.same($0, name) } == true || $0.homeAccountID?.lowercased() == name.lowercased()
        }) else {
            throw UnknownAccount(name: name, cached: accounts.count)
        }
        return account
    }

    /// `value` as compact JSON with sorted keys (the `--json` output of every command).
    static func json(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// A failure that is its own message for stderr.
protocol CommandFailure: Error, CustomStringConvertible {
    /// True when only an interactive sign-in can fix it (exit 4 rather than 1).
    var needsSignIn: Bool { get }
    /// The exit code: 4 when only a sign-in fixes it, else 1 unless the failure has its own.
    var exitStatus: ExitStatus { get }
}

/// What a command that needs a signed-in account says it takes.
let signInAdvice = " Run `tophhie console` and sign in."

extension CommandFailure {
    var needsSignIn: Bool { false }
    var exitStatus: ExitStatus { needsSignIn ? .signInNeeded : .failed }

    /// Whether only an interactive sign-in fixes `error`: the operator's refresh token is gone or expired, or no
    /// operator is signed in, whether the framework or a Graph call said so.
    static func onlySignInFixes(_ error: any Error) -> Bool {
        switch error {
        case let auth as AuthError: auth.needsInteraction
        case GraphError.auth(let auth) as GraphError: auth.needsInteraction
        default: false
        }
    }
}

/// `--account NAME` names no cached account.
struct UnknownAccount: CommandFailure {
    let name: String
    let cached: Int
    var description: String {
        "no cached account is named \(PrintableText.make(name)) (\(cached) cached for this app and authority; `tophhie accounts` lists them)."
    }
}
