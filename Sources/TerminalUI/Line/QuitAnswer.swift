/// Line mode's way out, the same at every prompt (a choice, a text field, a password, a long list's filter):
/// the answer `quit`, alone and in any case. A value that is the word itself is typed with a backslash before it
/// (`\quit`), as a shell escapes a word it must not read.
public enum QuitAnswer {
    /// The word that leaves.
    public static let word = "quit"

    /// Whether `answer` is the word that leaves: nothing else on the line but spaces.
    public static func isQuit(_ answer: String) -> Bool {
        answer.trimmingSpaces.lowercased() == word
    }

    /// The value `answer` stands for: `\quit` (any case) is the text without its backslash, anything else as typed.
    public static func value(_ answer: String) -> String {
        let trimmed = answer.trimmingSpaces
        guard trimmed.first == "\\", trimmed.dropFirst().lowercased() == word else { return answer }
        return String(trimmed.dropFirst())
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (how line mode reads an answer).
    var trimmingSpaces: String {
        var trimmed = Substring(self)
        while trimmed.first == " " || trimmed.first == "\t" { trimmed.removeFirst() }
        while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
        return String(trimmed)
    }
}
