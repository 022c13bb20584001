/// A row's problems on one line, each a sentence of its own: `Loyalty number: Enter 10 digits; Email: Enter an
/// email address like name@example.com.` Each full stop but the last gives way to the `;` that follows it, so no
/// ".;" is left between two messages.
public enum ProblemList {
    /// `problems` joined with "; ".
    public static func joined(_ problems: [String]) -> String {
        problems.enumerated().map { index, problem in
            index < problems.count - 1 && problem.hasSuffix(".") ? String(problem.dropLast()) : problem
        }.joined(separator: "; ")
    }
}
