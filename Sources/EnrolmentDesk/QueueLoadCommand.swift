import AccountFlow
import EnrolmentFiles
import Foundation
import Localization
import SharedQueue
import TerminalUI

/// `tophhie enrol --load FILE --into URL --event NAME`: the list checked as `--check` checks it, its rows the form
/// accepts loaded into a shared queue's event, the rows it refuses kept for the report.
///
/// Exit codes: 0 every row is loaded as the list has it; 1 some row cannot be enrolled (one `row N, column NAME:
/// message` line each) or differs from what was loaded before (one `row N: …; kept as loaded.` line each); 2 the
/// list cannot be read or the database cannot be used (nothing loaded).
enum QueueLoadCommand {
    /// `problems` as `column: message` in every language a desk may show (the pseudo-locale too): a desk draws a
    /// refused row in its person's language, as it draws a list's it read itself.
    static func translations(_ problems: [ColumnProblem]) -> [String: [String]] {
        let tags = Localizer.catalogueTags.filter { $0 != "en" } + ["qps"]
        return Dictionary(uniqueKeysWithValues: tags.map { tag in
            (tag, Localization.with(Localizer(tag: tag)) { problems.map { "\($0.column): \($0.message)" } })
        })
    }

    static func run(_ path: String, into url: DatabaseURL, event: String, tenant: String, form: EnrolmentForm) async -> Int32 {
        var rows: [ListLoad.Row] = []
        var invalid: [InvalidRow] = []
        var columns: [String] = []
        var problemLines: [String] = []
        var check = EnrolmentCheck(form: form)
        do throws(CSVError) {
            let reader = try check.reader(path)
            _ = try check.run(reader, report: { problemLines.append(PrintableText.make($0)) }) { header, record, problems in
                columns = header.names
                let email = header.names.firstIndex(of: EnrolmentForm.emailColumn).map { record.fields[$0] } ?? ""
                if problems.isEmpty {
                    rows.append(ListLoad.Row(row: record.row, email: email.trimmingCharacters(in: .whitespaces), fields: record.fields))
                } else {
                    invalid.append(InvalidRow(row: record.row, email: email, problems: problems.map { "\($0.column): \($0.englishMessage)" },
                                              translations: Self.translations(problems)))
                }
            }
        } catch {
            return EnrolCommand.fail("\(path): \(PrintableText.make(error.description))")
        }
        let outcome: ListLoad.Outcome
        do throws(DatabaseError) {
            outcome = try await ListLoad.load(url, event: event, tenant: tenant, form: form.columns, columns: columns, rows: rows, invalid: invalid)
        } catch {
            return EnrolCommand.fail(PrintableText.make(error.description))
        }
        let lines = problemLines + outcome.changed.map { PrintableText.make($0) }
        if !lines.isEmpty { print(lines.joined(separator: "\n")) }
        let name = PrintableText.make(event)
        let people = rows.count + invalid.count
        var summary = "\(path): \(people) \(people == 1 ? "person" : "people"); event \(name)\(outcome.created ? " created" : ""): \(outcome.added) added, "
            + "\(outcome.unchanged) loaded before"
        if !outcome.changed.isEmpty { summary += ", \(outcome.changed.count) changed since (kept as first loaded)" }
        if !invalid.isEmpty { summary += "; \(invalid.count) cannot be enrolled as they stand (listed, never offered)" }
        FileHandle.standardError.write(Data((summary + ".\n").utf8))
        return invalid.isEmpty && outcome.changed.isEmpty ? 0 : 1
    }
}
