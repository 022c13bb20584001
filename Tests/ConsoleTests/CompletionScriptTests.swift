@testable import ConsoleCommandLine
import Foundation
import Testing
import TestSupport

/// `tophhie completion bash|zsh|fish`: each shell, running the generated script, offers every command,
/// option, preset and profile name (profiles read from the profiles file when the shell completes).
@Suite(.serialized) struct CompletionScriptTests {
    /// A folder with `tophhie` (the console binary, which answers `__complete`) and a profiles file.
    final class Sandbox {
        let folder = NSTemporaryDirectory() + "tophhie-completion-\(UUID().uuidString)"
        var bin: String { folder + "/bin" }

        init() throws {
            let manager = FileManager.default
            try manager.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try manager.createDirectory(atPath: folder + "/config/tophhie", withIntermediateDirectories: true)
            try manager.createDirectory(atPath: folder + "/reports", withIntermediateDirectories: true)
            try Data(#"{"profiles": {"staging": {"authority": "https://a.example/t"}, "prod-eu": {"authority": "https://b.example/t"}}}"#.utf8)
                .write(to: URL(fileURLWithPath: folder + "/config/tophhie/profiles.json"))
            let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
            let console = runner.appendingPathComponent("tophhie-console").path
            guard manager.isExecutableFile(atPath: console) else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: console]) }
            try manager.createSymbolicLink(atPath: bin + "/tophhie", withDestinationPath: console)
            for shell in CompletionShell.allCases {
                try Data(CompletionScript.text(shell).utf8).write(to: URL(fileURLWithPath: folder + "/completion.\(shell.rawValue)"))
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// Runs `program arguments` with `tophhie` on PATH and the profiles file in XDG_CONFIG_HOME, off the
        /// cooperative pool; returns standard output and error together.
        func run(_ program: String, _ arguments: [String]) async throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.environment = ["PATH": bin + ":/usr/bin:/bin", "XDG_CONFIG_HOME": folder + "/config", "HOME": folder, "TERM": "dumb"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = await pipe.fileHandleForReading.readAll()
            await process.exited()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Each case: the words on the line (the last one being completed), and what must be offered.
    static let cases: [(words: [String], offered: [String])] = [
        (["tophhie", ""], ["console", "emulator", "token", "accounts", "sign-out", "history", "run", "doctor", "help", "completion"]),
        (["tophhie", "--pre"], ["--preset"]),
        (["tophhie", "--preset", ""], ["email-password", "email-otp", "mfa", "attributes", "strict"]),
        (["tophhie", "console", "--pro"], ["--profile"]),
        (["tophhie", "console", "--profile", ""], ["staging", "prod-eu"]),
        (["tophhie", "history", "--capabilities", "mfa_required,reg"], ["mfa_required,registration_required"]),
        (["tophhie", "emulator", "--tenant", "st"], ["strict"]),
        (["tophhie", "completion", ""], ["bash", "zsh", "fish"]),
        (["tophhie", "help", "exit"], ["exit-codes"]),
        // Every command's help is a topic (a hand-written list left out `lookup`).
        (["tophhie", "help", "lo"], ["lookup"]),
        (["tophhie", "run", "--har-dir", "rep"], ["reports"]),
        (["tophhie", "tenant", ""], ["snapshot", "diff"]),
        // After the subcommand, files (a trial found the subcommand words offered again where diff takes two files).
        (["tophhie", "tenant", "diff", "rep"], ["reports"]),
        (["tophhie", "record", "verify", "rep"], ["reports"]),
    ]

    @Test func bashOffersCommandsOptionsPresetsAndProfiles() async throws {
        let sandbox = try Sandbox()
        var script = "source completion.bash\ncomplete -p tophhie\n"
        script += #"comp() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; "#
            + #"COMPREPLY=(); _tophhie; printf '%s\n' "${COMPREPLY[@]}"; echo ---; }"# + "\n"
        for entry in Self.cases {
            script += "comp " + entry.words.map { "'\($0)'" }.joined(separator: " ") + "\n"
        }
        let output = try await sandbox.run("/bin/bash", ["--norc", "--noprofile", "-c", script])
        #expect(output.hasPrefix("complete -o filenames -F _tophhie tophhie"), "\(output)")
        check(output, shell: "bash")
    }

    @Test func zshOffersTheSame() async throws {
        let sandbox = try Sandbox()
        // compsys registers the function; its suggestions are read through stand-ins for compadd and _files.
        var script = """
            autoload -U compinit && compinit -u -d \(sandbox.folder)/zcompdump
            source completion.zsh
            print -r -- "registered: $_comps[tophhie]"
            compadd() { local i; for (( i = 1; i <= $#; i++ )); do [[ ${@[i]} == -- ]] && { print -l -- "${@[i+1,-1]}"; return; }; done; }
            _files() { local f; for f in ${cur}*(N${1:+/}); do print -r -- $f; done; }
            _sequence() { local cur=${cur##*,} prefix=; [[ ${words[CURRENT]} == *,* ]] && prefix=${words[CURRENT]%,*},; shift 2; local w; for w in $@; do [[ $w == ${cur}* ]] && print -r -- $prefix$w; done; }
            comp() { local words=("$@") CURRENT=$#; _tophhie | while read -r w; do [[ $w == ${words[CURRENT]##*,}* || $w == ${words[CURRENT]}* ]] && print -r -- $w; done; print -- ---; }

            """
        for entry in Self.cases {
            script += "comp " + entry.words.map { "'\($0)'" }.joined(separator: " ") + "\n"
        }
        let output = try await sandbox.run("/usr/bin/zsh", ["-f", "-c", script])
        #expect(output.contains("registered: _tophhie"), "\(output)")
        check(output, shell: "zsh")
    }

    @Test func fishOffersTheSame() async throws {
        let sandbox = try Sandbox()
        var script = "source completion.fish\n"
        for entry in Self.cases {
            let line = entry.words.joined(separator: " ")
            script += "complete -C '\(line)'; echo ---\n"
        }
        let output = try await sandbox.run("/usr/bin/fish", ["--no-config", "-c", script])
        check(output, shell: "fish")
    }

    /// Each block between `---` lines holds at least what its case must offer (fish adds a description).
    private func check(_ output: String, shell: String) {
        let blocks = output.components(separatedBy: "---\n").map { block in
            Set(block.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "").trimmingCharacters(in: .whitespaces) })
        }
        for (index, entry) in Self.cases.enumerated() {
            // bash prints `complete -p` first, zsh the registration, in the first block.
            let block = index < blocks.count ? blocks[index] : []
            for word in entry.offered {
                #expect(block.contains(word) || block.contains(word + "/"), "\(shell): \(entry.words) did not offer \(word)\n\(output)")
            }
        }
    }
}
