import Foundation
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

    static let capabilityNames = ["mfa_required", "registration_required"]
    static let challengeTypeNames = ["oob", "password", "redirect"]

    /// - Throws: `UsageError` naming the bad argument and what is allowed.
    public func parse(_ arguments: [String]) throws -> Invocation {
        var rest = arguments[...]
        if rest.contains("--version") { return .version }
        switch rest.first {
        case "emulator":
            rest.removeFirst()
            // The emulator command parses its own arguments, `--help` included: one usage text.
            return .emulator(arguments: Array(rest))
        case "console":
            rest.removeFirst()
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: .console) }
            return try parseConsole(rest)
        case "help":
            return .help(topic: .main)
        case "run":
            rest.removeFirst()
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: .run) }
            return try parseRun(rest)
        case "doctor":
            rest.removeFirst()
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: .doctor) }
            return try parseDoctor(rest)
        case let name? where AccountCommand(rawValue: name) != nil:
            rest.removeFirst()
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: .account) }
            return try parseAccountCommand(AccountCommand(rawValue: name) ?? .accounts, rest)
        default:
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: .main) }
            return try parseEmbedded(rest)
        }
    }

    private func parseEmbedded(_ arguments: ArraySlice<String>) throws -> Invocation {
        var preset = TenantPreset.defaultName
        var options = ConsoleOptions()
        var rest = arguments
        while let argument = rest.popFirst() {
            if try parseOption(argument, &rest, into: &options) { continue }
            switch argument {
            case "--preset":
                let name = try value(for: argument, &rest)
                // A path (with `/` or ending `.json`) is a policy file, loaded when the emulator starts.
                guard TenantPreset.names.contains(name) || name.contains("/") || name.hasSuffix(".json") else {
                    throw UsageError("--preset \(name): unknown preset; use one of \(TenantPreset.names.joined(separator: ", ")), or a policy file path.")
                }
                preset = name
            case "--port":
                let text = try value(for: argument, &rest)
                guard let port = UInt16(text) else {
                    throw UsageError("--port \(text): use a port number from 0 to 65535 (0 takes any free port).")
                }
                options.emulatorPort = port
            default:
                throw UsageError("unknown argument \(argument); see tophhie --help.")
            }
        }
        return .embedded(preset: preset, options: try checked(options))
    }

    private func parseConsole(_ arguments: ArraySlice<String>) throws -> Invocation {
        var options = ConsoleOptions()
        var target = TargetFlags()
        var rest = arguments
        while let argument = rest.popFirst() {
            if try parseOption(argument, &rest, into: &options) { continue }
            if try target.parse(argument, &rest, parser: self) { continue }
            switch argument {
            case "--sign-up":
                switch try value(for: argument, &rest) {
                case "password": options.passwordAccounts = true
                case "otp": options.passwordAccounts = false
                case let other: throw UsageError("--sign-up \(other): use password or otp.")
                }
            default: throw UsageError("unknown argument \(argument); see tophhie console --help.")
            }
        }
        return .console(try resolve(target), options: try checked(options))
    }

    private func parseAccountCommand(_ command: AccountCommand, _ arguments: ArraySlice<String>) throws -> Invocation {
        var target = TargetFlags()
        var cachePath: String?
        var caFile: String?
        var scopes: [String]?
        var json = false
        var account: String?
        var history = (user: String?.none, top: 50, pages: 1)
        var graph: URL?
        var rest = arguments
        while let argument = rest.popFirst() {
            if try target.parse(argument, &rest, parser: self) { continue }
            switch argument {
            case "--token-cache": cachePath = try value(for: argument, &rest)
            case "--ca-file": caFile = try readableFile(argument, try value(for: argument, &rest))
            case "--scopes" where command == .token: scopes = try scopeList(try value(for: argument, &rest))
            case "--json" where command != .signOut: json = true
            case "--account" where command != .accounts: account = try value(for: argument, &rest)
            case "--user" where command == .history: history.user = try value(for: argument, &rest)
            case "--top" where command == .history: history.top = try number(argument, try value(for: argument, &rest), in: 1...1000)
            case "--pages" where command == .history: history.pages = try number(argument, try value(for: argument, &rest), in: 1...100)
            case "--graph": graph = try graphURL(try value(for: argument, &rest))
            default: throw UsageError("unknown argument \(argument); see tophhie \(command.rawValue) --help.")
            }
        }
        var options = AccountCommandOptions(target: try resolve(target),
                                            tokenCachePath: cachePath ?? TokenCacheFile.defaultPath(environment: environment), caFile: caFile)
        options.scopes = scopes
        options.json = json
        options.account = account
        options.graph = graph
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

    private func parseRun(_ arguments: ArraySlice<String>) throws -> Invocation {
        var options = ScenarioRunOptions()
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--junit": options.junitPath = try value(for: argument, &rest)
            case "--report": options.reportPath = try value(for: argument, &rest)
            case "--har-dir": options.harDirectory = try value(for: argument, &rest)
            case "--jobs": options.jobs = try number(argument, try value(for: argument, &rest), in: 1...32)
            case "--timeout": options.timeout = try number(argument, try value(for: argument, &rest), in: 1...3600)
            case let flag where flag.hasPrefix("-"): throw UsageError("unknown argument \(flag); see tophhie run --help.")
            default: options.files.append(argument)
            }
        }
        guard !options.files.isEmpty else { throw UsageError("run needs at least one scenario FILE; see tophhie run --help.") }
        return .run(options)
    }

    private func parseDoctor(_ arguments: ArraySlice<String>) throws -> Invocation {
        var target = TargetFlags()
        var options = DoctorOptions()
        var rest = arguments
        while let argument = rest.popFirst() {
            if try target.parse(argument, &rest, parser: self) { continue }
            switch argument {
            case "--emulator": options.emulator = try value(for: argument, &rest)
            case "--ca-file": options.caFile = try readableFile(argument, try value(for: argument, &rest))
            case "--json": options.json = true
            default: throw UsageError("unknown argument \(argument); see tophhie doctor --help.")
            }
        }
        if let preset = options.emulator {
            guard target.authority == nil, target.clientID == nil, target.profileName == nil else {
                throw UsageError("--emulator starts its own tenant; leave out --authority, --client-id and --profile.")
            }
            guard TenantPreset.names.contains(preset) || preset.contains("/") || preset.hasSuffix(".json") else {
                throw UsageError("--emulator \(preset): unknown preset; use one of \(TenantPreset.names.joined(separator: ", ")), or a policy file path.")
            }
            options.capabilities = target.capabilities
            options.challengeTypes = target.challengeTypes
        } else {
            options.target = try resolve(target)
        }
        return .doctor(options)
    }

    /// A tenant named by a file's fields (a scenario file's `tenant`), resolved as the flags are.
    /// - Throws: `UsageError` as for the flags.
    func target(authority: String?, clientID: String?, profile: String?, capabilities: [String]?,
                challengeTypes: [String]?) throws -> TenantTarget {
        var flags = TargetFlags()
        flags.authority = authority
        flags.clientID = clientID
        flags.profileName = profile
        flags.capabilities = try capabilities.map { try list("capabilities", $0.joined(separator: ","), allowed: Self.capabilityNames) }
        flags.challengeTypes = try challengeTypes.map { try list("challengeTypes", $0.joined(separator: ","), allowed: Self.challengeTypeNames) }
        return try resolve(flags)
    }

    /// `--authority`, `--client-id`, `--profile`, `--capabilities`, `--challenge-types` as given.
    struct TargetFlags {
        var authority: String?
        var clientID: String?
        var capabilities: [String]?
        var challengeTypes: [String]?
        var profileName: String?

        mutating func parse(_ argument: String, _ rest: inout ArraySlice<String>, parser: InvocationParser) throws -> Bool {
            switch argument {
            case "--authority": authority = try parser.value(for: argument, &rest)
            case "--client-id": clientID = try parser.value(for: argument, &rest)
            case "--capabilities":
                capabilities = try parser.list(argument, try parser.value(for: argument, &rest), allowed: InvocationParser.capabilityNames)
            case "--challenge-types":
                challengeTypes = try parser.list(argument, try parser.value(for: argument, &rest), allowed: InvocationParser.challengeTypeNames)
            case "--profile": profileName = try parser.value(for: argument, &rest)
            default: return false
            }
            return true
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
            capabilities: flags.capabilities ?? profile?.capabilities ?? Self.capabilityNames,
            challengeTypes: flags.challengeTypes ?? profile?.challengeTypes ?? Self.challengeTypeNames)
    }

    /// Options every console mode takes; returns whether `argument` was one.
    private func parseOption(_ argument: String, _ rest: inout ArraySlice<String>, into options: inout ConsoleOptions) throws -> Bool {
        switch argument {
        case "--enrol", "--enroll": options.enrol = true
        case "--har": options.harPath = try value(for: argument, &rest)
        case "--line": options.lineMode = true
        case "--exit-after-first-frame": options.exitAfterFirstFrame = true
        case "--token-cache": options.tokenCachePath = try value(for: argument, &rest)
        case "--ca-file": options.caFile = try readableFile(argument, try value(for: argument, &rest))
        case "--scopes": options.scopes = try scopeList(try value(for: argument, &rest))
        case "--graph": options.graph = try graphURL(try value(for: argument, &rest))
        case "--idle-reset":
            options.idleReset = try number(argument, try value(for: argument, &rest), in: 1...86_400)
        case "--sign-up-attributes": options.signUpAttributes = try SignUpAttributesFile.load(try value(for: argument, &rest), readFile: readFile)
        default: return false
        }
        return true
    }

    /// Console options that only make sense together, checked once the whole line is read.
    private func checked(_ options: ConsoleOptions) throws -> ConsoleOptions {
        if options.idleReset != nil, !options.enrol {
            throw UsageError("--idle-reset clears the screen between people in enrolment mode; add --enrol.")
        }
        return options
    }

    /// `--graph URL`: absolute, https unless loopback (checked again by the framework).
    private func graphURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host,
              scheme == "https" || (scheme == "http" && NativeAuthConfiguration.isLoopback(host)) else {
            throw UsageError("--graph \(text): use an https URL such as https://graph.microsoft.com/v1.0 (http only for loopback).")
        }
        return url
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

    fileprivate func value(for flag: String, _ rest: inout ArraySlice<String>) throws -> String {
        guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw UsageError("\(flag) needs a value.") }
        return value
    }

    fileprivate func list(_ flag: String, _ text: String, allowed: [String]) throws -> [String] {
        let items = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        for item in items where !allowed.contains(item) {
            throw UsageError("\(flag) \(item): not allowed; use \(allowed.joined(separator: ", ")).")
        }
        return items
    }

    private func loadProfile(_ name: String) throws -> Profile {
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        let path = configHome + "/tophhie/profiles.json"
        guard let data = readFile(path) else { throw UsageError("--profile \(name): no profiles file at \(path).") }
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
}

struct Profile: Decodable {
    let authority: String?
    let clientId: String?
    let capabilities: [String]?
    let challengeTypes: [String]?
}
