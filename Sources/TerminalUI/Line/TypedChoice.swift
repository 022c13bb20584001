/// What a line-mode answer names among numbered choices: its number, its whole label, or the start of one
/// label (any case). A start shared by several labels names none of them: they are listed and asked again,
/// never one picked silently.
public enum TypedChoice: Hashable, Sendable {
    /// An empty answer: the default stays.
    case empty
    /// The choice at this index (0-based).
    case picked(Int)
    /// The answer starts several labels, at these indices.
    case ambiguous([Int])
    /// No number, label or start of one.
    case unknown

    /// Reads `answer` against `labels` (as shown, numbered from 1). A whole label wins over longer ones it starts
    /// ("Sign in" beside "Sign in with browser").
    public init(_ answer: String, labels: [String]) {
        let typed = answer.lowercased().trimmingSpaces
        let lowered = labels.map { $0.lowercased() }
        if typed.isEmpty {
            self = .empty
        } else if let number = Int(typed) {
            self = labels.indices.contains(number - 1) ? .picked(number - 1) : .unknown
        } else if let whole = lowered.firstIndex(of: typed) {
            self = .picked(whole)
        } else {
            let starting = lowered.indices.filter { lowered[$0].hasPrefix(typed) }
            self = switch starting.count {
            case 0: .unknown
            case 1: .picked(starting[0])
            default: .ambiguous(starting)
            }
        }
    }
}
