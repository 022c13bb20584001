import Foundation

/// The command line of a benchmark whose options are all counts (`--runs N`, a whole number above 0), each
/// declared once with its default and meaning, as swift-argument-parser's `@Option` is: they give the usage
/// line, the `--help` text and the parsing.
struct CountOptions {
    struct Option: Hashable {
        let name: String
        let defaultValue: Int
        /// What the number counts, for `--help`.
        let meaning: String
    }

    /// The values given, else each option's default.
    struct Values {
        fileprivate let given: [String: Int]
        subscript(_ option: Option) -> Int { given[option.name] ?? option.defaultValue }
    }

    /// Nothing to measure: `status` 0 after `--help`, 2 after a usage error.
    struct Exit: Error {
        let status: Int32
    }

    /// The command's words, `tophhie-bench token`.
    let command: String
    let options: [Option]

    /// `tophhie-bench token [--runs N (50)]`.
    var usage: String { command + options.map { " [\($0.name) N (\($0.defaultValue))]" }.joined() }

    /// The counts in `arguments`: `--name N` pairs, the last of a repeated option winning.
    /// - Throws: ``Exit`` after printing the help for `--help` or `-h` (0), or after printing on standard error
    ///   the option refused and why, and the usage (2): unknown, without a value, or not a whole number above 0.
    func parse(_ arguments: [String]) throws(Exit) -> Values {
        if arguments == ["--help"] || arguments == ["-h"] {
            print("usage: \(usage)\n" + options.map { "  \($0.name) N  \($0.meaning) (default \($0.defaultValue))\n" }.joined(), terminator: "")
            throw Exit(status: 0)
        }
        var given: [String: Int] = [:]
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard options.contains(where: { $0.name == name }) else { throw refusal("unknown option \(name)") }
            guard let text = rest.popFirst() else { throw refusal("\(name) needs a number") }
            guard let value = Int(text), value > 0 else { throw refusal("\(name) takes a whole number above 0, not \(text)") }
            given[name] = value
        }
        return Values(given: given)
    }

    /// Runs `body` with the counts in `arguments`. - Returns: the exit status: ``parse(_:)``'s after `--help` or a
    /// usage error, 1 after printing on standard error what `body` threw, else 0.
    func run(_ arguments: [String], _ body: (Values) async throws -> Void) async -> Int32 {
        let counts: Values
        do { counts = try parse(arguments) } catch { return error.status }
        do {
            try await body(counts)
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(command): \(error)\n".utf8))
            return 1
        }
    }

    private func refusal(_ problem: String) -> Exit {
        FileHandle.standardError.write(Data("\(command): \(problem)\nusage: \(usage)\n".utf8))
        return Exit(status: 2)
    }
}
