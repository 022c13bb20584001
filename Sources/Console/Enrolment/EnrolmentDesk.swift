import AccountFlow
import EnrolmentFiles
import Foundation

/// `--enrol --queue FILE.csv`: the list's people at the desk. It seats a person (the sign-up form filled from
/// their row), keeps each outcome in the queue, and after each one replaces the progress file beside the list
/// and the `--report` file; staff mark people absent or skipped. Used on the console's own thread; the files
/// are written on their writers' queues.
final class EnrolmentDesk {
    /// The list's path, for the screen and the report's title.
    let listPath: String
    /// How the list was read when it is not plain comma-separated UTF-8 (`people.csv: read as ;-separated`).
    let listNotice: String?
    private(set) var queue: EnrolmentQueue
    private let form: EnrolmentForm
    private let progress: AtomicFileWriter
    private let report: AtomicFileWriter?
    /// `--record`: told of absent and skipped people too (the model tells it of the others).
    var recorder: EnrolmentRecorder?
    private let clock: () -> Date

    /// Reads the list and its progress file (blocking: before the console starts).
    /// - Parameters:
    ///   - form: the sign-up form the list is checked against, as `enrol --check` does.
    ///   - reportPath: `--report FILE`, replaced after each person and at the end.
    /// - Throws: ``EnrolmentDeskError`` with a sentence naming the file, row and column: a list that cannot be
    ///   read, or a progress file that cannot be resumed from (left as it is).
    init(listPath: String, reportPath: String?, form: EnrolmentForm, clock: @escaping () -> Date = { Date() }) throws(EnrolmentDeskError) {
        self.listPath = listPath
        self.form = form
        self.clock = clock
        var people: [QueuePerson] = []
        var invalid: [InvalidRow] = []
        var reader: CSVReader?
        do throws(CSVError) {
            let check = EnrolmentCheck(form: form)
            let opened = try check.reader(listPath)
            reader = opened
            _ = try check.run(opened, report: { _ in }) { header, record, problems in
                let email = header.names.firstIndex(of: EnrolmentForm.emailColumn).map { record.fields[$0] } ?? ""
                if problems.isEmpty {
                    people.append(QueuePerson(row: record.row, email: email.trimmingCharacters(in: .whitespaces), columns: header.names,
                                              fields: record.fields))
                } else {
                    invalid.append(InvalidRow(row: record.row, email: email, problems: problems.map { "\($0.column): \($0.message)" }))
                }
            }
        } catch {
            let notice = reader?.dialect?.notice.map { " (\($0))" } ?? ""
            throw EnrolmentDeskError("\(listPath)\(notice): \(error.description)")
        }
        listNotice = reader?.dialect?.notice.map { "\(listPath): \($0)." }
        let progressPath = ProgressFile.path(besideList: listPath)
        do throws(ProgressFileError) {
            queue = try EnrolmentQueue(people: people, invalid: invalid, resuming: try ProgressFile.load(progressPath))
        } catch {
            throw EnrolmentDeskError(error.message.hasPrefix(progressPath) ? error.message : "\(progressPath): \(error.message)")
        }
        progress = AtomicFileWriter(path: progressPath)
        report = reportPath.map(AtomicFileWriter.init(path:))
        // The report exists from the start: invalid rows are in it before anyone is seated.
        saveReport()
    }

    /// What seating `person` sends the flow: sign-up, with the row's email and attributes filled in. The person
    /// checks them and types their own password and code.
    func seat(_ person: QueuePerson) -> [FlowEvent] {
        queue.seat(person.row)
        var events: [FlowEvent] = [.menuChosen(.signUp), .fieldEdited(.email, person.email)]
        for attribute in form.attributes {
            let value = (person.value(of: attribute.name) ?? "").trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            events.append(.fieldEdited(.attribute(attribute.name), value))
        }
        return events
    }

    /// Staff mark `person` absent or skipped.
    func mark(_ person: QueuePerson, _ outcome: RecordOutcome) {
        keep(PersonResult(email: person.email, outcome: outcome), row: person.row)
        recorder?.record(PersonResult(email: person.email, outcome: outcome))
    }

    /// The person at the desk finished with `result` (enrolled, already exists, failed); a walk-in seated
    /// without the list has no row to keep it on.
    func finished(_ result: PersonResult) {
        guard let row = queue.atDesk else { return }
        keep(result, row: row)
    }

    /// The person at the desk left without an outcome (home, idle reset): they stay in the queue.
    func left() {
        queue.leaveDesk()
    }

    /// Writes the report a last time and waits for both files. Blocking: the console's thread, at exit.
    /// - Returns: what could not be written, one sentence each.
    func finish() -> [String] {
        saveReport()
        return (progress.drain() + (report?.drain() ?? [])).map(\.message)
    }

    /// Returns once the progress file and the report written so far are on disk (tests, async code).
    func written() async {
        await progress.written()
        await report?.written()
    }

    private func keep(_ result: PersonResult, row: Int) {
        queue.record(ProgressEntry(row: row, email: queue.person(at: row)?.email ?? result.email, outcome: result.outcome,
                                   objectId: result.objectID, time: UTCTime.text(clock()), code: result.code,
                                   correlationId: result.correlationID))
        let progress = queue.progress
        self.progress.replaceSoon { ProgressFile.bytes(progress) }
        saveReport()
    }

    private func saveReport() {
        guard let report else { return }
        let (queue, title) = (self.queue, listPath)
        report.replaceSoon { EnrolmentReport.bytes(queue, path: report.path, title: title) }
    }
}
