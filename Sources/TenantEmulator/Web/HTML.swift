import Foundation

/// HTML text helpers for the emulator's browser pages.
enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so any text from a request is inert in element content and in
    /// double- or single-quoted attribute values (OWASP XSS cheat sheet, rule 1 and 2).
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
