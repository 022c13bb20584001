/// Why a ``TmuxSession`` could not start.
public enum TmuxError: Error, CustomStringConvertible {
    case notInstalled
    case failed(String)

    public var description: String {
        switch self {
        case .notInstalled: return "tmux is not installed"
        case .failed(let output): return "tmux failed: \(output)"
        }
    }
}
