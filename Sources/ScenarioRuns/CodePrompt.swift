import Foundation
import Synchronization
import TerminalUI

/// Asks the operator for a one-time code on the terminal, as the line mode asks for one (without echo), one
/// question at a time: scenarios running in parallel wait their turn.
final class CodePrompt: Sendable {
    private let turn = Mutex(())

    /// The trimmed code typed, or nil when input ended.
    func ask(_ question: String) -> String? {
        turn.withLock { _ in
            LineTerminal().askSecret(question)?.trimmingCharacters(in: .whitespaces)
        }
    }
}
