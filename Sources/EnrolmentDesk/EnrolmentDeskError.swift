/// Why `--queue FILE.csv` cannot start: a sentence naming the file (and its row and column, or line).
package struct EnrolmentDeskError: Error, Equatable {
    package let message: String

    init(_ message: String) {
        self.message = message
    }
}
