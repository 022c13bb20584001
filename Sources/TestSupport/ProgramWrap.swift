import Foundation

/// Words put before a program that a tmux test starts, from `TOPHHIE_TEST_WRAP` (e.g. `nice -n 19`): a slowed
/// console shows whether each test waits for the state it needs or only got lucky with timing. Empty when unset.
public enum ProgramWrap {
    /// The variable's value as it is (shell words), or "".
    public static var prefix: String {
        ProcessInfo.processInfo.environment["TOPHHIE_TEST_WRAP"] ?? ""
    }
}
