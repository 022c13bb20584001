import CommandGrammar
import ConsoleCommandLine
import TophhieCloudAuthentication
import Foundation
import Testing

@Suite struct InvocationParserTests {
    let profiles = #"{"profiles":{"staging":{"authority":"https://contoso.ciamlogin.com/5f1c9a42","clientId":"from-profile","capabilities":["mfa_required"]}}}"#

    func parser(_ environment: [String: String] = [:]) -> InvocationParser {
        InvocationParser(environment: environment.merging(["XDG_CONFIG_HOME": "/cfg"]) { $1 }) { path in
            path == "/cfg/tophhie/profiles.json" ? Data(profiles.utf8) : nil
        }
    }

    /// Field case 011 (docs/field-cases.md) against a real tenant: the console cannot read the user flow, so the operator names its attributes.
    @Test func signUpAttributesComeFromAFile() throws {
        let file = #"[{"name": "givenName", "label": "First name"}, {"name": "surname", "required": true, "regex": "^.{1,64}$"}]"#
        let parser = InvocationParser(environment: [:]) { path in
            switch path {
            case "/cfg/attributes.json": Data(file.utf8)
            case "/cfg/broken.json": Data(#"{"name": "givenName"}"#.utf8)
            default: nil
            }
        }
        let base = ["console", "--authority", "https://contoso.ciamlogin.com/5f1c9a42", "--client-id", "c"]
        guard case .console(_, let options) = try parser.parse(base + ["--sign-up-attributes", "/cfg/attributes.json"]) else {
            Issue.record("not a console invocation")
            return
        }
        #expect(options.signUpAttributes == [
            RequiredAttribute(name: "givenName", type: "string", required: false, regex: nil, label: "First name"),
            RequiredAttribute(name: "surname", type: "string", required: true, regex: "^.{1,64}$"),
        ])
        #expect(throws: UsageError("--sign-up-attributes /cfg/broken.json: not a JSON array of attributes "
            + #"([{"name": …, "type"?, "required"?, "regex"?, "label"?}])."#)) {
            try parser.parse(base + ["--sign-up-attributes", "/cfg/broken.json"])
        }
        #expect(throws: UsageError("--sign-up-attributes /nope.json: no readable file there.")) {
            try parser.parse(base + ["--sign-up-attributes", "/nope.json"])
        }
    }

    @Test func noArgumentsIsTheEmbeddedDefaultPreset() throws {
        #expect(try parser().parse([]) == .embedded(preset: "email-password", options: ConsoleOptions()))
    }

    @Test func embeddedOptions() throws {
        var options = ConsoleOptions()
        options.lineMode = true
        options.harPath = "/tmp/s.har"
        #expect(try parser().parse(["--preset", "mfa", "--line", "--har", "/tmp/s.har"]) == .embedded(preset: "mfa", options: options))
        #expect(throws: UsageError("--preset nope: unknown preset; use one of email-password, email-otp, mfa, attributes, strict, or a policy file path.")) {
            try parser().parse(["--preset", "nope"])
        }
    }

    /// An enrolment desk writes no HAR (its exchanges are people's data): `--har` with `--enrol` is refused in either
    /// console, in either order, while an operator's session keeps it.
    @Test func deskRefusesHAR() throws {
        let refusal = UsageError("--har s.har: the enrolment desk writes no HAR (its exchanges are people's data); leave out --har or --enrol.")
        #expect(throws: refusal) { try parser().parse(["--enrol", "--har", "s.har"]) }
        #expect(throws: refusal) { try parser().parse(["console", "--har", "s.har", "--enroll", "--authority", "https://c.ciamlogin.com/t", "--client-id", "x"]) }
        var options = ConsoleOptions()
        options.harPath = "s.har"
        #expect(try parser().parse(["--har", "s.har"]) == .embedded(preset: "email-password", options: options))
    }

    /// Every console option that names a mode is refused, with its own words, in the other mode.
    @Test func modesComeFromTheCommandTable() throws {
        for option in CommandTable.embedded.options {
            let line = [option.name] + (option.value.map { _ in ["30"] } ?? [])
            switch option.mode {
            case .any: continue
            case .deskOnly(let why): #expect(throws: UsageError(why)) { try parser().parse(line) }
            case .notAtDesk(let why):
                #expect(throws: UsageError(why.replacingOccurrences(of: "%", with: "30"))) { try parser().parse(["--enrol"] + line) }
            }
        }
    }

    /// Issue 14: `--idle-reset SECONDS` sets enrolment mode's idle time, and only with `--enrol`.
    @Test func idleResetGoesWithEnrolment() throws {
        var options = ConsoleOptions()
        options.enrol = true
        options.idleReset = 30
        #expect(try parser().parse(["--idle-reset", "30", "--enrol"]) == .embedded(preset: "email-password", options: options))
        #expect(throws: UsageError("--idle-reset clears the screen between people in enrolment mode; add --enrol.")) {
            try parser().parse(["--idle-reset", "30"])
        }
        #expect(throws: UsageError("--idle-reset 0: use a whole number from 1 to 86400.")) {
            try parser().parse(["--enrol", "--idle-reset", "0"])
        }
    }

    @Test func presetMayBeAPolicyFileAndThePortIsChosen() throws {
        var options = ConsoleOptions()
        options.emulatorPort = 8443
        #expect(try parser().parse(["--preset", "Policies/narrow.json", "--port", "8443"])
            == .embedded(preset: "Policies/narrow.json", options: options))
        #expect(try parser().parse(["--preset", "/tmp/policy"]) == .embedded(preset: "/tmp/policy", options: ConsoleOptions()))
        #expect(try parser().parse(["--port", "0"]) == .embedded(preset: "email-password", options: ConsoleOptions()))
        #expect(throws: UsageError("--port 70000: use a port number from 0 to 65535 (0 takes any free port).")) {
            try parser().parse(["--port", "70000"])
        }
        #expect(throws: UsageError("--port needs a value.")) { try parser().parse(["--port"]) }
        // The port belongs to the embedded emulator; the console against a tenant does not take it.
        #expect(throws: UsageError("unknown argument --port; see tophhie console --help.")) {
            try parser().parse(["console", "--authority", "https://a.b/t", "--client-id", "x", "--port", "1"])
        }
    }

    @Test func flagsWinOverEnvironmentWhichWinsOverTheProfile() throws {
        let environment = ["TOPHHIE_CLIENT_ID": "from-env"]
        guard case .console(let target, _) = try parser(environment).parse(["console", "--profile", "staging"]) else {
            Issue.record("not console"); return
        }
        #expect(target.clientID == "from-env")
        #expect(target.authority.absoluteString == "https://contoso.ciamlogin.com/5f1c9a42")
        #expect(target.capabilities == ["mfa_required"])
        guard case .console(let flagged, _) = try parser(environment).parse(
            ["console", "--profile", "staging", "--client-id", "from-flag", "--capabilities", "registration_required"]) else {
            Issue.record("not console"); return
        }
        #expect(flagged.clientID == "from-flag")
        #expect(flagged.capabilities == ["registration_required"])
    }

    /// Field case 025 (docs/field-cases.md): flags, the environment and profiles go through the one authority parser.
    @Test func everyAuthoritySourceIsParsedTheSameWay() throws {
        guard case .console(let completed, _) = try parser(["TOPHHIE_AUTHORITY": "https://contoso.ciamlogin.com/"])
            .parse(["console", "--client-id", "x"]) else { Issue.record("not console"); return }
        #expect(completed.authority.absoluteString == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")
        #expect(completed.authorityNote != nil)
        guard case .console(let hinted, _) = try parser().parse(
            ["console", "--authority", "https://contoso.ciamlogin.com/5f1c9a42?dc=ESTS-PUB-WEULR1", "--client-id", "x"]) else {
            Issue.record("not console"); return
        }
        #expect(hinted.authority.absoluteString == "https://contoso.ciamlogin.com/5f1c9a42?dc=ESTS-PUB-WEULR1")
        #expect(hinted.authorityNote == nil)
        #expect(throws: UsageError("The authority https://login.contoso.com/ has no tenant path. Use one of: \(Authority.acceptedShapes).")) {
            try parser().parse(["console", "--authority", "https://login.contoso.com/", "--client-id", "x"])
        }
    }

    /// No authority is the same usage error (exit 2) for every command that talks to a tenant, `sign-out` too, as
    /// the exit-code table in docs/usage.md says.
    @Test(arguments: [["sign-out"], ["token"], ["history"], ["console", "--client-id", "x"]])
    func noAuthorityIsAUsageErrorForEveryTenantCommand(_ line: [String]) {
        #expect(throws: UsageError("no authority: pass --authority URL, set TOPHHIE_AUTHORITY, or use --profile NAME.")) {
            try parser().parse(line)
        }
    }

    @Test func consoleUsageErrorsNameWhatIsMissing() {
        #expect(throws: UsageError("no authority: pass --authority URL, set TOPHHIE_AUTHORITY, or use --profile NAME.")) {
            try parser().parse(["console", "--client-id", "x"])
        }
        #expect(throws: UsageError("--capabilities mfa: not allowed; use mfa_required, registration_required.")) {
            try parser().parse(["console", "--authority", "https://a.b/t", "--client-id", "x", "--capabilities", "mfa"])
        }
        #expect(throws: UsageError("--profile prod: not in /cfg/tophhie/profiles.json; it has staging.")) {
            try parser().parse(["console", "--profile", "prod"])
        }
        #expect(throws: UsageError("The authority ftp://x/y must be an https URL, not ftp. Use one of: \(Authority.acceptedShapes).")) {
            try parser().parse(["console", "--authority", "ftp://x/y", "--client-id", "x"])
        }
    }

    @Test func helpAndVersionEverywhere() throws {
        #expect(try parser().parse(["--help"]) == .help(topic: .main))
        #expect(try parser().parse(["console", "--help"]) == .help(topic: .console))
        #expect(try parser().parse(["emulator", "-h"]) == .emulator(arguments: ["-h"]))
        #expect(try parser().parse(["--version"]) == .version)
        #expect(try parser().parse(["emulator", "--port", "0"]) == .emulator(arguments: ["--port", "0"]))
    }
}
