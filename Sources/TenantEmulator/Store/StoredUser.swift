import Foundation

/// An account as the user store holds it. The password is only ever a PBKDF2 hash.
struct StoredUser: Sendable {
    var id: String
    var email: String
    var passwordHash: String?
    var attributes: [String: String]
    var methods: [StoredMethod]
    var createdAt: Date

    var hasPassword: Bool { passwordHash != nil }
}
