import Foundation

/// An account as the user store holds it. The password is only ever a PBKDF2 hash.
///
/// Encodable as the control API's export (`UserExport`): every stored property, nothing derived.
struct StoredUser: Sendable, Encodable {
    var id: String
    var email: String
    var passwordHash: String?
    var attributes: [String: String]
    var methods: [StoredMethod]
    var createdAt: Date

    var hasPassword: Bool { passwordHash != nil }
}
