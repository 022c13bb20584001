import AccountFlow

/// Why a walk-in was not added: what the list's engine refused, one problem per column.
package struct WalkInRefusal: Error, Equatable {
    package let problems: [ColumnProblem]

    /// `Label: message` each, in the calling task's language.
    package var lines: [String] { problems.map(\.shown) }
}
