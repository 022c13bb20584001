import Foundation
import TerminalUI

/// `--output table|json|md` of the listing commands (`accounts`, `history`); `--json` is short for `--output json`.
public enum OutputFormat: String, Equatable, Sendable, CaseIterable {
    /// Aligned text for a person at a terminal (the default).
    case table
    /// One JSON document on stdout, for scripts.
    case json
    /// A Markdown table, for a ticket or a report.
    case markdown = "md"

    /// `cells` as one Markdown table row, each made inert (``MarkdownText``).
    package static func markdownRow(_ cells: [String]) -> String {
        "| " + cells.map(MarkdownText.inline).joined(separator: " | ") + " |"
    }

    /// The header row and its separator.
    package static func markdownHeader(_ titles: [String]) -> [String] {
        [markdownRow(titles), "|" + titles.map { _ in " --- |" }.joined()]
    }
}
