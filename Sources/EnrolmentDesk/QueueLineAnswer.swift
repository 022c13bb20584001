import EnrolmentFiles

/// An answer at line mode's queue prompt: empty or a number signs up that person of the list shown (the first
/// by default), `a [N]` and `s [N]` mark them absent or skipped, `w` adds a walk-in, `q` quits, anything else
/// narrows the list.
package enum QueueLineAnswer: Equatable {
    /// Sign up the person shown at this index (0-based).
    case seat(Int)
    /// Mark the person shown at this index.
    case mark(Int, RecordOutcome)
    /// Show only people whose name or email holds this text (empty: everyone).
    case filter(String)
    /// Add someone not on the list.
    case walkIn
    case quit

    package init(_ typed: String) {
        let text = typed.trimmingCharacters(in: .whitespaces)
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let index = words.count == 2 ? Int(words[1]).map { $0 - 1 } : (words.count == 1 ? 0 : nil)
        switch words.first?.lowercased() {
        case nil: self = .seat(0)
        case let word? where Int(word) != nil && words.count == 1: self = .seat((Int(word) ?? 1) - 1)
        case "a"? where index != nil: self = .mark(index ?? 0, .absent)
        case "s"? where index != nil: self = .mark(index ?? 0, .skipped)
        case "q"? where words.count == 1, "quit"? where words.count == 1: self = .quit
        case "*"? where words.count == 1: self = .filter("")
        case "w"? where words.count == 1: self = .walkIn
        default: self = .filter(text)
        }
    }
}
