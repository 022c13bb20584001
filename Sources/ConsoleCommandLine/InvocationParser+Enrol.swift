import CommandGrammar
import SharedQueue
import TenantEmulator
import TophhieCloudAuthentication

extension InvocationParser {
    /// `enrol`: exactly one of `--template`, `--check`, `--load` (with `--into` and `--event`) and `--status` (with
    /// `--event`); `--preset` or `--sign-up-attributes`, not both.
    func parseEnrol(_ scanned: ScannedArguments<Option.Enrol>) throws -> Invocation {
        var task: EnrolOptions.Task?
        var preset: String?
        var attributes: [RequiredAttribute]?
        for given in scanned.options {
            let value = given.value ?? ""
            let next: EnrolOptions.Task
            switch given.option {
            case .template: next = .template(value)
            case .check: next = .check(value)
            case .load:
                guard let into = scanned.last(.into) else { throw UsageError("--load needs --into postgresql://…; see tophhie enrol --help.") }
                next = .load(value, into: try databaseURL(into, option: "--into"), event: try event(scanned, for: "--load"),
                             tenant: scanned.last(.tenant))
            case .status:
                next = .status(try databaseURL(value, option: "--status"), event: try event(scanned, for: "--status"),
                               watch: scanned.has(.watch), report: scanned.last(.report))
            case .preset:
                preset = try presetOrFile(given.spelling, value)
                continue
            case .signUpAttributes:
                attributes = try SignUpAttributesFile.load(value, readFile: readFile)
                continue
            case .into, .event, .tenant, .watch, .report: continue
            }
            guard task == nil else { throw UsageError("enrol takes one of --template FILE, --check FILE, --load FILE and --status URL.") }
            task = next
        }
        guard let task else { throw UsageError("enrol needs --template FILE, --check FILE, --load FILE or --status URL; see tophhie enrol --help.") }
        // Each option belongs to one task: a stray one is a mistake to name, not to ignore (the first by name).
        let strays: [Option.Enrol] = switch task {
        case .template, .check: [.event, .into, .report, .tenant, .watch]
        case .load: [.report, .watch]
        case .status: [.into, .tenant]
        }
        if let stray = strays.lazy.compactMap({ stray in scanned.options.first { $0.option == stray } }).first {
            throw UsageError("\(stray.name) does not go with this enrol task; see tophhie enrol --help.")
        }
        if preset != nil, attributes != nil {
            throw UsageError("--preset and --sign-up-attributes both name the form; give one.")
        }
        // A desk opens the event only on the tenant it was loaded for: a real tenant's form needs its name.
        if case .load = task, attributes != nil, !scanned.has(.tenant) {
            throw UsageError("--load with --sign-up-attributes needs --tenant AUTHORITY (the tenant's authority URL, as its desks give "
                             + "--authority): desks on another tenant are refused.")
        }
        return .enrol(EnrolOptions(task: task, preset: preset ?? TenantPreset.defaultName, signUpAttributes: attributes))
    }

    /// `--event NAME`, required with `option`.
    private func event(_ scanned: ScannedArguments<Option.Enrol>, for option: String) throws -> String {
        guard let event = scanned.last(.event), !event.isEmpty else { throw UsageError("\(option) needs --event NAME; see tophhie enrol --help.") }
        return event
    }

    /// A database URL; one carrying a password is refused without repeating it.
    private func databaseURL(_ text: String, option: String) throws -> DatabaseURL {
        do throws(DatabaseError) {
            return try DatabaseURL(text)
        } catch {
            throw UsageError("\(option): \(error.description)")
        }
    }

    /// `record verify FILE`, or `record verify|export postgresql://… --event NAME`.
    func parseRecord(_ scanned: ScannedArguments<Option.Record>) throws -> Invocation {
        var event: String?
        for given in scanned.options {
            switch given.option {
            case .event: event = given.value
            }
        }
        if scanned.operands.count == 2, ["verify", "export"].contains(scanned.operands[0]), DatabaseURL.isDatabaseURL(scanned.operands[1]) {
            guard let event, !event.isEmpty else { throw UsageError("record \(scanned.operands[0]) on a database needs --event NAME.") }
            return .recordDatabase(export: scanned.operands[0] == "export", url: try databaseURL(scanned.operands[1], option: "record"), event: event)
        }
        guard scanned.operands.count == 2, scanned.operands[0] == "verify", event == nil else {
            throw UsageError("record takes verify FILE, or verify|export postgresql://… --event NAME; see tophhie record --help.")
        }
        return .recordVerify(path: scanned.operands[1])
    }
}
