import EnrolmentFiles
import Foundation

/// Where a desk's people and their outcomes live: a CSV list with its progress file (``ListQueueStore``), or an
/// event on a shared queue's database (``SharedQueueStore``). Used on the console's own thread.
package protocol QueueStore: AnyObject {
    /// The queue as the desk shows it (without people other desks hold), as of the last ``refresh()``.
    var queue: EnrolmentQueue { get }
    /// The list's path or `event NAME`, for the report's title (the screen shows its last component).
    var title: String { get }
    /// Reads the queue again (other desks' outcomes and claims); a file needs nothing.
    func refresh() throws(EnrolmentDeskError)
    /// Takes the person on `row` for this desk; false when another desk has them.
    func claim(_ row: Int) throws(EnrolmentDeskError) -> Bool
    /// Keeps the outcome of the person on `entry.row` (and its record line where the store keeps the record; `walkIn` marks it).
    func keep(_ entry: ProgressEntry, walkIn: Bool) throws(EnrolmentDeskError)
    /// The person at the desk left without an outcome: offered again.
    func release() throws(EnrolmentDeskError)
    /// Adds a walk-in the form's rules accepted; refused when the email is listed already.
    func addWalkIn(email: String, values: [String: String]) throws(EnrolmentDeskError) -> Result<QueuePerson, WalkInRefusal>
    /// Waits for what is still being written. Blocking: at exit. Returns what could not be written.
    func finish() -> [String]
    /// Returns once what was kept so far is stored (tests, async code).
    func written() async
    /// Calls `wake` (any thread) when another desk changed the queue.
    func onChange(_ wake: @escaping @Sendable () -> Void)
    /// Whether the queue shown at `now` should be read again: another desk changed it, or one may have died.
    func isStale(at now: Date) -> Bool
}

extension QueueStore {
    /// A list has one desk: nothing changes it elsewhere.
    func onChange(_ wake: @escaping @Sendable () -> Void) {}

    func isStale(at now: Date) -> Bool { false }
}
