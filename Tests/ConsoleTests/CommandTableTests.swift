import AccountFlow
import CommandGrammar
import ConsoleCommandLine
import Foundation
import NativeAuthWire
import Testing

/// One table of commands and options: each parser accepts exactly the table's options, and `--help`
/// lists them, so a new option is one entry in `CommandTable` plus its meaning in the parser.
@Suite struct CommandTableTests {
    private let parser = InvocationParser(environment: ["TOPHHIE_AUTHORITY": "https://contoso.ciamlogin.com/5f1c9a42",
                                                        "TOPHHIE_CLIENT_ID": "c", "XDG_CONFIG_HOME": "/cfg"]) { path in
        switch path {
        case "/cfg/attributes.json": Data("[]".utf8)
        case "/cfg/tophhie/profiles.json": Data(#"{"profiles":{"staging":{"authority":"https://contoso.ciamlogin.com/5f1c9a42","clientId":"s"}}}"#.utf8)
        default: nil
        }
    }

    /// A value each option takes, by name; anything else takes free text.
    private static let samples = [
        "--preset": "mfa", "--port": "8443", "--idle-reset": "30", "--ca-file": "/etc/passwd", "--graph": "https://graph.microsoft.com/v1.0",
        "--sign-up-attributes": "/cfg/attributes.json", "--capabilities": "mfa_required", "--challenge-types": "oob,password",
        "--profile": "staging", "--sign-up": "otp", "--top": "10", "--pages": "2", "--jobs": "2", "--timeout": "30", "--shard": "1/3",
        "--emulator": "mfa", "--scopes": "User.Read", "--output": "md", "--language": "qps", "--authority": "https://contoso.ciamlogin.com/5f1c9a42",
    ]

    /// The lines each command needs besides the option under test (`--durations` only goes with `--shard`, `--idle-reset`, `--record`, `--staff` and
    /// `--queue` only go with `--enrol`, `--staff` with `--record` too, `--report` with `--queue`, `--token-cache`
    /// never does, and `run --compare` needs `--account`).
    private static func required(_ command: String, for option: String) -> [String] {
        switch (command, option) {
        case ("history", _): ["--user", "someone@contoso.com"]
        case ("run", "--durations"): ["a.json", "--shard", "1/2"]
        case ("run", "--compare"): ["a.json", "--account", "ops@contoso.com"]
        case ("run", _): ["a.json"]
        case (_, "--staff"): ["--enrol", "--record", "enrolment.jsonl"]
        case (_, "--idle-reset"), (_, "--record"), (_, "--queue"): ["--enrol"]
        case (_, "--report"): ["--enrol", "--queue", "people.csv"]
        case (_, "--event"): ["--enrol", "--queue", "postgresql://desk@db.example.com/intake"]
        default: []
        }
    }

    @Test(arguments: ["", "console", "token", "accounts", "sign-out", "history", "run", "doctor"])
    func everyOptionInTheTableIsOneTheParserTakes(name: String) throws {
        let command = try #require(name.isEmpty ? CommandTable.embedded.spec : CommandTable.command(name))
        for option in command.options {
            for spelling in option.names {
                var line = command.name.isEmpty ? [] : [command.name]
                line += Self.required(command.name, for: option.name)
                line.append(spelling)
                if option.value != nil { line.append(Self.samples[option.name] ?? "x") }
                #expect(throws: Never.self, "\(line)") { try parser.parse(line) }
            }
        }
    }

    /// A language without a catalogue is refused with the ones there are, not shown in English unannounced.
    @Test func aLanguageWithoutACatalogueIsRefused() throws {
        let refusal = #expect(throws: UsageError.self) { try parser.parse(["--language", "xx"]) }
        #expect(refusal?.message == "--language: no catalogue for “xx”; the languages are de, en, es, fr, pl, pt-BR, qps.")
        #expect(throws: Never.self) { try parser.parse(["--language", "en-GB"]) }
    }

    @Test func anOptionOutsideItsCommandsTableIsRefused() {
        #expect(throws: UsageError("unknown argument --scopes; see tophhie accounts --help.")) {
            try parser.parse(["accounts", "--scopes", "User.Read"])
        }
        #expect(throws: UsageError("unknown argument --sign-up; see tophhie --help.")) { try parser.parse(["--sign-up", "otp"]) }
    }

    /// A new user typed `tophhie enrol people.csv` to start a desk: the refusal and `enrol --help` name the command that does.
    @Test func aListGivenToEnrolIsPointedToTheDesk() {
        #expect(throws: UsageError("unknown argument people.csv; to run a desk on this list: tophhie --enrol --queue people.csv; "
                                   + "to check it: tophhie enrol --check people.csv.")) { try parser.parse(["enrol", "people.csv"]) }
        #expect(throws: UsageError("unknown argument notes.txt; see tophhie enrol --help.")) { try parser.parse(["enrol", "notes.txt"]) }
        #expect(HelpText.text(.command("enrol")).contains("tophhie --enrol --queue FILE.csv"))
        // Both flags it names are ones their commands take.
        #expect(throws: Never.self) { try parser.parse(["--enrol", "--queue", "people.csv"]) }
        #expect(throws: Never.self) { try parser.parse(["enrol", "--check", "people.csv"]) }
    }

    /// A shell it writes no script for is named as such, not taken for a missing one.
    @Test func completionNamesAShellItHasNoScriptFor() {
        #expect(throws: UsageError("no script for tcsh; use bash, zsh or fish.")) { try parser.parse(["completion", "tcsh"]) }
        #expect(throws: UsageError("completion needs one shell: bash, zsh or fish.")) { try parser.parse(["completion"]) }
    }

    @Test func helpListsEveryCommandAndEveryVisibleOption() {
        let main = HelpText.text(.main)
        for command in CommandTable.namedCommands {
            #expect(main.contains("  \(command.name) "), "\(command.name)")
            let help = HelpText.text(.command(command.name))
            for option in command.visibleOptions {
                #expect(help.contains(option.name), "\(command.name) \(option.name)")
            }
        }
        #expect(!main.contains("--exit-after-first-frame"))
        #expect(!main.contains("__complete"))
    }

    /// The launcher cannot import the wire vocabulary (it reads the table before Foundation is loaded), so the
    /// command line spells its words again: they must be the step catalogue's, or `--capabilities` would refuse a
    /// capability the console renders (or offer one it does not) and completion would offer the wrong words.
    @Test func capabilityAndChallengeTypeWordsAreTheCatalogues() {
        #expect(CommandTable.capabilityNames == ServerStep.capabilities.map(\.wireValue))
        let challengeTypes = ServerStep.allCases.compactMap { step -> String? in
            if case .challenge(let type) = step.declaration.ask { type.wireValue } else { nil }
        }
        #expect(CommandTable.challengeTypeNames == Set(challengeTypes).sorted())
    }

    @Test func versionNeedsAnOtherwiseValidLine() throws {
        #expect(try parser.parse(["--version"]) == .version)
        #expect(try parser.parse(["run", "a.json", "--version"]) == .version)
        #expect(throws: UsageError("unknown argument --bogus; see tophhie --help.")) { try parser.parse(["--version", "--bogus"]) }
    }

    @Test func helpTopics() throws {
        #expect(try parser.parse(["help"]) == .help(topic: .main))
        #expect(try parser.parse(["help", "exit-codes"]) == .help(topic: .exitCodes))
        #expect(try parser.parse(["help", "run"]) == .help(topic: .run))
        #expect(try parser.parse(["history", "--help"]) == .help(topic: .command("history")))
        #expect(throws: UsageError.self) { try parser.parse(["help", "nope"]) }
        #expect(HelpText.text(.exitCodes).contains("4    a sign-in is needed"))
    }
}
