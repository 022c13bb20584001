/// A report `tophhie run merge` cannot read back: what is wrong with it, in a few words.
struct UnreadableReport: Error, Equatable, CustomStringConvertible {
    var description: String
}
