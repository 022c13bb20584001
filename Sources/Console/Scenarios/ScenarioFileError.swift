/// A scenario file that cannot be run: its path, the JSON path of the fault and what is wrong, e.g.
/// `smoke.json: scenarios[2].steps[4].expect.suberror: unknown key`. `tophhie run` exits 2 on it.
struct ScenarioFileError: Error, Equatable, CustomStringConvertible {
    var file: String
    /// `scenarios[2].steps[4].expect`, or `(root)`, or `(file)`.
    var path: String
    var problem: String

    var description: String { "\(file): \(path): \(problem)" }
}
