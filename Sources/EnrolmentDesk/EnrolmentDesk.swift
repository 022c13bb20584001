import AccountFlow
import ConsoleCommandLine
import EnrolmentFiles
import Foundation
import SharedQueue
import TophhieCloudAuthentication

/// `--enrol --queue FILE.csv|postgresql://…`: the queue's people at the desk. It seats a person (the sign-up form
/// filled from their row; on a shared queue, once this desk has claimed them), keeps each outcome in its
/// ``QueueStore`` and replaces the `--report` file after each one; staff mark people absent or skipped, and add
/// walk-ins (checked as a row is, against the list too). Used on the console's own thread.
package final class EnrolmentDesk {
    package let store: any QueueStore
    private let form: EnrolmentForm
    /// The form's check; for a list, kept with every email it saw: a walk-in meets the same rules and duplicates.
    private var check: EnrolmentCheck
    private let report: AtomicFileWriter?
    /// `--record`: told of absent and skipped people too (the model tells it of the others).
    package var recorder: EnrolmentRecorder?
    private let clock: () -> Date
    /// What the store could not do (the database gone), said once by the session.
    private var notice: String?

    /// - Parameters:
    ///   - check: the form's check, with the list's emails for a list.
    ///   - reportPath: `--report FILE`, replaced after each person and at the end.
    init(store: any QueueStore, check: EnrolmentCheck, form: EnrolmentForm, reportPath: String?, clock: @escaping () -> Date = { Date() }) {
        self.store = store
        self.check = check
        self.form = form
        self.clock = clock
        report = reportPath.map(AtomicFileWriter.init(path:))
        // The report exists from the start: invalid rows are in it before anyone is seated.
        saveReport()
    }

    /// `--queue FILE.csv`: reads the list and its progress file (blocking: before the console starts).
    /// - Throws: ``EnrolmentDeskError`` with a sentence naming the file, row and column: a list that cannot be
    ///   read, or a progress file that cannot be resumed from (left as it is).
    convenience init(listPath: String, reportPath: String?, form: EnrolmentForm, clock: @escaping () -> Date = { Date() }) throws(EnrolmentDeskError) {
        var check = EnrolmentCheck(form: form)
        let store = try ListQueueStore(listPath: listPath, check: &check, form: form)
        self.init(store: store, check: check, form: form, reportPath: reportPath, clock: clock)
    }

    /// The queue as last read (other desks' people left out).
    package var queue: EnrolmentQueue { store.queue }

    /// The list's path or `event NAME`, for the screen.
    package var title: String { store.title }

    /// How the list was read when it is not plain comma-separated UTF-8 (`people.csv: read as ;-separated`).
    package var listNotice: String? { (store as? ListQueueStore)?.listNotice }

    /// Reads the queue again, before it is shown (other desks' outcomes and claims).
    package func refresh() {
        attempt { () throws(EnrolmentDeskError) in try store.refresh() }
    }

    /// Reads the queue again when another desk changed it or it was read a while ago (full screen, while the
    /// queue is shown: a killed desk's person is offered without a key).
    package func refreshIfStale() {
        if store.isStale(at: clock()) { refresh() }
    }

    /// Whether the person on `row` has a final outcome (enrolled, skipped…) as last read: why a claim found them gone.
    package func finishedOutcome(of row: Int) -> RecordOutcome? {
        queue.outcomes[row].flatMap { $0.outcome.isFinal ? $0.outcome : nil }
    }

    /// What the store could not do since it was last asked.
    package func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    /// The sign-up form's attributes the walk-in form asks: not consents, which the person ticks on sign-up.
    package var attributes: [RequiredAttribute] { form.listedAttributes }

    /// What seating `person` sends the flow: sign-up, with the row's email and attributes filled in, consents left
    /// unticked. The person checks them, ticks the consents and types their own password and code.
    /// - Returns: nil when another desk took the person meanwhile (the queue is read again).
    package func seat(_ person: QueuePerson) -> [FlowEvent]? {
        var claimed = false
        attempt { () throws(EnrolmentDeskError) in claimed = try store.claim(person.row) }
        guard claimed else { return nil }
        var events: [FlowEvent] = [.menuChosen(.signUp), .fieldEdited(.email, person.email)]
        for attribute in form.listedAttributes {
            let value = (person.value(of: attribute.name) ?? "").trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            events.append(.fieldEdited(.attribute(attribute.name), value))
        }
        return events
    }

    /// Someone not on the list, with the form's `values` (attribute → text): checked by the list's engine
    /// (the form's rules, and an email listed already, on a row offered or as an earlier walk-in); when nothing is
    /// refused they join the queue after its last row and the progress file knows them from now on.
    /// - Returns: the new person to seat, or the problems (`column: message`, as `enrol --check` says them);
    ///   then nothing was added.
    package func addWalkIn(email: String, values: [String: String]) -> Result<QueuePerson, WalkInRefusal> {
        let email = email.trimmingCharacters(in: .whitespaces)
        let values = values.filter { form.columns.contains($0.key) && $0.key != EnrolmentForm.emailColumn }
            .mapValues { $0.trimmingCharacters(in: .whitespaces) }
        let row = max(queue.listEnd, queue.people.last?.row ?? 1) + 1
        let problems = check.problems(of: Self.fields(email, values, form), row: row, positions: Self.formPositions(form), walkInTo: queue)
        guard problems.isEmpty else { return .failure(WalkInRefusal(problems: problems)) }
        var added = Result<QueuePerson, WalkInRefusal>.failure(WalkInRefusal(problems: []))
        attempt { () throws(EnrolmentDeskError) in added = try store.addWalkIn(email: email, values: values) }
        saveReport()
        return added
    }

    /// The address of the person at the desk, whose sign-up it is: nil when no one is seated.
    package var seatedEmail: String? { queue.atDesk.flatMap { queue.person(at: $0)?.email } }

    /// Staff mark `person` absent or skipped.
    package func mark(_ person: QueuePerson, _ outcome: RecordOutcome) {
        let result = PersonResult(email: person.email, outcome: outcome, walkIn: person.isWalkIn)
        keep(result, row: person.row)
        recorder?.record(result)
    }

    /// The person at the desk finished with `result` (enrolled, already exists, failed).
    /// - Returns: `result`, marked when the person is a walk-in (for the record).
    @discardableResult
    package func finished(_ result: PersonResult) -> PersonResult {
        guard let row = queue.atDesk else { return result }
        var result = result
        result.walkIn = queue.person(at: row)?.isWalkIn ?? false
        keep(result, row: row)
        return result
    }

    /// The person at the desk left without an outcome (home, idle reset): they stay in the queue.
    package func left() {
        attempt { () throws(EnrolmentDeskError) in try store.release() }
    }

    /// Writes the report a last time and waits for both files. Blocking: the console's thread, at exit.
    /// - Returns: what could not be written, one sentence each.
    package func finish() -> [String] {
        saveReport()
        return store.finish() + (report?.drain() ?? []).map(\.message)
    }

    /// Returns once the progress file and the report written so far are on disk (tests, async code).
    func written() async {
        await store.written()
        await report?.written()
    }

    private func keep(_ result: PersonResult, row: Int) {
        let entry = ProgressEntry(row: row, email: queue.person(at: row)?.email ?? result.email, outcome: result.outcome,
                                  objectId: result.objectID, time: UTCTime.text(clock()), code: result.code,
                                  correlationId: result.correlationID)
        attempt { () throws(EnrolmentDeskError) in try store.keep(entry, walkIn: result.walkIn) }
        saveReport()
    }

    /// Runs a store call; what fails is kept for the session to say (the desk carries on with what it has).
    private func attempt(_ call: () throws(EnrolmentDeskError) -> Void) {
        do throws(EnrolmentDeskError) {
            try call()
        } catch {
            notice = error.message
        }
    }

    /// A walk-in's email and `values` as a row under the form's own columns.
    static func fields(_ email: String, _ values: [String: String], _ form: EnrolmentForm) -> [String] {
        [email] + form.attributes.map { values[$0.name] ?? "" }
    }

    static func formPositions(_ form: EnrolmentForm) -> [Int?] { form.columns.indices.map { $0 } }

    private func saveReport() {
        guard let report else { return }
        let (queue, title) = (self.queue, store.title)
        report.replaceSoon { EnrolmentReport.bytes(queue, path: report.path, title: title) }
    }
}

extension EnrolmentDesk {
    /// `--queue FILE.csv`: the list checked against the sign-up form the screens use, and its progress read;
    /// `--queue postgresql://… --event NAME`: a desk on the shared event (blocking: before the session); nil without `--queue`.
    /// `tenant` goes into the record lines; `eventTenant` must be the one the event was loaded for.
    package static func opened(_ options: ConsoleOptions, attributes: [RequiredAttribute], tenant: String,
                               eventTenant: String) throws(EnrolmentDeskError) -> EnrolmentDesk? {
        guard let path = options.queuePath else { return nil }
        let form = EnrolmentForm(attributes: attributes)
        guard DatabaseURL.isDatabaseURL(path) else { return try EnrolmentDesk(listPath: path, reportPath: options.reportPath, form: form) }
        let url: DatabaseURL
        do throws(DatabaseError) {
            url = try DatabaseURL(path)
        } catch {
            throw EnrolmentDeskError(error.description)
        }
        let staff = EnrolmentRecorder.staffName(options.staff, environment: ProcessInfo.processInfo.environment)
        let store = try SharedQueueStore(url: url, event: options.event ?? "", desk: staff, terminal: EnrolmentRecorder.terminalName(),
                                         tenant: tenant, eventTenant: eventTenant, form: form)
        return EnrolmentDesk(store: store, check: EnrolmentCheck(form: form), form: form, reportPath: options.reportPath)
    }
}
