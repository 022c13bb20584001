import Localization

/// Which sign-ins the history list shows; the filter action cycles All → Successes → Failures.
public enum HistoryFilter: Sendable, Equatable, CaseIterable {
    /// Every row loaded.
    case all
    /// Rows whose error code is 0.
    case successes
    /// Rows with a non-zero error code.
    case failures

    /// The filter the action switches to.
    public var next: HistoryFilter {
        switch self {
        case .all: .successes
        case .successes: .failures
        case .failures: .all
        }
    }

    /// `"All"`, `"Successes"`, `"Failures"`.
    public var label: String {
        switch self {
        case .all: tr("history.filter.all")
        case .successes: tr("history.filter.successes")
        case .failures: tr("history.filter.failures")
        }
    }

    /// Whether `row` passes.
    func admits(_ row: SignInRow) -> Bool {
        switch self {
        case .all: true
        case .successes: row.succeeded
        case .failures: !row.succeeded
        }
    }
}
