import SharedQueue
import TophhieCloudAuthentication

/// `tophhie enrol`: what to do with an enrolment list, and whose sign-up form it is checked against.
public struct EnrolOptions: Equatable, Sendable {
    /// What the command does with its file.
    public enum Task: Equatable, Sendable {
        /// `--template FILE`: write a header and a commented example row (refuses to overwrite).
        case template(String)
        /// `--check FILE`: check every row with the sign-up form's rules.
        case check(String)
        /// `--load FILE --into URL --event NAME [--tenant AUTHORITY]`: check the list and load it into a shared queue.
        case load(String, into: DatabaseURL, event: String, tenant: String?)
        /// `--status URL --event NAME [--watch] [--report FILE]`: where the event stands.
        case status(DatabaseURL, event: String, watch: Bool, report: String?)
    }

    /// The task.
    public var task: Task
    /// The embedded emulator's preset or policy file whose sign-up attributes make the form (default
    /// `email-password`); ignored when ``signUpAttributes`` is given.
    public var preset: String
    /// `--sign-up-attributes FILE`: a real tenant's user-flow attributes (``SignUpAttributesFile``).
    public var signUpAttributes: [RequiredAttribute]?

    /// Memberwise.
    public init(task: Task, preset: String, signUpAttributes: [RequiredAttribute]? = nil) {
        self.task = task
        self.preset = preset
        self.signUpAttributes = signUpAttributes
    }
}
