import EmailAddresses
/// Decoded accounts by id, and ids by email, in front of the `users` table.
///
/// The light endpoints read the same few accounts on every request, and decoding a row (two JSON columns)
/// cost more than the query itself. `UserStore` empties the cache on every write to `users`, so it never
/// answers with an account older than the table. Bounded: full, it starts over.
struct UserCache {
    private var byID: [String: StoredUser] = [:]
    private var idByEmail: [String: String] = [:]
    private static let capacity = 4096

    func user(id: String) -> StoredUser? { byID[id] }

    func user(email: String) -> StoredUser? { idByEmail[Self.key(email)].flatMap { byID[$0] } }

    mutating func remember(_ user: StoredUser) {
        if byID.count >= Self.capacity { removeAll() }
        byID[user.id] = user
        idByEmail[Self.key(user.email)] = user.id
    }

    mutating func removeAll() {
        byID.removeAll(keepingCapacity: true)
        idByEmail.removeAll(keepingCapacity: true)
    }

    /// The store's own equality: `email_key`, Unicode case folding.
    private static func key(_ email: String) -> String { EmailAddress.key(email) }
}
