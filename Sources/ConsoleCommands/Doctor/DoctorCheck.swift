/// One line of `tophhie doctor`'s checklist.
struct DoctorCheck: Sendable, Equatable {
    /// ✓ ready, ✗ not ready (exit 1), ! advice that may apply (exit 0).
    enum Status: String, Sendable {
        case pass, fail, warn

        var mark: String {
            switch self {
            case .pass: "✓"
            case .fail: "✗"
            case .warn: "!"
            }
        }
    }

    /// Stable name for scripts: `https`, `discovery`, `issuer`, `clock`, `nativeAuth`, `challengeTypes`,
    /// `capabilities`, `smsAuthority`.
    var id: String
    var status: Status
    /// What was found, one sentence.
    var summary: String
    /// What to change, when something should be.
    var fix: String?
}
