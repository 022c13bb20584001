import Foundation
import Synchronization

/// Asks the operator for a one-time code on standard error / standard input, one question at a time
/// (scenarios running in parallel wait their turn). The typed code is never echoed back or logged.
final class CodePrompt: Sendable {
    private let turn = Mutex(())

    /// The trimmed line typed, or nil when input ended.
    func ask(_ question: String) -> String? {
        turn.withLock { _ in
            FileHandle.standardError.write(Data(question.utf8))
            return readLine()?.trimmingCharacters(in: .whitespaces)
        }
    }
}
