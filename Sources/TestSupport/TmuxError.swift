/// Why a ``TmuxSession`` could not start.
public enum TmuxError: Error, CustomStringConvertible {
    case failed(String)

    public var description: String {
        switch self {
        case .failed(let output): return "tmux failed: \(output)"
        }
    }
}
