/// A JSON file that cannot be used: the file, where in it, and what is wrong, e.g.
/// `smoke.json: scenarios[2].steps[4].expect.subError: unknown key; use aadsts, error, …` or
/// `broken.json: line 3, column 20: not valid JSON`.
public struct JSONFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as named to the user (a path, a preset name, or a request such as `POST /emulator/v1/users`).
    public var file: String
    /// A key path (`scenarios[2].steps[4].expect`, `signUp.attributes[0].type`), `line L, column C` for a syntax
    /// error, `(root)` for the whole document, or `(file)` when the file itself cannot be read.
    public var path: String
    /// What is wrong: `unknown key; use …`, `expected true or false, found a number`, `not valid JSON`.
    public var problem: String

    /// A fault at `path` of `file`.
    public init(file: String, path: String, problem: String) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    /// `FILE: PATH: PROBLEM`; `FILE: PROBLEM` when the file itself cannot be read.
    public var description: String { path == "(file)" ? "\(file): \(problem)" : "\(file): \(path): \(problem)" }
}
