import CommandGrammar
import EnrolmentFiles
import Foundation
import Localization
import TerminalUI
import SharedQueue
import TophhieCloudAuthentication
import TenantEmulator

/// Parses `tophhie`'s arguments. Flags win over `TOPHHIE_AUTHORITY` / `TOPHHIE_CLIENT_ID`, which win
/// over a named profile from `$XDG_CONFIG_HOME/tophhie/profiles.json`.
public struct InvocationParser {
    /// Read for `TOPHHIE_AUTHORITY`, `TOPHHIE_CLIENT_ID`, `XDG_CONFIG_HOME` and `HOME`.
    public var environment: [String: String]
    /// Reads a profiles file; injectable for tests.
    public var readFile: (String) -> Data?

    /// By default the process environment and the real file system.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                readFile: @escaping (String) -> Data? = { FileManager.default.contents(atPath: $0) }) {
        self.environment = environment
        self.readFile = readFile
    }

    /// Reads the line against ``CommandTable``: the first word picks the command (none: the embedded
    /// console), the table says which options it takes and which take a value, and this parser gives the
    /// values their meaning.
    /// - Throws: `UsageError` naming the bad argument and what is allowed.
    public func parse(_ arguments: [String]) throws -> Invocation {
        let named = arguments.first.flatMap { CommandTable.command($0) }
        let command = named ?? CommandTable.embedded.spec
        var rest = named == nil ? arguments : Array(arguments.dropFirst())
        // The emulator command parses its own arguments, `--help` included: one usage text.
        if command.name == "emulator" { return .emulator(arguments: rest) }
        // `--version` wherever it is, but the rest of the line must still be a line of that command.
        let version = rest.contains("--version")
        rest.removeAll { $0 == "--version" }
        if rest.contains("--help") || rest.contains("-h") { return .help(topic: command.name.isEmpty ? .main : .command(command.name)) }
        /// The line as `typed` (this command, its options named) scans it, then `--version` or the meaning `read` gives it.
        func read<Key>(_ typed: Command<Key>, _ read: (ScannedArguments<Key>) throws -> Invocation) throws -> Invocation {
            let scanned: ScannedArguments<Key>
            do {
                scanned = try typed.scan(rest)
            } catch {
                throw usageError(error, command: command)
            }
            return version ? .version : try read(scanned)
        }
        switch command.name {
        case "": return try read(CommandTable.embedded, parseEmbedded)
        case "console": return try read(CommandTable.console, parseConsole)
        case "help": return try read(CommandTable.help, parseHelp)
        case "completion": return try read(CommandTable.completion, parseCompletion)
        case "__complete": return try read(CommandTable.complete) { .complete(kind: $0.operands.first ?? "") }
        case "run": return try read(CommandTable.run, parseRun)
        case "doctor": return try read(CommandTable.doctor, parseDoctor)
        case "enrol": return try read(CommandTable.enrol, parseEnrol)
        case "record": return try read(CommandTable.record, parseRecord)
        case "tenant": return try read(CommandTable.tenantCommand, parseTenant)
        case "token": return try read(CommandTable.token) { try parseAccountCommand(.token, $0) }
        case "sign-out": return try read(CommandTable.signOut) { try parseAccountCommand(.signOut, $0) }
        case "history": return try read(CommandTable.history) { try parseAccountCommand(.history, $0) }
        case "lookup": return try read(CommandTable.lookup) { try parseAccountCommand(.lookup, $0) }
        // `accounts`: every other word of the table is answered above (`emulator` first of all).
        default: return try read(CommandTable.accounts) { try parseAccountCommand(.accounts, $0) }
        }
    }

    private func usageError(_ error: ScanError, command: CommandSpec) -> UsageError {
        let helpLine = command.name.isEmpty ? "tophhie --help" : "tophhie \(command.name) --help"
        switch error {
        // A list given to `enrol` as if it ran the desk on it: say what does.
        case .unknown(let argument) where command.name == CommandTable.enrol.name && !argument.hasPrefix("-")
            && argument.lowercased().hasSuffix(".csv"):
            return UsageError("unknown argument \(argument); \(CommandTable.enrolListHint(argument)).")
        case .unknown(let argument): return UsageError("unknown argument \(argument); see \(helpLine).")
        case .missingValue(let option): return UsageError("\(option) needs a value.")
        }
    }

    private func parseHelp(_ scanned: ScannedArguments<Never>) throws -> Invocation {
        guard scanned.operands.count <= 1 else { throw UsageError("help takes one topic; see tophhie help.") }
        switch scanned.operands.first {
        case nil: return .help(topic: .main)
        case "exit-codes": return .help(topic: .exitCodes)
        case let name?:
            guard let command = CommandTable.command(name), !command.name.isEmpty, !command.hidden else {
                throw UsageError("help \(name): no such topic; use exit-codes or one of \(CommandTable.namedCommands.map(\.name).joined(separator: ", ")).")
            }
            return .help(topic: .command(name))
        }
    }

    private func parseCompletion(_ scanned: ScannedArguments<Never>) throws -> Invocation {
        let shells = "bash, zsh or fish"
        guard scanned.operands.count == 1 else { throw UsageError("completion needs one shell: \(shells).") }
        guard let shell = CompletionShell(rawValue: scanned.operands[0]) else {
            throw UsageError("no script for \(PrintableText.make(scanned.operands[0])); use \(shells).")
        }
        return .completion(shell)
    }

    private func parseEmbedded(_ scanned: ScannedArguments<Option.Embedded>) throws -> Invocation {
        var preset = TenantPreset.defaultName
        var options = ConsoleOptions()
        for given in scanned.options {
            let value = given.value ?? ""
            switch given.option {
            case .console(let option): try apply(option, given, to: &options)
            case .preset: preset = try presetOrFile(given.spelling, value)
            case .port:
                guard let port = UInt16(value) else {
                    throw UsageError("--port \(value): use a port number from 0 to 65535 (0 takes any free port).")
                }
                options.emulatorPort = port
            }
        }
        return .embedded(preset: preset, options: try checked(options, scanned))
    }

    private func parseConsole(_ scanned: ScannedArguments<Option.ConsoleCommand>) throws -> Invocation {
        var options = ConsoleOptions()
        var target = TargetFlags()
        for given in scanned.options {
            switch given.option {
            case .console(let option): try apply(option, given, to: &options)
            case .tenant(let option): try target.apply(option, given, parser: self)
            case .signUp:
                guard let kind = given.value, ["password", "otp"].contains(kind) else {
                    throw UsageError("--sign-up \(given.value ?? ""): use password or otp.")
                }
                options.passwordAccounts = kind == "password"
            }
        }
        return .console(try resolve(target), options: try checked(options, scanned))
    }

    private func parseAccountCommand(_ command: AccountCommand, _ scanned: ScannedArguments<Option.Account>) throws -> Invocation {
        var target = TargetFlags()
        var cachePath: String?
        var caFile: String?
        var scopes: [String]?
        var output = OutputFormat.table
        var account: String?
        var history = (user: String?.none, top: 50, pages: 1)
        var graph: URL?
        var outPath: String?
        var waitSeconds: Int?
        for given in scanned.options {
            let value = given.value ?? ""
            switch given.option {
            case .tenant(let option): try target.apply(option, given, parser: self)
            case .tokenCache: cachePath = value
            case .caFile: caFile = try readableFile(given.spelling, value)
            case .scopes: scopes = try scopeList(value)
            case .json: output = .json
            case .output:
                guard let format = OutputFormat(rawValue: value) else { throw UsageError("--output \(value): use table, json or md.") }
                output = format
            case .account: account = value
            case .user: history.user = value
            case .top: history.top = try number(given.spelling, value, in: 1...1000)
            case .pages: history.pages = try number(given.spelling, value, in: 1...100)
            case .wait: waitSeconds = try Self.waitDuration(given.spelling, value)
            case .graph: graph = try graphURL(value)
            case .out: outPath = value
            case .debug: continue
            }
        }
        var options = AccountCommandOptions(target: try resolve(target),
                                            tokenCachePath: cachePath ?? TokenCacheFile.defaultPath(environment: environment), caFile: caFile)
        options.scopes = scopes
        options.output = output
        options.account = account
        options.graph = graph
        options.outPath = outPath
        options.debugHTTP = HTTPDebugLog.isRequested(flag: scanned.has(.debug), environment: environment)
        if command == .lookup {
            guard scanned.operands.count == 1, UUID(uuidString: scanned.operands[0]) != nil else {
                throw UsageError("lookup needs one CORRELATION-ID (a GUID, as in an error's \"Correlation ID:\" line).")
            }
            options.correlationID = scanned.operands[0].lowercased()
            options.historyUser = history.user
            options.waitSeconds = waitSeconds
        }
        if command == .history {
            guard let user = history.user, !user.isEmpty else {
                throw UsageError("history needs --user UPN or --user OBJECT-ID (whose sign-ins to read).")
            }
            options.historyUser = user
            options.top = history.top
            options.pages = history.pages
        }
        return .account(command, options)
    }

    /// `tenant snapshot …` (an account command: the cache, the operator, Graph) or `tenant diff A B [--json]`.
    private func parseTenant(_ scanned: ScannedArguments<Option.Account>) throws -> Invocation {
        switch scanned.operands.first {
        case "snapshot":
            guard scanned.operands.count == 1 else { throw UsageError("tenant snapshot takes no file; use --out FILE.") }
            if scanned.has(.json) { throw UsageError("tenant snapshot always writes JSON; --json is for tenant diff.") }
            return try parseAccountCommand(.tenantSnapshot, scanned)
        case "diff":
            guard scanned.operands.count == 3 else { throw UsageError("tenant diff needs two snapshot files: tenant diff A B.") }
            if let other = scanned.options.first(where: { $0.option != .json && $0.option != .debug }) {
                throw UsageError("tenant diff takes only --json (not \(other.spelling)).")
            }
            return .tenantDiff(first: scanned.operands[1], second: scanned.operands[2], json: scanned.has(.json))
        default:
            throw UsageError("tenant needs snapshot or diff; see tophhie tenant --help.")
        }
    }

    private func parseRun(_ scanned: ScannedArguments<Option.Run>) throws -> Invocation {
        if scanned.operands.first == "merge" {
            guard scanned.options.isEmpty else {
                throw UsageError("run merge takes no options (not \(scanned.options[0].spelling)); see tophhie run --help.")
            }
            guard scanned.operands.count >= 3 else { throw UsageError("run merge needs OUTDIR and at least one REPORT; see tophhie run --help.") }
            return .runMerge(directory: scanned.operands[1], reports: Array(scanned.operands.dropFirst(2)))
        }
        var options = ScenarioRunOptions()
        for given in scanned.options {
            let value = given.value ?? ""
            switch given.option {
            case .junit: options.junitPath = value
            case .report: options.reportPath = value
            case .html: options.htmlPath = value
            case .harDir: options.harDirectory = value
            case .shard:
                guard ScenarioShard(value) != nil else {
                    throw UsageError("--shard \(value): use K/N, two whole numbers with 1 <= K <= N <= 100 (e.g. 2/3).")
                }
                options.shard = value
            case .durations: options.durationsPath = value
            case .jobs: options.jobs = try number(given.spelling, value, in: 1...32)
            case .timeout: options.timeout = try number(given.spelling, value, in: 1...3600)
            case .account: options.operatorAccount = value
            case .tokenCache: options.tokenCachePath = value
            case .debug: options.debugHTTP = true
            case .compare: options.compare = true
            }
        }
        options.files = scanned.operands
        options.debugHTTP = HTTPDebugLog.isRequested(flag: options.debugHTTP, environment: environment)
        guard !options.files.isEmpty else { throw UsageError("run needs at least one scenario FILE; see tophhie run --help.") }
        if options.durationsPath != nil, options.shard == nil {
            throw UsageError("--durations balances shards; give --shard K/N with it.")
        }
        if options.compare, options.operatorAccount == nil {
            throw UsageError("--compare reads the tenant's configuration with an operator's cached account; add --account OPERATOR.")
        }
        if options.operatorAccount != nil, options.tokenCachePath == nil {
            options.tokenCachePath = TokenCacheFile.defaultPath(environment: environment)
        }
        return .run(options)
    }

    private func parseDoctor(_ scanned: ScannedArguments<Option.Doctor>) throws -> Invocation {
        var target = TargetFlags()
        var options = DoctorOptions()
        for given in scanned.options {
            let value = given.value ?? ""
            switch given.option {
            case .tenant(let option): try target.apply(option, given, parser: self)
            case .emulator: options.emulator = value
            case .caFile: options.caFile = try readableFile(given.spelling, value)
            case .json: options.json = true
            case .debug: options.debugHTTP = true
            }
        }
        options.debugHTTP = HTTPDebugLog.isRequested(flag: options.debugHTTP, environment: environment)
        if let preset = options.emulator {
            guard target.authority == nil, target.clientID == nil, target.profileName == nil else {
                throw UsageError("--emulator starts its own tenant; leave out --authority, --client-id and --profile.")
            }
            _ = try presetOrFile("--emulator", preset)
            options.capabilities = target.capabilities
            options.challengeTypes = target.challengeTypes
        } else {
            options.target = try resolve(target)
        }
        return .doctor(options)
    }

    /// A tenant named by a file's fields (a scenario file's `tenant`), resolved as the flags are.
    /// - Throws: `UsageError` as for the flags.
    package func target(authority: String?, clientID: String?, profile: String?, capabilities: [String]?,
                challengeTypes: [String]?) throws -> TenantTarget {
        var flags = TargetFlags()
        flags.authority = authority
        flags.clientID = clientID
        flags.profileName = profile
        flags.capabilities = try capabilities.map { try list("capabilities", $0.joined(separator: ","), allowed: CommandTable.capabilityNames) }
        flags.challengeTypes = try challengeTypes.map { try list("challengeTypes", $0.joined(separator: ","), allowed: CommandTable.challengeTypeNames) }
        return try resolve(flags)
    }

    /// `--authority`, `--client-id`, `--profile`, `--capabilities`, `--challenge-types` as given.
    struct TargetFlags {
        var authority: String?
        var clientID: String?
        var capabilities: [String]?
        var challengeTypes: [String]?
        var profileName: String?

        /// Takes the tenant option `option`, as `given`.
        mutating func apply<Key>(_ option: Option.Tenant, _ given: ScannedArguments<Key>.Given, parser: InvocationParser) throws {
            let value = given.value ?? ""
            switch option {
            case .authority: authority = value
            case .clientID: clientID = value
            case .capabilities: capabilities = try parser.list(given.spelling, value, allowed: CommandTable.capabilityNames)
            case .challengeTypes: challengeTypes = try parser.list(given.spelling, value, allowed: CommandTable.challengeTypeNames)
            case .profile: profileName = value
            }
        }
    }

    /// Flags win over `TOPHHIE_AUTHORITY` / `TOPHHIE_CLIENT_ID`, which win over the profile.
    private func resolve(_ flags: TargetFlags) throws -> TenantTarget {
        let profile = try flags.profileName.map(loadProfile)
        guard let authorityText = flags.authority ?? environment["TOPHHIE_AUTHORITY"] ?? profile?.authority else {
            throw UsageError("no authority: pass --authority URL, set TOPHHIE_AUTHORITY, or use --profile NAME.")
        }
        guard let client = flags.clientID ?? environment["TOPHHIE_CLIENT_ID"] ?? profile?.clientId, !client.isEmpty else {
            throw UsageError("no client id: pass --client-id ID, set TOPHHIE_CLIENT_ID, or use --profile NAME.")
        }
        let parsed: Authority
        do {
            parsed = try Authority(parsing: authorityText)
        } catch {
            throw UsageError(error.localizedDescription)
        }
        return TenantTarget(
            authority: parsed.url, authorityNote: parsed.completionNote, clientID: client,
            capabilities: flags.capabilities ?? profile?.capabilities ?? CommandTable.capabilityNames,
            challengeTypes: flags.challengeTypes ?? profile?.challengeTypes ?? CommandTable.challengeTypeNames)
    }

    /// Takes the console option `option` (either console mode), as `given`.
    private func apply<Key>(_ option: Option.Console, _ given: ScannedArguments<Key>.Given, to options: inout ConsoleOptions) throws {
        let value = given.value ?? ""
        switch option {
        case .enrol: options.enrol = true
        case .har: options.harPath = value
        case .recordScenario: options.scenarioPath = value
        case .line: options.lineMode = true
        case .exitAfterFirstFrame: options.exitAfterFirstFrame = true
        case .tokenCache: options.tokenCachePath = value
        case .caFile: options.caFile = try readableFile(given.spelling, value)
        case .scopes: options.scopes = try scopeList(value)
        case .graph: options.graph = try graphURL(value)
        case .idleReset: options.idleReset = try number(given.spelling, value, in: 1...86_400)
        case .language: options.language = try language(value)
        case .signUpAttributes: options.signUpAttributes = try SignUpAttributesFile.load(value, readFile: readFile)
        case .record: options.recordPath = try once(given, options.recordPath, "the desk keeps one record")
        case .staff: options.staff = value
        case .queue: options.queuePath = try once(given, options.queuePath, "the desk serves one list; put the people in one CSV")
        case .event: options.event = value
        case .report: options.reportPath = value
        }
    }

    /// The value of a file option that must not be given twice (the second would silently drop the first file).
    private func once<Key>(_ given: ScannedArguments<Key>.Given, _ earlier: String?, _ why: String) throws -> String {
        let value = given.value ?? ""
        if let earlier { throw UsageError("\(given.spelling) given twice (\(earlier), \(value)): \(why).") }
        return value
    }

    /// Console options that only make sense together, checked once the whole line is read.
    /// The modes first: each option's ``ConsoleMode``, as the command table declares it.
    private func checked<Key>(_ options: ConsoleOptions, _ scanned: ScannedArguments<Key>) throws -> ConsoleOptions {
        for given in scanned.options {
            if let refusal = given.spec.refusal(value: given.value, enrol: options.enrol) { throw UsageError(refusal) }
        }
        let shared = options.queuePath.map(DatabaseURL.isDatabaseURL) ?? false
        if shared, options.event?.isEmpty ?? true {
            throw UsageError("--queue \(options.queuePath ?? "") is a shared queue; add --event NAME (the event enrol --load loaded).")
        }
        if options.event != nil, !shared {
            throw UsageError("--event names the intake day on a shared queue; add --queue postgresql://….")
        }
        if shared, let path = options.recordPath {
            throw UsageError("--record \(path): a shared queue keeps the event's record in its database (tophhie record verify "
                             + "postgresql://… --event NAME); leave out --record.")
        }
        if options.staff != nil, options.recordPath == nil, !shared {
            throw UsageError("--staff names who is at the desk in the enrolment record; add --record FILE.")
        }
        if options.reportPath != nil, options.queuePath == nil {
            throw UsageError("--report writes the result of each row of a list; add --queue FILE.csv.")
        }
        // The report is replaced whole after each person: naming the list or its progress file would lose it.
        if let report = options.reportPath, let list = options.queuePath, !shared,
           [list, ProgressFile.path(besideList: list)].contains(where: { Self.sameFile($0, report) }) {
            throw UsageError("--report \(report): that is the list or its progress file, which the report would replace; "
                             + "choose another file.")
        }
        return options
    }

    /// Whether two paths name one file, as written or through `.`, `..` and symbolic links.
    private static func sameFile(_ one: String, _ other: String) -> Bool {
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolved(one) == resolved(other)
    }

    /// A preset of the embedded emulator, or a policy file: a path (with `/` or ending `.json`), loaded when the emulator starts.
    func presetOrFile(_ flag: String, _ value: String) throws -> String {
        guard TenantPreset.names.contains(value) || value.contains("/") || value.hasSuffix(".json") else {
            throw UsageError("\(flag) \(value): unknown preset; use one of \(TenantPreset.names.joined(separator: ", ")), or a policy file path.")
        }
        return value
    }

    /// `--graph URL`: absolute, https unless loopback (checked again by the framework).
    private func graphURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host,
              scheme == "https" || (scheme == "http" && NativeAuthConfiguration.isLoopback(host)) else {
            throw UsageError("--graph \(text): use an https URL such as https://graph.microsoft.com/v1.0 (http only for loopback).")
        }
        return url
    }

    /// `--wait DURATION`: whole seconds, minutes or hours (`90s`, `5m`, `1h`; a bare number is seconds), 1 s to 24 h.
    static func waitDuration(_ flag: String, _ text: String) throws -> Int {
        let units = ["s": 1, "m": 60, "h": 3600]
        let unit = text.last.flatMap { units[String($0)] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits), value >= 1,
              value <= 86400 / (unit ?? 1) else {
            throw UsageError("\(flag) \(text): use a duration such as 90s, 5m or 1h (at most 24h).")
        }
        return value * (unit ?? 1)
    }

    /// A language with a catalogue (or its fallback to one: `pt-BR` to `pt`), or the pseudo-locale.
    private func language(_ tag: String) throws -> String {
        guard Localizer(tag: tag).isKnown else {
            throw UsageError("--language: no catalogue for “\(PrintableText.make(tag))”; the languages are "
                             + (Localizer.catalogueTags + ["qps"]).joined(separator: ", ") + ".")
        }
        return tag
    }

    private func number(_ flag: String, _ text: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(flag) \(text): use a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// Scopes separated by commas or spaces; at least one.
    private func scopeList(_ text: String) throws -> [String] {
        let scopes = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        guard !scopes.isEmpty else { throw UsageError("--scopes needs at least one scope, e.g. User.Read.") }
        return scopes
    }

    /// A file that exists and can be read (checked now, so the message names the flag).
    private func readableFile(_ flag: String, _ path: String) throws -> String {
        guard FileManager.default.isReadableFile(atPath: path) else { throw UsageError("\(flag) \(path): no readable file there.") }
        return path
    }

    fileprivate func list(_ flag: String, _ text: String, allowed: [String]) throws -> [String] {
        let items = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        for item in items where !allowed.contains(item) {
            throw UsageError("\(flag) \(item): not allowed; use \(allowed.joined(separator: ", ")).")
        }
        return items
    }

    /// `$XDG_CONFIG_HOME/tophhie/profiles.json` (default `~/.config`).
    var profilesPath: String {
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return configHome + "/tophhie/profiles.json"
    }

    /// The profile names in the profiles file, sorted; none when it is missing or unreadable (for completion).
    public func profileNames() -> [String] {
        guard let data = readFile(profilesPath), let file = try? JSONDecoder().decode(ProfilesFile.self, from: data) else { return [] }
        return file.profiles.keys.sorted()
    }

    private func loadProfile(_ name: String) throws -> Profile {
        let path = profilesPath
        guard let data = readFile(path) else { throw UsageError("--profile \(name): no profiles file at \(path).") }
        if let problem = ProfilesFile.unknownKey(in: data) { throw UsageError("\(path): \(problem)") }
        let file: ProfilesFile
        do {
            file = try JSONDecoder().decode(ProfilesFile.self, from: data)
        } catch {
            throw UsageError("\(path): not a profiles file ({\"profiles\": {\"NAME\": {\"authority\": …, \"clientId\": …}}}).")
        }
        guard let profile = file.profiles[name] else {
            throw UsageError("--profile \(name): not in \(path); it has \(file.profiles.keys.sorted().joined(separator: ", ")).")
        }
        return profile
    }
}

/// `profiles.json`: `{"profiles": {"NAME": {"authority", "clientId", "capabilities"?, "challengeTypes"?}}}`.
struct ProfilesFile: Decodable {
    let profiles: [String: Profile]

    static let keys = ["profiles"]

    /// The first key the decoder would silently skip (a typo such as `clientID`), said with the keys allowed.
    static func unknownKey(in data: Data) -> String? {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        if let key = root.keys.sorted().first(where: { !keys.contains($0) }) {
            return "unknown key \"\(key)\"; the file has only \"profiles\"."
        }
        for (name, value) in ((root["profiles"] as? [String: Any]) ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let profile = value as? [String: Any] else { continue }
            if let key = profile.keys.sorted().first(where: { !Profile.keys.contains($0) }) {
                return "profile \"\(name)\" has an unknown key \"\(key)\"; use \(Profile.keys.joined(separator: ", "))."
            }
        }
        return nil
    }
}

struct Profile: Decodable {
    static let keys = ["authority", "clientId", "capabilities", "challengeTypes"]

    let authority: String?
    let clientId: String?
    let capabilities: [String]?
    let challengeTypes: [String]?
}
