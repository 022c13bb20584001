import Glibc

/// The process environment as a dictionary, read from `environ` (the launcher has no Foundation).
public enum ProcessEnvironment {
    /// Every `NAME=value` entry; the first of duplicate names wins, as `getenv` answers.
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}
