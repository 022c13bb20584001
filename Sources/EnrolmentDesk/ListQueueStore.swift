import AccountFlow
import EnrolmentFiles
import Foundation

/// `--queue FILE.csv`: the list's people, with each outcome and walk-in kept in the progress file beside the list
/// (replaced on its writer's queue after each change). One desk per list: it holds the list's ``ListLock`` until
/// ``finish()``.
final class ListQueueStore: QueueStore {
    private(set) var queue: EnrolmentQueue
    let title: String
    /// How the list was read when it is not plain comma-separated UTF-8 (`people.csv: read as ;-separated`).
    let listNotice: String?
    private let progress: AtomicFileWriter
    private let lock: ListLock

    /// Reads the list and its progress file (blocking: before the console starts).
    /// - Parameter check: the list's check against the sign-up form; keeps every email it saw, for walk-ins.
    /// - Throws: ``EnrolmentDeskError`` naming the file, row and column: a list that cannot be read, a progress
    ///   file that cannot be resumed from (left as it is), or a list another desk has open.
    init(listPath: String, check: inout EnrolmentCheck, form: EnrolmentForm) throws(EnrolmentDeskError) {
        title = listPath
        var people: [QueuePerson] = []
        var invalid: [InvalidRow] = []
        var reader: CSVReader?
        do throws(CSVError) {
            let opened = try check.reader(listPath)
            reader = opened
            _ = try check.run(opened, report: { _ in }) { header, record, problems in
                let email = header.names.firstIndex(of: EnrolmentForm.emailColumn).map { record.fields[$0] } ?? ""
                if problems.isEmpty {
                    people.append(QueuePerson(row: record.row, email: email.trimmingCharacters(in: .whitespaces), columns: header.names,
                                              fields: record.fields))
                } else {
                    invalid.append(InvalidRow(row: record.row, email: email, problems: problems.map { "\($0.column): \($0.englishMessage)" },
                                              shown: { problems.map(\.shown) }))
                }
            }
        } catch {
            let notice = reader?.dialect?.notice.map { " (\($0))" } ?? ""
            throw EnrolmentDeskError("\(listPath)\(notice): \(error.description)")
        }
        listNotice = reader?.dialect?.notice.map { "\(listPath): \($0)." }
        // After the list (one that cannot be read leaves no lock file), before the progress: read under another
        // desk's feet, it would lose what that desk writes next.
        do throws(ProgressFileError) {
            lock = try ListLock(list: listPath)
        } catch {
            throw EnrolmentDeskError("\(listPath): \(error.message)")
        }
        let progressPath = ProgressFile.path(besideList: listPath)
        do throws(ProgressFileError) {
            let contents = try ProgressFile.load(progressPath)
            queue = try EnrolmentQueue(people: people, invalid: invalid, resuming: contents.entries, walkIns: contents.walkIns)
        } catch {
            throw EnrolmentDeskError(error.message.hasPrefix(progressPath) ? error.message : "\(progressPath): \(error.message)")
        }
        // Walk-ins of an earlier run count as listed: one added again is refused as a duplicate row would be.
        for walkIn in queue.walkIns {
            _ = check.problems(of: EnrolmentDesk.fields(walkIn.email, walkIn.values, form), row: walkIn.row,
                               positions: EnrolmentDesk.formPositions(form), walkInTo: queue)
        }
        progress = AtomicFileWriter(path: progressPath)
    }

    func refresh() {}

    func claim(_ row: Int) -> Bool {
        queue.seat(row)
        return true
    }

    func keep(_ entry: ProgressEntry, walkIn: Bool) {
        queue.record(entry)
        saveProgress()
    }

    func release() {
        queue.leaveDesk()
    }

    /// The list's check accepted the walk-in, duplicates of the list included: they join after its last row.
    func addWalkIn(email: String, values: [String: String]) -> Result<QueuePerson, WalkInRefusal> {
        let person = queue.addWalkIn(email: email, values: values.filter { !$0.value.isEmpty })
        saveProgress()
        return .success(person)
    }

    func finish() -> [String] {
        defer { lock.release() }
        return progress.drain().map(\.message)
    }

    func written() async {
        await progress.written()
    }

    private func saveProgress() {
        let (entries, walkIns) = (queue.progress, queue.walkIns)
        progress.replaceSoon { ProgressFile.bytes(entries, walkIns: walkIns) }
    }
}
