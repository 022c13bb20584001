/// One `tophhie` command: its name, usage, options and notes. ``CommandTable`` holds them all.
public struct CommandSpec: Equatable, Sendable {
    /// The word after `tophhie` (`console`, `run`); empty for the embedded console, which has none.
    public let name: String
    /// One line: what it does.
    public let summary: String
    /// Usage lines without the leading `tophhie` (`console --authority URL …`).
    public let usage: [String]
    /// Its options, in help order.
    public let options: [OptionSpec]
    /// Placeholder of the positional arguments (`FILE...`), nil when it takes none.
    public let operand: String?
    /// What a shell offers for an operand.
    public let operandCompletion: ValueCompletion
    /// Paragraphs printed after the options by `--help` and in the man page.
    public let notes: [String]
    /// Left out of help, completions and the man page (the completion scripts' own helper).
    public let hidden: Bool

    /// Memberwise; see the properties.
    public init(name: String, summary: String, usage: [String], options: [OptionSpec], operand: String? = nil,
                operandCompletion: ValueCompletion = .none, notes: [String] = [], hidden: Bool = false) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options
        self.operand = operand
        self.operandCompletion = operandCompletion
        self.notes = notes
        self.hidden = hidden
    }

    /// The option spelt `spelling` (any of its names), if this command takes it.
    public func option(_ spelling: String) -> OptionSpec? {
        options.first { $0.names.contains(spelling) }
    }

    /// The options a user sees (not hidden).
    public var visibleOptions: [OptionSpec] { options.filter { !$0.hidden } }

    /// Splits `arguments` (after the command word) into options with their values and operands, in order.
    ///
    /// An option's value is the next argument unless it is missing or starts with `--` (so `--har --line`
    /// is a missing value, not a file named `--line`). `--help`/`-h` and `--version` are left to the caller,
    /// which answers them wherever they appear.
    /// - Throws: ``ScanError`` for the first unknown option (or operand where none is taken) or missing value.
    public func scan(_ arguments: [String]) throws(ScanError) -> ScannedArguments {
        var scanned = ScannedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if let option = option(argument) {
                guard option.value != nil else {
                    scanned.options.append(.init(name: option.name, spelling: argument, value: nil))
                    continue
                }
                guard index < arguments.count, !arguments[index].hasPrefix("--") else { throw .missingValue(argument) }
                scanned.options.append(.init(name: option.name, spelling: argument, value: arguments[index]))
                index += 1
            } else if operand != nil, !argument.hasPrefix("-") {
                scanned.operands.append(argument)
            } else {
                throw .unknown(argument)
            }
        }
        return scanned
    }
}
