import CommandGrammar

/// The text of `--help` for each topic, and `--version`; rendered from `CommandTable`.
public enum HelpText {
    /// What `--version` prints; also the HAR log's creator version.
    public static let version = "tophhie 0.1.0"

    /// The usage text `--help` prints for `topic`.
    public static func text(_ topic: HelpTopic) -> String {
        switch topic {
        case .main: HelpRenderer.main()
        case .exitCodes: HelpRenderer.exitCodes()
        case .command(let name): CommandTable.command(name).map(HelpRenderer.text(for:)) ?? HelpRenderer.main()
        }
    }
}
