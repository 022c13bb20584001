import CommandGrammar
import Foundation
import TenantEmulator

/// `tophhie completion bash|zsh|fish`: a completion script generated from `CommandTable`, so every command,
/// option, preset name and profile name completes. Profile names are read when the shell completes
/// (`tophhie __complete profiles`), so a profile added later completes without a new script.
public enum CompletionScript {
    /// The script for `shell`, for `source` (bash), `fpath` (zsh) or `~/.config/fish/completions` (fish).
    public static func text(_ shell: CompletionShell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// The words the embedded emulator accepts as a preset (a policy file path completes as a file).
    static var presets: String { TenantPreset.names.joined(separator: " ") }

    static var commandNames: String { CommandTable.namedCommands.map(\.name).joined(separator: " ") }

    /// Options with a value, grouped by what completes there: `command:--option` patterns per kind.
    static func valuePatterns(where matches: (ValueCompletion) -> Bool) -> [String] {
        CommandTable.commands.filter { !$0.hidden }.flatMap { command in
            command.visibleOptions.filter { $0.value != nil && matches($0.completion) }
                .flatMap { option in option.names.map { "\"\(command.name):\($0)\"" } }
        }
    }

    /// Every distinct word list of `.words` and `.commaList` options, with the patterns that use it.
    static func wordPatterns() -> [(words: [String], commaList: Bool, patterns: [String])] {
        var groups: [(words: [String], commaList: Bool, patterns: [String])] = []
        for command in CommandTable.commands where !command.hidden {
            for option in command.visibleOptions {
                let words: [String], commaList: Bool
                switch option.completion {
                case .words(let list): (words, commaList) = (list, false)
                case .commaList(let list): (words, commaList) = (list, true)
                case .none, .file, .directory, .presetOrFile, .profile, .wordThenFiles, .helpTopic: continue
                }
                let patterns = option.names.map { "\"\(command.name):\($0)\"" }
                if let index = groups.firstIndex(where: { $0.words == words && $0.commaList == commaList }) {
                    groups[index].patterns += patterns
                } else {
                    groups.append((words, commaList, patterns))
                }
            }
        }
        return groups
    }

    /// One arm of a shell `case` (zsh's patterns in parentheses); nothing when no option matches.
    static func arm(_ patterns: [String], _ body: String, zsh: Bool = false) -> [String] {
        guard !patterns.isEmpty else { return [] }
        let joined = patterns.joined(separator: "|")
        return ["        " + (zsh ? "(\(joined))" : "\(joined))"), "            " + body]
    }

    static func optionWords(_ command: CommandSpec) -> String {
        command.visibleOptions.flatMap(\.names).joined(separator: " ")
    }

    /// The words a command's first operand completes to (its only operand, or the subcommand before its files).
    static func operandWords(_ command: CommandSpec) -> String? {
        switch command.operandCompletion {
        case .words(let words), .wordThenFiles(let words): words.joined(separator: " ")
        case .helpTopic: (["exit-codes"] + CommandTable.namedCommands.map(\.name)).joined(separator: " ")
        case .none, .file, .directory, .presetOrFile, .profile, .commaList: nil
        }
    }

    /// Whether the operands after the first word are files (`tenant diff A B`, `record verify FILE`).
    static func filesAfterWord(_ command: CommandSpec) -> Bool {
        if case .wordThenFiles = command.operandCompletion { return true }
        return false
    }

    /// bash's and zsh's arms of `case $command`: option names after `-`, else what the command's operand takes.
    /// `label` opens a command's arm, `atOperand(n)` tests that the word is operand `n` (the command word is 1 on
    /// the embedded console's line), `offer` completes a list of words, `files` completes file names.
    static func commandArms(label: (String) -> String, atOperand: (Int) -> String, offer: (String) -> String, files: String) -> [String] {
        CommandTable.commands.filter { !$0.hidden }.flatMap { command in
            var lines = [label(command.name), "            if [[ $cur == -* ]]; then", "                " + offer("\(optionWords(command)) --help")]
            if command.name.isEmpty {
                lines += ["            elif \(atOperand(1)); then", "                " + offer(commandNames)]
            } else if let words = operandWords(command), filesAfterWord(command) {
                lines += ["            elif \(atOperand(2)); then", "                " + offer(words), "            else", "                " + files]
            } else if let words = operandWords(command) {
                lines += ["            else", "                " + offer(words)]
            } else if command.operandCompletion == .file {
                lines += ["            else", "                " + files]
            }
            return lines + ["            fi ;;"]
        }
    }

    // MARK: bash

    static func bash() -> String {
        var lines = [
            "# bash completion for tophhie, generated by `tophhie completion bash` from its table of commands.",
            "_tophhie() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" command=\"\"",
            "    ((COMP_CWORD > 0)) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    case \"${COMP_WORDS[1]}\" in",
            "        \(CommandTable.namedCommands.map(\.name).joined(separator: "|"))) ((COMP_CWORD > 1)) && command=\"${COMP_WORDS[1]}\" ;;",
            "    esac",
            "    local prefix=\"\" item=\"$cur\"",
            "    case \"$command:$prev\" in",
        ]
        lines += arm(valuePatterns { $0 == .presetOrFile }, "COMPREPLY=($(compgen -W \"\(presets)\" -- \"$cur\") $(compgen -f -- \"$cur\")); return 0 ;;")
        lines += arm(valuePatterns { $0 == .profile },
                     "COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" __complete profiles 2>/dev/null)\" -- \"$cur\")); return 0 ;;")
        lines += arm(valuePatterns { $0 == .file }, "COMPREPLY=($(compgen -f -- \"$cur\")); return 0 ;;")
        lines += arm(valuePatterns { $0 == .directory }, "COMPREPLY=($(compgen -d -- \"$cur\")); return 0 ;;")
        for group in wordPatterns() {
            // A comma list completes its last item: `--capabilities mfa_required,reg` → `…,registration_required`.
            lines.append("        \(group.patterns.joined(separator: "|")))")
            if group.commaList {
                lines.append("            [[ $cur == *,* ]] && prefix=\"${cur%,*},\" && item=\"${cur##*,}\"")
            }
            lines.append("            COMPREPLY=($(compgen -P \"$prefix\" -W \"\(group.words.joined(separator: " "))\" -- \"$item\")); return 0 ;;")
        }
        lines += arm(valuePatterns { $0 == .none }, "COMPREPLY=(); return 0 ;;")
        lines += ["    esac", "    case \"$command\" in"]
        lines += commandArms(label: { "        \($0.isEmpty ? "\"\"" : $0))" }, atOperand: { "((COMP_CWORD == \($0)))" },
                             offer: { "COMPREPLY=($(compgen -W \"\($0)\" -- \"$cur\"))" }, files: "COMPREPLY=($(compgen -f -- \"$cur\"))")
        lines += ["    esac", "    return 0", "}", "complete -o filenames -F _tophhie tophhie", ""]
        return lines.joined(separator: "\n")
    }

    // MARK: zsh

    static func zsh() -> String {
        var lines = [
            "#compdef tophhie",
            "# zsh completion for tophhie, generated by `tophhie completion zsh` from its table of commands.",
            "_tophhie() {",
            "    local cur=${words[CURRENT]} prev=${words[CURRENT-1]} command=\"\"",
            "    case ${words[2]} in",
            "        (\(CommandTable.namedCommands.map(\.name).joined(separator: "|"))) (( CURRENT > 2 )) && command=${words[2]} ;;",
            "    esac",
            "    case \"$command:$prev\" in",
        ]
        lines += arm(valuePatterns { $0 == .presetOrFile }, "compadd -- \(presets); _files; return ;;", zsh: true)
        lines += arm(valuePatterns { $0 == .profile }, "compadd -- ${(f)\"$(${words[1]} __complete profiles 2>/dev/null)\"}; return ;;", zsh: true)
        lines += arm(valuePatterns { $0 == .file }, "_files; return ;;", zsh: true)
        lines += arm(valuePatterns { $0 == .directory }, "_files -/; return ;;", zsh: true)
        for group in wordPatterns() {
            lines.append("        (\(group.patterns.joined(separator: "|")))")
            let words = group.words.joined(separator: " ")
            lines.append(group.commaList ? "            _sequence compadd - \(words); return ;;" : "            compadd -- \(words); return ;;")
        }
        lines += arm(valuePatterns { $0 == .none }, "return ;;", zsh: true)
        lines += ["    esac", "    case $command in"]
        lines += commandArms(label: { "        (\($0.isEmpty ? "''" : $0))" }, atOperand: { "(( CURRENT == \($0 + 1) ))" },
                             offer: { "compadd -- \($0)" }, files: "_files")
        lines += ["    esac", "}", "",
                  "if [[ ${funcstack[1]} == _tophhie ]]; then _tophhie \"$@\"; else compdef _tophhie tophhie; fi", ""]
        return lines.joined(separator: "\n")
    }

    // MARK: fish

    static func fish() -> String {
        var lines = [
            "# fish completion for tophhie, generated by `tophhie completion fish` from its table of commands.",
            "function __tophhie_command --description 'the command word of the line, empty for the embedded console'",
            "    set -l words (commandline -opc)",
            "    if test (count $words) -ge 2; and contains -- $words[2] \(commandNames)",
            "        echo $words[2]",
            "    end",
            "end",
            "function __tophhie_is --argument-names name",
            "    test \"$(__tophhie_command)\" = \"$name\"",
            "end",
            "complete -c tophhie -f",
            "complete -c tophhie -n 'test (count (commandline -opc)) -eq 1' -a '\(commandNames)'",
        ]
        for command in CommandTable.namedCommands {
            lines.append("complete -c tophhie -n 'test (count (commandline -opc)) -eq 1' -a \(command.name) -d \(fishQuoted(command.summary))")
        }
        for command in CommandTable.commands where !command.hidden {
            let condition = "-n '__tophhie_is \(command.name)'"
            for option in command.visibleOptions {
                for name in option.names {
                    var line = "complete -c tophhie \(condition) -l \(name.dropFirst(2))"
                    if option.value != nil {
                        line += " -r"
                        switch option.completion {
                        case .file: line += " -F"
                        case .directory: line += " -a '(__fish_complete_directories)'"
                        case .presetOrFile: line += " -F -a '\(presets)'"
                        case .profile: line += " -a '(tophhie __complete profiles 2>/dev/null)'"
                        case .words(let words), .wordThenFiles(let words): line += " -a '\(words.joined(separator: " "))'"
                        case .commaList(let words): line += " -a '(__fish_complete_list , \"printf %s\\\\n \(words.joined(separator: " "))\")'"
                        case .none, .helpTopic: break
                        }
                    }
                    lines.append(line + " -d \(fishQuoted(firstSentence(option.help)))")
                }
            }
            if let words = operandWords(command), filesAfterWord(command) {
                lines.append("complete -c tophhie -n '__tophhie_is \(command.name); and test (count (commandline -opc)) -eq 2' -a '\(words)'")
                lines.append("complete -c tophhie -n '__tophhie_is \(command.name); and test (count (commandline -opc)) -ge 3' -F")
            } else if let words = operandWords(command) {
                lines.append("complete -c tophhie \(condition) -a '\(words)'")
            } else if command.operandCompletion == .file {
                lines.append("complete -c tophhie \(condition) -F")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The help up to its first `;`, `:` or `(`, short enough for a completion menu.
    static func firstSentence(_ help: String) -> String {
        var sentence = help[..<(help.firstIndex { ";:(".contains($0) } ?? help.endIndex)]
        while let last = sentence.last, ". ".contains(last) { sentence = sentence.dropLast() }
        return String(sentence)
    }

    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
