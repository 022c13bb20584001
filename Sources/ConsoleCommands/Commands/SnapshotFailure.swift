import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// A snapshot that could not be taken or written; says what an operator needs.
package struct SnapshotFailure: CommandFailure {
    let error: any Error

    package init(error: any Error) { self.error = error }

    var needsSignIn: Bool { Self.onlySignInFixes(error) }

    package var description: String {
        // A failed read is named, with Graph's details (status, code, request id) after it.
        let graph = (error as? TenantSnapshotReadError)?.error ?? error as? GraphError
        let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
        guard let details = graph?.details?.description, !text.contains(details) else { return PrintableText.make(text) }
        return PrintableText.make(text) + " (\(PrintableText.make(details)))"
    }
}
