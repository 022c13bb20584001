import AccountFlow
import EnrolmentFiles
import Foundation
import TophhieCloudAuthentication

/// `--enrol --queue FILE.csv`: the list's people at the desk. It seats a person (the sign-up form filled from
/// their row), keeps each outcome in the queue, and after each one replaces the progress file beside the list
/// and the `--report` file; staff mark people absent or skipped, and add walk-ins (checked as a row is, against
/// the list too). Used on the console's own thread; the files are written on their writers' queues.
final class EnrolmentDesk {
    /// The list's path, for the screen and the report's title.
    let listPath: String
    /// How the list was read when it is not plain comma-separated UTF-8 (`people.csv: read as ;-separated`).
    let listNotice: String?
    private(set) var queue: EnrolmentQueue
    private let form: EnrolmentForm
    /// The list's check, kept with every email it saw: a walk-in meets the same rules and the same duplicates.
    private var check: EnrolmentCheck
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
        var check = EnrolmentCheck(form: form)
        do throws(CSVError) {
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
            let contents = try ProgressFile.load(progressPath)
            queue = try EnrolmentQueue(people: people, invalid: invalid, resuming: contents.entries, walkIns: contents.walkIns)
        } catch {
            throw EnrolmentDeskError(error.message.hasPrefix(progressPath) ? error.message : "\(progressPath): \(error.message)")
        }
        // Walk-ins of an earlier run count as listed: one added again is refused as a duplicate row would be.
        for walkIn in queue.walkIns {
            _ = check.problems(of: Self.fields(walkIn.email, walkIn.values, form), row: walkIn.row, positions: Self.formPositions(form))
        }
        self.check = check
        progress = AtomicFileWriter(path: progressPath)
        report = reportPath.map(AtomicFileWriter.init(path:))
        // The report exists from the start: invalid rows are in it before anyone is seated.
        saveReport()
    }

    /// The sign-up form's attributes, for the walk-in form.
    var attributes: [RequiredAttribute] { form.attributes }

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

    /// Someone not on the list, with the form's `values` (attribute → text): checked by the list's engine
    /// (the form's rules, and an email listed already, on the list or as an earlier walk-in); when nothing is
    /// refused they join the queue after its last row and the progress file knows them from now on.
    /// - Returns: the new person to seat, or the problems (`column: message`, as `enrol --check` says them);
    ///   then nothing was added.
    func addWalkIn(email: String, values: [String: String]) -> Result<QueuePerson, WalkInRefusal> {
        let email = email.trimmingCharacters(in: .whitespaces)
        let values = values.filter { form.columns.contains($0.key) && $0.key != EnrolmentForm.emailColumn }
            .mapValues { $0.trimmingCharacters(in: .whitespaces) }
        let row = max(queue.listEnd, queue.people.last?.row ?? 1) + 1
        let problems = check.problems(of: Self.fields(email, values, form), row: row, positions: Self.formPositions(form), keepingRefused: false)
        guard problems.isEmpty else { return .failure(WalkInRefusal(problems: problems)) }
        let person = queue.addWalkIn(email: email, values: values.filter { !$0.value.isEmpty })
        saveProgress()
        saveReport()
        return .success(person)
    }

    /// Staff mark `person` absent or skipped.
    func mark(_ person: QueuePerson, _ outcome: RecordOutcome) {
        let result = PersonResult(email: person.email, outcome: outcome, walkIn: person.isWalkIn)
        keep(result, row: person.row)
        recorder?.record(result)
    }

    /// The person at the desk finished with `result` (enrolled, already exists, failed).
    /// - Returns: `result`, marked when the person is a walk-in (for the record).
    @discardableResult
    func finished(_ result: PersonResult) -> PersonResult {
        guard let row = queue.atDesk else { return result }
        var result = result
        result.walkIn = queue.person(at: row)?.isWalkIn ?? false
        keep(result, row: row)
        return result
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
        saveProgress()
        saveReport()
    }

    private func saveProgress() {
        let (entries, walkIns) = (queue.progress, queue.walkIns)
        progress.replaceSoon { ProgressFile.bytes(entries, walkIns: walkIns) }
    }

    /// A walk-in's email and `values` as a row under the form's own columns.
    private static func fields(_ email: String, _ values: [String: String], _ form: EnrolmentForm) -> [String] {
        [email] + form.attributes.map { values[$0.name] ?? "" }
    }

    private static func formPositions(_ form: EnrolmentForm) -> [Int?] { form.columns.indices.map { $0 } }

    private func saveReport() {
        guard let report else { return }
        let (queue, title) = (self.queue, listPath)
        report.replaceSoon { EnrolmentReport.bytes(queue, path: report.path, title: title) }
    }
}
