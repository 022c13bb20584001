import CommandGrammar
import TenantEmulator
import TophhieCloudAuthentication

extension InvocationParser {
    /// `enrol`: exactly one of `--template` and `--check`; `--preset` or `--sign-up-attributes`, not both.
    func parseEnrol(_ scanned: ScannedArguments) throws -> Invocation {
        var task: EnrolOptions.Task?
        var preset: String?
        var attributes: [RequiredAttribute]?
        for given in scanned.options {
            let value = given.value ?? ""
            let next: EnrolOptions.Task
            switch given.name {
            case "--template": next = .template(value)
            case "--check": next = .check(value)
            case "--preset":
                guard TenantPreset.names.contains(value) || value.contains("/") || value.hasSuffix(".json") else {
                    throw UsageError("--preset \(value): unknown preset; use one of \(TenantPreset.names.joined(separator: ", ")), or a policy file path.")
                }
                preset = value
                continue
            case "--sign-up-attributes":
                attributes = try SignUpAttributesFile.load(value, readFile: readFile)
                continue
            default: throw UsageError("unknown argument \(given.spelling); see tophhie enrol --help.")
            }
            guard task == nil else { throw UsageError("enrol takes one of --template FILE and --check FILE.") }
            task = next
        }
        guard let task else { throw UsageError("enrol needs --template FILE or --check FILE; see tophhie enrol --help.") }
        if preset != nil, attributes != nil {
            throw UsageError("--preset and --sign-up-attributes both name the form; give one.")
        }
        return .enrol(EnrolOptions(task: task, preset: preset ?? TenantPreset.defaultName, signUpAttributes: attributes))
    }

    /// `record verify FILE`.
    func parseRecord(_ scanned: ScannedArguments) throws -> Invocation {
        guard scanned.operands.count == 2, scanned.operands[0] == "verify" else {
            throw UsageError("record takes verify FILE; see tophhie record --help.")
        }
        return .recordVerify(path: scanned.operands[1])
    }
}
