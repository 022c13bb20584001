/// One option of a `tophhie` command, as the parsers, `--help`, the completion scripts and the man page
/// all read it.
public struct OptionSpec: Equatable, Sendable {
    /// The spellings, canonical first (`["--enrol", "--enroll"]`).
    public let names: [String]
    /// The value's placeholder in usage text (`FILE`, `N`); nil for a flag that takes no value.
    public let value: String?
    /// What a shell offers for the value.
    public let completion: ValueCompletion
    /// What it does, one paragraph; wrapped by the renderers.
    public let help: String
    /// Left out of help, completions and the man page (the start-up benchmark's flag).
    public let hidden: Bool
    /// Which console mode takes it; the console's parser derives its refusals from this.
    public let mode: ConsoleMode

    /// - Parameters:
    ///   - names: spellings, canonical first.
    ///   - value: placeholder of the value, nil for a flag.
    ///   - completion: what a shell offers for the value (`.none` for a flag).
    ///   - help: one paragraph.
    ///   - hidden: true to leave it out of every listing.
    ///   - mode: which console mode takes it (``ConsoleMode/any`` for every other command).
    public init(_ names: [String], value: String? = nil, completion: ValueCompletion = .none, help: String, hidden: Bool = false,
                mode: ConsoleMode = .any) {
        self.names = names
        self.value = value
        self.completion = completion
        self.help = help
        self.hidden = hidden
        self.mode = mode
    }

    /// The refusal of this option as given (`value`) in a console whose enrolment mode is `enrol`; nil when it is taken.
    public func refusal(value: String?, enrol: Bool) -> String? {
        switch mode {
        case .any: nil
        case .deskOnly(let why): enrol ? nil : why
        case .notAtDesk(let why): enrol ? why.split(separator: "%", omittingEmptySubsequences: false).joined(separator: value ?? "") : nil
        }
    }

    /// The canonical spelling.
    public var name: String { names[0] }

    /// `--port N` or `--line`: how usage text shows it.
    public var synopsis: String { value.map { "\(name) \($0)" } ?? name }
}

/// Which console mode takes an option: both (and every command without an enrolment mode), only the enrolment desk
/// (`--enrol`), or only an operator's session; with the refusal in the other mode (`%` stands for the value given).
public enum ConsoleMode: Equatable, Sendable {
    case any, deskOnly(String), notAtDesk(String)
}

/// What a shell completes as an option's value or a command's operand.
public enum ValueCompletion: Equatable, Sendable {
    /// Nothing (a flag, or free text).
    case none
    /// A file path.
    case file
    /// A folder path.
    case directory
    /// A preset name of the embedded emulator, or a policy file path.
    case presetOrFile
    /// A profile name from the profiles file, read when the shell completes.
    case profile
    /// One of these words.
    case words([String])
    /// `exit-codes` or a command's word, read from the table when the script is made (`help TOPIC`).
    case helpTopic
    /// One of these words, then file paths: a subcommand that takes files (`tenant diff A B`, `record verify FILE`).
    case wordThenFiles([String])
    /// Several of these words, separated by commas (`--capabilities mfa_required,registration_required`).
    case commaList([String])
}
