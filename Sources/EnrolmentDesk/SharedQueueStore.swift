import AccountFlow
import EnrolmentFiles
import Foundation
import Localization
import SharedQueue

/// `--queue postgresql://… --event NAME`: one desk on an event's shared list (``SharedQueue``). The queue shown
/// leaves out people other desks hold; seating someone claims them, an outcome is committed with its line of the
/// event's record (the database's record, not a `--record` file), and leaving releases the claim. A desk killed
/// loses its claim with its session. Calls wait on the console's own thread (``ConsoleThreadWait``).
final class SharedQueueStore: QueueStore {
    private(set) var queue: EnrolmentQueue
    let title: String
    private let shared: SharedQueue
    private let terminal: String
    private let tenant: String
    private let form: EnrolmentForm
    /// Other desks' claims and outcomes as they commit; nil when its session could not be had (the timer still reads).
    private var listener: QueueListener?
    /// When the queue was last read.
    private var lastRead = Date()
    /// A desk killed tells nobody (its claim just ends with its session): the queue shown is read again this often.
    static let rereadInterval: TimeInterval = 2

    /// Opens the event (blocking: before the console starts).
    /// - Parameters:
    ///   - desk: the desk's name kept with each outcome and record line (`--staff`, else the user's name).
    ///   - terminal: the desk's terminal, for the record.
    ///   - tenant: the desk's authority, for the record.
    ///   - eventTenant: the desk's tenant as an event names it (``EventTenant``).
    ///   - form: the sign-up form, whose labels name the refused rows' problems on screen.
    /// - Throws: ``EnrolmentDeskError`` saying why the database or the event cannot be used, or why this desk may
    ///   not open it (``EventTenant/refusal(of:url:tenant:form:)``).
    init(url: DatabaseURL, event: String, desk: String, terminal: String, tenant: String, eventTenant: String,
         form: EnrolmentForm) throws(EnrolmentDeskError) {
        title = "event \(event)"
        self.terminal = terminal
        self.tenant = tenant
        self.form = form
        do throws(DatabaseError) {
            shared = try ConsoleThreadWait.value { () throws(DatabaseError) in try await SharedQueue.open(url, event: event, desk: desk) }
            let shared = self.shared
            queue = Self.labelled(try ConsoleThreadWait.value { () throws(DatabaseError) in try await shared.snapshot().queue }, form: form)
        } catch {
            throw EnrolmentDeskError(error.description)
        }
        if let refusal = EventTenant.refusal(of: shared.event, url: url, tenant: eventTenant, form: form.columns) {
            _ = finish()
            throw EnrolmentDeskError(refusal)
        }
        let id = shared.event.id
        listener = try? ConsoleThreadWait.value { () throws(DatabaseError) in try await QueueListener.start(url, event: id) }
    }

    func onChange(_ wake: @escaping @Sendable () -> Void) { listener?.onChange(wake) }

    func isStale(at now: Date) -> Bool {
        listener?.takeChange() == true || now.timeIntervalSince(lastRead) >= Self.rereadInterval
    }

    func refresh() throws(EnrolmentDeskError) {
        let seated = queue.atDesk
        lastRead = Date()
        queue = Self.labelled(try Self.call { [shared] () throws(DatabaseError) in try await shared.snapshot().queue }, form: form)
        if let seated { queue.seat(seated) }
    }

    func claim(_ row: Int) throws(EnrolmentDeskError) -> Bool {
        let held = try Self.call { [shared] () throws(DatabaseError) in try await shared.claim(row: row) }
        guard held != nil else {
            try refresh()
            return false
        }
        queue.seat(row)
        return true
    }

    func keep(_ entry: ProgressEntry, walkIn: Bool) throws(EnrolmentDeskError) {
        let line = RecordEntry(time: entry.time, staff: shared.desk, terminal: terminal, tenant: tenant, email: entry.email,
                               objectId: entry.objectId, outcome: entry.outcome, code: entry.code, correlationId: entry.correlationId,
                               walkIn: walkIn ? true : nil)
        queue.record(entry)
        _ = try Self.call { [shared] () throws(DatabaseError) in try await shared.finish(row: entry.row, line) }
        try refresh()
    }

    func release() throws(EnrolmentDeskError) {
        queue.leaveDesk()
        try Self.call { [shared] () throws(DatabaseError) in try await shared.release() }
        try refresh()
    }

    /// The form's rules accepted the walk-in; the database refuses an email the event lists already.
    func addWalkIn(email: String, values: [String: String]) throws(EnrolmentDeskError) -> Result<QueuePerson, WalkInRefusal> {
        do throws(DatabaseError) {
            let person = try ConsoleThreadWait.value { [shared] () throws(DatabaseError) in try await shared.addWalkIn(email: email, values: values) }
            try? refresh()
            queue.seat(person.row)
            return .success(person)
        } catch {
            guard case .listedAlready(let row) = error else { throw EnrolmentDeskError(error.description) }
            return .failure(WalkInRefusal(problems: [.email(tr("enrolment.listedAlreadyShared", ["row": String(row)]))]))
        }
    }

    func finish() -> [String] {
        listener?.stop()
        let shared = self.shared
        _ = try? ConsoleThreadWait.value { () throws(DatabaseError) in await shared.close() }
        return []
    }

    func written() async {}

    /// `queue` with its refused rows' problems shown by the form's labels in the language drawn, as a list's at a desk
    /// are: the database keeps them as `column: message`, in English for the report and translated by the loader.
    static func labelled(_ queue: EnrolmentQueue, form: EnrolmentForm) -> EnrolmentQueue {
        let invalid = queue.invalid.map { row in
            InvalidRow(row: row.row, email: row.email, problems: row.problems, translations: row.translations, shown: {
                let problems = Localization.current.lookupTags.lazy.compactMap { row.translations[$0] }.first ?? row.problems
                return problems.map { problem in
                    guard let colon = problem.range(of: ": "), let label = form.label(of: String(problem[..<colon.lowerBound])) else { return problem }
                    return label + problem[colon.lowerBound...]
                }
            })
        }
        guard var labelled = try? EnrolmentQueue(people: queue.people, invalid: invalid, resuming: queue.progress) else { return queue }
        labelled.heldElsewhere = queue.heldElsewhere
        return labelled
    }

    private static func call<T: Sendable>(_ work: @escaping @Sendable () async throws(DatabaseError) -> T) throws(EnrolmentDeskError) -> T {
        do throws(DatabaseError) {
            return try ConsoleThreadWait.value(work)
        } catch {
            throw EnrolmentDeskError(error.description)
        }
    }
}
