/// An answer that is not what the scripted step expects: the run that saw it fails.
public struct AnswerMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the step expected.
    public let expected: ExpectedAnswer
    /// The HTTP status received.
    public let status: Int
    /// What the answer was instead (never a token).
    public let got: String

    /// `expected codeRequired, got HTTP 400 error invalid_grant 55112`.
    public var description: String { "expected \(expected), got HTTP \(status) \(got)" }
}
