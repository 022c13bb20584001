import EnrolmentFiles
import Foundation
import SharedQueue
import TerminalUI

/// `enrol --status`'s lines, for stdout and for the `--watch` board alike.
enum QueueStatusText {
    static func lines(_ status: QueueStatus, now: Date = Date()) -> [String] {
        let count = { (outcome: RecordOutcome) in status.byOutcome[outcome] ?? 0 }
        var lines = ["Event \(PrintableText.make(status.event)): \(status.people) \(status.people == 1 ? "person" : "people")"
                     + (status.invalid > 0 ? ", \(status.invalid) \(status.invalid == 1 ? "row" : "rows") not offered (invalid)" : "")]
        lines.append(RecordOutcome.allCases.map { "\($0.rawValue) \(count($0))" }.joined(separator: " · ")
                     + " · not reached \(status.people - status.byOutcome.values.reduce(0, +))")
        let again = RecordOutcome.allCases.filter { !$0.isFinal && count($0) > 0 }.map { "\(count($0)) \($0.rawValue) before" }
        lines.append("Done with \(status.done) of \(status.people) · at desks now \(status.atDesks) · waiting \(status.waiting)"
                     + (again.isEmpty ? "" : " (\(again.joined(separator: ", ")), offered again)"))
        let desks = status.byDesk.sorted { $0.key < $1.key }.map { "\(PrintableText.make($0.key)) \($0.value)" }
        lines.append("By desk: " + (desks.isEmpty ? "none yet" : desks.joined(separator: " · ")))
        let rate = String(format: "%.1f", locale: Locale(identifier: "en_US_POSIX"), status.perMinute)
        if status.left == 0 {
            lines.append("Rate: \(rate) a minute over the last 15 minutes · everyone is done with")
        } else if let minutes = status.minutesLeft {
            let end = now.addingTimeInterval(minutes * 60)
            lines.append("Rate: \(rate) a minute over the last 15 minutes · about \(Int(minutes.rounded(.up))) min left, "
                         + "ending near \(UTCTime.text(end).dropFirst(11).prefix(5)) UTC")
        } else {
            lines.append("Rate: nobody finished in the last 15 minutes · no estimate of the end")
        }
        return lines
    }

    /// `lines` wrapped to `width` columns between their ` · ` parts, so no count is parted from its label
    /// (a part longer than a line wraps at its spaces).
    static func wrapped(_ lines: [String], width: Int) -> [String] {
        lines.flatMap { line -> [String] in
            var rows: [String] = []
            for part in line.components(separatedBy: " · ") {
                if let last = rows.last, last.count + 3 + part.count <= width {
                    rows[rows.count - 1] = last + " · " + part
                } else {
                    rows += part.count <= width ? [part] : ScrollList.wrap([part], width: width + 1)
                }
            }
            return rows.isEmpty ? [""] : rows
        }
    }
}
