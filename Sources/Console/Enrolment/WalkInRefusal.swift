import AccountFlow

/// Why a walk-in was not added: what the list's engine refused, one problem per column.
struct WalkInRefusal: Error, Equatable {
    let problems: [ColumnProblem]

    /// `Label: message` each, in the calling task's language.
    var lines: [String] { problems.map(\.shown) }
}
