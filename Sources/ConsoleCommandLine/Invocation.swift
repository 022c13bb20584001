import Foundation
import SharedQueue
import TophhieCloudAuthentication

/// What the user asked `tophhie` to do, parsed from the command line and the environment.
///
/// Exit codes scripts can rely on: `ExitStatus` (0 done, 1 failed, 2 usage, 4 sign-in needed).
public enum Invocation: Equatable, Sendable {
    /// The console against the embedded emulator (no arguments, or only console options). `preset` is a
    /// preset name or a path to a policy file.
    case embedded(preset: String, options: ConsoleOptions)
    /// The console against any tenant.
    case console(TenantTarget, options: ConsoleOptions)
    /// The emulator alone; the arguments are parsed by the emulator command.
    case emulator(arguments: [String])
    /// `tophhie token`, `tophhie accounts`, `tophhie sign-out`: the token cache, for scripts.
    case account(AccountCommand, AccountCommandOptions)
    /// `tophhie run FILE…`: scenario files against the emulator or a tenant, with CI reports.
    case run(ScenarioRunOptions)
    /// `tophhie run merge OUTDIR REPORT…`: shards' reports joined into the whole run's.
    case runMerge(directory: String, reports: [String])
    /// `tophhie doctor`: is this app registration and tenant ready for the console?
    case doctor(DoctorOptions)
    /// `tophhie enrol --template FILE | --check FILE`: an enrolment list against the sign-up form.
    case enrol(EnrolOptions)
    /// `tophhie tenant diff A B [--json]`: what differs between two tenant snapshots.
    case tenantDiff(first: String, second: String, json: Bool)
    /// `tophhie record verify FILE`: check an enrolment record's chain.
    case recordVerify(path: String)
    /// `tophhie record verify|export postgresql://… --event NAME`: an event's record in a shared queue's database.
    case recordDatabase(export: Bool, url: DatabaseURL, event: String)
    /// `help`, or `--help` / `-h` anywhere: print the usage for `topic` and exit 0.
    case help(topic: HelpTopic)
    /// `--version` anywhere on an otherwise valid line: print ``HelpText/version`` and exit 0.
    case version
    /// `tophhie completion SHELL`: print that shell's completion script.
    case completion(CompletionShell)
    /// `tophhie __complete KIND`: the names a completion script offers at completion time (`profiles`, `presets`).
    case complete(kind: String)
}

/// Options shared by the console modes.
public struct ConsoleOptions: Equatable, Sendable {
    /// Support-staff enrolment mode: after a sign-up, forget the account and offer "enrol another".
    public var enrol = false
    /// `--idle-reset SECONDS` (enrolment mode only): go home and forget the person after this long without
    /// a key press; `nil` keeps the default of `FlowSettings.idleReset`.
    public var idleReset: Int?
    /// `--language TAG`: the screens' language (a catalogue's tag, or `qps`); `nil`: the locale variables'.
    public var language: String?
    /// Write the session's HTTP exchanges as HAR 1.2 to this file on exit.
    public var harPath: String?
    /// Force the line mode (plain prompts) even on a terminal.
    public var lineMode = false
    /// Paint the first frame, then exit (used by the start-up benchmark).
    public var exitAfterFirstFrame = false
    /// Sign-up creates email + password accounts (`false`: email one-time-passcode accounts). The
    /// embedded emulator takes this from its preset.
    public var passwordAccounts = true
    /// The embedded emulator's loopback port; `0` takes any free port. Only with the embedded emulator.
    public var emulatorPort: UInt16 = 0
    /// `--token-cache FILE`. Console mode defaults to `TOPHHIE_TOKEN_CACHE`, else the XDG path; the embedded
    /// emulator (a new tenant each run) keeps tokens in memory unless a file is given; enrolment mode never takes one.
    public var tokenCachePath: String?
    /// `--ca-file FILE`: a PEM CA trusted for HTTPS besides the system's.
    public var caFile: String?
    /// `--scopes A,B`: resource scopes of every sign-in (default `User.Read`).
    public var scopes: [String]?
    /// `--graph URL`: Microsoft Graph's base (default `https://graph.microsoft.com/v1.0`; the embedded
    /// emulator's own `/v1.0` with the embedded emulator).
    public var graph: URL?

    /// `--sign-up-attributes FILE`: the attributes the sign-up screen offers up front (``SignUpAttributesFile``);
    /// the embedded emulator's own user flow when empty there.
    public var signUpAttributes: [RequiredAttribute] = []

    /// `--record-scenario FILE`: record the session as a scenario file from the start (F9 stops and starts again);
    /// nil: F9 records into `tophhie-scenario-TIME.json` in the current folder.
    public var scenarioPath: String?
    /// `--record FILE` (enrolment mode): the enrolment record appended to per finished person.
    public var recordPath: String?
    /// `--staff NAME`: who is at the desk, for the record (default: the operating-system user).
    public var staff: String?
    /// `--queue FILE.csv` (enrolment mode): the list of people expected, with its progress file beside it.
    public var queuePath: String?
    /// `--event NAME` (with `--queue postgresql://…`): the intake day on the shared queue.
    public var event: String?
    /// `--report FILE` (with `--queue`): each row's result, CSV or Markdown (`.md`).
    public var reportPath: String?

    /// No enrolment, no HAR file, full screen, password accounts, any free port.
    public init() {}
}

/// A tenant to talk to: authority, client id, and what the app declares.
public struct TenantTarget: Equatable, Sendable {
    /// As `Authority` parsed it: a host-only `*.ciamlogin.com` completed, any query kept; plain `http`
    /// only for loopback hosts.
    public var authority: URL
    /// Said once when the authority was completed (`Authority.completionNote`).
    public var authorityNote: String?
    /// The app (client) id sent as `client_id`; the parser refuses an empty one.
    public var clientID: String
    /// From `mfa_required`, `registration_required`, sent as `capabilities` (default both).
    public var capabilities: [String]
    /// From `oob`, `password`, `redirect` (default all three); the framework adds `redirect` when missing.
    public var challengeTypes: [String]

    /// Microsoft Graph for this tenant when `--graph` is not given: a loopback authority is an emulator, whose
    /// Graph is beside it (`ORIGIN/v1.0`; its tokens must not go to the real Graph); any other, Graph's own.
    public var defaultGraph: URL? {
        guard let host = authority.host, NativeAuthConfiguration.isLoopback(host), let scheme = authority.scheme else {
            return TophhieConfiguration.graphEndpoint
        }
        let port = authority.port.map { ":\($0)" } ?? ""
        return URL(string: "\(scheme)://\(host)\(port)/v1.0")
    }

    /// Memberwise; ``InvocationParser`` fills the defaults and checks both lists.
    public init(authority: URL, authorityNote: String? = nil, clientID: String, capabilities: [String], challengeTypes: [String]) {
        self.authority = authority
        self.authorityNote = authorityNote
        self.clientID = clientID
        self.capabilities = capabilities
        self.challengeTypes = challengeTypes
    }
}

/// Which help text to print.
public enum HelpTopic: Equatable, Sendable {
    /// `tophhie --help` or `tophhie help`.
    case main
    /// `tophhie COMMAND --help` or `tophhie help COMMAND`: the command's name in `CommandTable`.
    case command(String)
    /// `tophhie help exit-codes`.
    case exitCodes

    /// `tophhie console --help`.
    public static let console = HelpTopic.command("console")
    /// `tophhie run --help`.
    public static let run = HelpTopic.command("run")
    /// `tophhie doctor --help`.
    public static let doctor = HelpTopic.command("doctor")
}

/// A usage or configuration error: printed on standard error after `tophhie: `, exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// A lower-case sentence naming the argument and what is allowed.
    public let message: String
    /// An error carrying `message`.
    public init(_ message: String) { self.message = message }
    /// The same text as ``message``.
    public var description: String { message }
}

extension Invocation {
    /// The console's options, for the two invocations that open a console.
    package var consoleOptions: ConsoleOptions? {
        switch self {
        case .embedded(_, let options), .console(_, let options): options
        case .emulator, .account, .run, .runMerge, .doctor, .enrol, .tenantDiff, .recordVerify, .recordDatabase, .help, .version, .completion,
             .complete: nil
        }
    }
}
