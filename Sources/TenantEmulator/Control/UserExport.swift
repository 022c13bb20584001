import EmailAddresses
import Foundation

/// `GET /emulator/v1/users`: an export that `POST /emulator/v1/users` (or a policy's `users[]`) takes back
/// unchanged, so export → import → export gives the same bytes (as the Firebase Auth emulator's export and
/// import do).
///
/// JSON: `[{"attributes", "createdAt", "email", "id", "methods": [{"channel", "id", "target"}], "passwordHash"}]`,
/// keys sorted, `createdAt` ISO 8601 to the second; `passwordHash` (the stored PBKDF2 hash with its iterations
/// and salt, never a password) only for password accounts. The sign-in log, password history and refresh
/// tokens are not part of it.
enum UserExport {
    /// The export of `users`, ordered by creation time as exported (whole seconds), then email: an import,
    /// which keeps whole seconds, lists them in the same order.
    static func data(_ users: [StoredUser]) -> Data {
        let formatter = ISO8601DateFormatter()
        let ordered = users.map { (created: formatter.string(from: $0.createdAt), user: $0) }
            .map { (created: $0.created, key: EmailAddress.key($0.user.email), user: $0.user) }
            .sorted { ($0.created, $0.key, $0.user.email) < ($1.created, $1.key, $1.user.email) }
            .map(\.user)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(ordered)) ?? Data("[]".utf8)
    }
}
