/// `--help` text rendered from ``CommandTable``: usage lines, options with their help wrapped beside
/// them, then the command's notes.
public enum HelpRenderer {
    /// Text width of the help (an 80-column terminal, with a margin).
    static let width = 80
    /// Column where an option's help starts.
    static let helpColumn = 24

    /// `tophhie --help`: every command with its summary, then the embedded console's options.
    public static func main() -> String {
        var lines = ["tophhie: account console for Entra External ID native authentication", "", "Usage:"]
        let embedded = CommandTable.embedded
        lines += embedded.usage.map(usageLine)
        lines += CommandTable.namedCommands.flatMap { $0.usage.map(usageLine) }
        lines += ["  tophhie --version | --help | COMMAND --help", "", "Commands:"]
        lines += CommandTable.namedCommands.flatMap { entry("  \($0.name)", $0.summary) }
        lines += ["", "Options of the console on the embedded emulator (tophhie console takes the console ones too):"]
        lines += embedded.visibleOptions.flatMap(optionLines)
        lines += ["", exitCodeLine]
        return lines.joined(separator: "\n")
    }

    /// `tophhie COMMAND --help`.
    public static func text(for command: CommandSpec) -> String {
        var lines = ["tophhie \(command.name): \(command.summary)", "", "Usage:"]
        lines += command.usage.map(usageLine)
        if !command.visibleOptions.isEmpty {
            lines += ["", "Options:"]
            lines += command.visibleOptions.flatMap(optionLines)
        }
        for note in command.notes {
            lines += [""] + wrap(note, width: width)
        }
        lines += ["", exitCodeLine]
        return lines.joined(separator: "\n")
    }

    /// `tophhie help exit-codes`: the table of ``ExitStatus``.
    public static func exitCodes() -> String {
        (["tophhie exit codes (every command):", ""] + ExitStatus.allCases.map { code in
            let number = String(code.rawValue)
            return "  " + number + String(repeating: " ", count: 5 - number.count) + code.meaning
        }).joined(separator: "\n")
    }

    /// A usage line under `Usage:`; one that starts with spaces continues the line before it.
    static func usageLine(_ usage: String) -> String {
        usage.hasPrefix(" ") ? "          " + usage : "  tophhie " + usage
    }

    /// `Exit codes: 0 done, 1 failed, …, 129/130/143 interrupted (tophhie help exit-codes).`, from ``ExitStatus``:
    /// codes of one brief share an entry.
    static let exitCodeLine: String = {
        var entries: [(codes: [Int32], brief: String)] = []
        for status in ExitStatus.allCases {
            if let index = entries.firstIndex(where: { $0.brief == status.brief }) {
                entries[index].codes.append(status.rawValue)
            } else {
                entries.append(([status.rawValue], status.brief))
            }
        }
        let listed = entries.map { "\($0.codes.map(String.init).joined(separator: "/")) \($0.brief)" }
        return "Exit codes: " + listed.joined(separator: ", ") + " (tophhie help exit-codes)."
    }()

    static func optionLines(_ option: OptionSpec) -> [String] {
        let spellings = ([option.synopsis] + option.names.dropFirst()).joined(separator: ", ")
        return entry("  " + spellings, option.help)
    }

    /// `label` then `text` wrapped in the help column (on the next line when the label is too long).
    static func entry(_ label: String, _ text: String) -> [String] {
        let body = wrap(text, width: width - helpColumn)
        let indent = String(repeating: " ", count: helpColumn)
        guard label.count < helpColumn - 1 else { return [label] + body.map { indent + $0 } }
        let first = label + String(repeating: " ", count: helpColumn - label.count) + (body.first ?? "")
        return [first] + body.dropFirst().map { indent + $0 }
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word gets a line of its own).
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
