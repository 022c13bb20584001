import AccountFlow
import EnrolmentFiles
import Foundation
import Localization

/// `tophhie enrol --check`: every row of a list through the sign-up form's rules, read as a stream.
struct EnrolmentCheck {
    /// What the whole file came to.
    struct Summary: Equatable {
        /// People (data rows) read.
        var people = 0
        /// Rows with at least one problem.
        var invalidRows = 0
    }

    let form: EnrolmentForm
    /// Emails seen so far, by a 64-bit hash of their key and of their spelling: a list of any length costs 24
    /// bytes a person, not the text.
    private var firstOf: [UInt64: (row: Int, spelling: UInt64)] = [:]

    init(form: EnrolmentForm) {
        self.form = form
    }

    /// The list at `path` as the dry run and the queue both read it: any encoding ``CSVReader`` takes, the
    /// separator from the header line (the form's columns decide between candidates).
    /// - Throws: ``CSVError`` when it cannot be opened.
    func reader(_ path: String) throws(CSVError) -> CSVReader {
        try CSVReader(path: path, separatorFromHeader: form.columns)
    }

    /// Reads `reader` to the end, calling `report` with one `row N, column NAME: message` line per problem, and
    /// `each` with the header and every data row and its problems (the queue keeps the rows; the dry run need not).
    /// - Throws: ``CSVError`` for a file that breaks the dialect or whose header does not fit the form; the
    ///   problems found before it have been reported.
    mutating func run(_ reader: CSVReader, report: (String) -> Void,
                      each: (CSVHeader, CSVRecord, [ColumnProblem]) -> Void = { _, _, _ in }) throws(CSVError) -> Summary {
        guard let first = try reader.next() else { throw CSVError(message: "the file is empty; it needs a header row (see --template).") }
        let header = try CSVHeader(first, known: form.columns, required: form.requiredColumns)
        let positions = form.positions(in: header.names)
        var summary = Summary()
        while let record = try reader.next() {
            try header.check(record)
            summary.people += 1
            let problems = problems(of: record.fields, row: record.row, positions: positions)
            if !problems.isEmpty { summary.invalidRows += 1 }
            each(header, record, problems)
            for problem in problems {
                report("row \(record.row), column \(problem.column): \(problem.englishMessage)")
            }
        }
        return summary
    }

    /// What the form refuses in one row's `fields` (under a header whose ``EnrolmentForm/positions(in:)`` are
    /// `positions`), and an email listed already on an earlier row (checked before it, or a walk-in's): one engine
    /// for the list and the walk-ins at the desk. The row's email counts as seen from here on.
    /// - Parameter queue: for a walk-in, the desk's queue: a row it does not offer (refused by the check) does not
    ///   stand in the way, since staff enrol that person by hand; one marked skipped is refused saying so. A
    ///   walk-in counts as seen only when nothing was refused (it may be corrected and checked again).
    mutating func problems(of fields: [String], row: Int, positions: [Int?], walkInTo queue: EnrolmentQueue? = nil) -> [ColumnProblem] {
        let checked = form.check(row: fields, positions: positions)
        var problems = checked.problems
        if let key = checked.comparableEmail.map(Self.fingerprint) {
            let email = positions[0].map { fields[$0] } ?? ""
            let spelling = Self.fingerprint(AttributeField.trimmedBlanks(email))
            if let earlier = firstOf[key], queue.map({ $0.person(at: earlier.row) != nil }) ?? true {
                let row = String(earlier.row)
                problems.append(.email(queue?.outcomes[earlier.row]?.outcome == .skipped ? tr("enrolment.listedSkipped", ["row": row])
                                       : earlier.spelling == spelling ? tr("enrolment.listedAlready", ["row": row])
                                       : tr("enrolment.listedAlreadySpelt", ["row": row])))
            } else if queue == nil || problems.isEmpty {
                firstOf[key] = (row, spelling)
            }
        }
        return problems
    }

    /// FNV-1a (64 bit) of the text's UTF-8: two different emails share one with odds of about 1 in 10^8 in a
    /// list of a million people.
    static func fingerprint(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            return hash
        }
    }
}
