import EmailAddresses

/// The people of an enrolment list and what has happened to each, for the desk: who is next, "k of N", a
/// filter by name or email, and each outcome as it is recorded. Pure: the progress file and the report are
/// written from ``progress`` by their owners.
///
/// A failed person stays in the queue (they may try again), and so does one marked absent (they may turn up
/// later); enrolled, already-exists and skipped are final (``RecordOutcome/isFinal``). "Next" is the first person in
/// list order with no outcome, then the first who failed or was absent. Walk-ins follow the list, numbered on from
/// its last row.
public struct EnrolmentQueue: Sendable, Equatable {
    /// The rows the form accepts, in list order, then the walk-ins in the order they came.
    public private(set) var people: [QueuePerson]
    /// The rows it refuses, in list order: reported, never offered.
    public let invalid: [InvalidRow]
    /// The latest outcome of each row, by row.
    public private(set) var outcomes: [Int: ProgressEntry] = [:]
    /// The row whose sign-up is open at the desk; nil between people.
    public private(set) var atDesk: Int?
    /// Rows another desk holds now (a shared queue's claims): neither pending nor next here.
    public var heldElsewhere: Set<Int> = []

    /// The list's last row (the header's 1 for an empty list): walk-ins are numbered after it.
    public let listEnd: Int

    /// A queue of `people`, resuming from `progress` and `walkIns` (a progress file's contents).
    /// - Throws: ``ProgressFileError`` when an entry names a row the list does not offer, or a row whose email
    ///   differs, or a walk-in's row is the list's now (the list was edited since): resuming would mark the wrong
    ///   person.
    public init(people: [QueuePerson], invalid: [InvalidRow], resuming progress: [ProgressEntry] = [],
                walkIns: [QueuePerson] = []) throws(ProgressFileError) {
        self.invalid = invalid
        let listEnd = max(people.last?.row ?? 1, invalid.last?.row ?? 1)
        self.listEnd = listEnd
        if let walkIn = walkIns.first(where: { $0.row <= listEnd }) {
            throw ProgressFileError("the progress has walk-in row \(walkIn.row) (\(walkIn.email)), which is a row of the list now; "
                                    + "the list changed since. Restore the list, or move the progress file away to start afresh.")
        }
        self.people = people + walkIns
        let people = self.people
        let byRow = Dictionary(people.map { ($0.row, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in progress {
            guard let person = byRow[entry.row] else {
                throw ProgressFileError("the progress has row \(entry.row) (\(entry.email)), which the list does not offer now; "
                                        + "the list changed since. Restore the list, or move the progress file away to start afresh.")
            }
            guard EmailAddress.same(person.email, entry.email) else {
                throw ProgressFileError("row \(entry.row) is \(person.email) in the list but \(entry.email) in the progress; "
                                        + "the list changed since. Restore the list, or move the progress file away to start afresh.")
            }
            outcomes[entry.row] = entry
        }
    }

    /// Everyone not done with and not held at another desk, in list order: no outcome yet, failed or absent.
    public var pending: [QueuePerson] {
        people.filter { outcomes[$0.row]?.outcome.isFinal != true && !heldElsewhere.contains($0.row) }
    }

    /// Who comes next: the first with no outcome, else the first who failed or was absent (neither held at another
    /// desk); nil when everyone is done with.
    public var next: QueuePerson? {
        let free = { (person: QueuePerson) in !heldElsewhere.contains(person.row) }
        return people.first { outcomes[$0.row] == nil && free($0) } ?? people.first { outcomes[$0.row]?.outcome.isFinal == false && free($0) }
    }

    /// People done with (a final outcome).
    public var done: Int {
        outcomes.values.filter(\.outcome.isFinal).count
    }

    /// "k of N": the next person is the k-th of the N people the queue holds, after everyone done with and everyone
    /// at another desk now, so desks on one shared queue count alike however fresh their snapshot (a person moving
    /// from another desk to done leaves k as it was). k stays at N once everyone is done with.
    public var position: (k: Int, of: Int) {
        let elsewhere = people.count { heldElsewhere.contains($0.row) && outcomes[$0.row]?.outcome.isFinal != true }
        return (min(done + elsewhere + 1, people.count), people.count)
    }

    /// The people still pending whose name or email holds `filter`, ignoring case; the next person first.
    public func matching(_ filter: String) -> [QueuePerson] {
        let lowered = filter.lowercased().trimmed(of: [" ", "\t"])
        let shown = pending.filter { $0.matches(lowered) }
        guard let next, let index = shown.firstIndex(of: next) else { return shown }
        return [shown[index]] + shown[..<index] + shown[(index + 1)...]
    }

    /// The person on `row`, if the list offers them.
    public func person(at row: Int) -> QueuePerson? {
        people.first { $0.row == row }
    }

    /// The walk-ins added at the desk, in the order they came.
    public var walkIns: [QueuePerson] { people.filter(\.isWalkIn) }

    /// Adds a walk-in (checked by the caller, as a list row is) on the row after the last one.
    /// - Returns: the person, to be seated.
    public mutating func addWalkIn(email: String, values: [String: String]) -> QueuePerson {
        let person = QueuePerson(row: max(listEnd, people.last?.row ?? 1) + 1, email: email, values: values, walkIn: true)
        people.append(person)
        return person
    }

    /// Sign-up opens for `row`'s person.
    public mutating func seat(_ row: Int) {
        atDesk = row
    }

    /// The person at the desk left without an outcome (went home, idle reset): they stay pending.
    public mutating func leaveDesk() {
        atDesk = nil
    }

    /// Keeps `entry` as its row's outcome (the latest wins); the desk is free again if it was that row.
    public mutating func record(_ entry: ProgressEntry) {
        outcomes[entry.row] = entry
        if atDesk == entry.row { atDesk = nil }
    }

    /// Every outcome, in row order: what the progress file holds.
    public var progress: [ProgressEntry] {
        outcomes.values.sorted { $0.row < $1.row }
    }
}
