import Foundation

/// A user as `GET /emulator/v1/users` exports it: exactly what `POST /emulator/v1/users` (or a policy's
/// `users[]`) takes back, so export → import → export gives the same bytes (as the Firebase Auth emulator's
/// export and import do).
///
/// JSON: `{"attributes", "createdAt", "email", "id", "methods": [{"channel", "id", "target"}], "passwordHash"}`,
/// keys sorted; `passwordHash` (the stored PBKDF2 hash with its iterations and salt, never a password) only
/// for password accounts. Derived and history data (sign-in log, password history, refresh tokens) are not
/// part of it.
struct ExportedUser: Codable, Equatable {
    var id: String
    var email: String
    var passwordHash: String?
    var attributes: [String: String]
    var methods: [StoredMethod]
    /// ISO 8601 to the second, UTC.
    var createdAt: String

    init(_ user: StoredUser, formatter: ISO8601DateFormatter) {
        id = user.id
        email = user.email
        passwordHash = user.passwordHash
        attributes = user.attributes
        methods = user.methods
        createdAt = formatter.string(from: user.createdAt)
    }

    /// The export of `users`: ordered by creation time as exported, then email, so an import (which keeps
    /// whole seconds) lists them in the same order.
    static func export(_ users: [StoredUser]) -> Data {
        let formatter = ISO8601DateFormatter()
        let exported = users.map { ExportedUser($0, formatter: formatter) }
            .sorted { ($0.createdAt, $0.email.lowercased(), $0.email) < ($1.createdAt, $1.email.lowercased(), $1.email) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(exported)) ?? Data("[]".utf8)
    }
}
