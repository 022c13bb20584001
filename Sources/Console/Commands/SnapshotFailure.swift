import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// A snapshot that could not be taken or written; says what an operator needs.
struct SnapshotFailure: CommandFailure {
    let error: any Error

    var needsSignIn: Bool { Self.onlySignInFixes(error) }

    var description: String {
        switch error as? GraphError {
        case let graph?:
            PrintableText.make(graph.errorDescription ?? "\(graph)") + (graph.details.map { " (\(PrintableText.make($0.description)))" } ?? "")
        case nil:
            PrintableText.make((error as? LocalizedError)?.errorDescription ?? "\(error)")
        }
    }
}
