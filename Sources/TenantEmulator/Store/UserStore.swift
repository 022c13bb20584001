import EmailAddresses
import Foundation

/// Accounts, strong-authentication methods, password history, refresh tokens, a sign-in log and the
/// signing key, in SQLite (in memory unless a data file is given).
///
/// The sign-in log keeps its newest `signInLogLimit` rows (``Retention/signInLogRows``), so a long-running
/// tenant's log does not grow with every sign-in. Not thread-safe by itself: `TenantEmulator` calls it under
/// its lock.
final class UserStore {
    private let database: SQLiteDatabase
    /// Emptied by every method that writes `users`.
    private var cache = UserCache()
    private let signInLogLimit: Int
    /// Rows logged since the last trim: trimming after each row would scan the log on every sign-in.
    private var loggedSinceTrim = 0

    enum Failure: Error, CustomStringConvertible {
        case userExists
        /// A data file from before `email_key` holds two accounts that Unicode case folding makes one.
        case sameAccountTwice([String])

        var description: String {
            switch self {
            case .userExists: "the user already exists"
            case .sameAccountTwice(let emails):
                "the data file has accounts that differ only in letter case (\(emails.joined(separator: ", "))); usernames are "
                    + "case-insensitive, so remove all but one with an older emulator (DELETE /emulator/v1/users/EMAIL) first"
            }
        }
    }

    init(path: String?, signInLogLimit: Int = Retention().signInLogRows) throws {
        self.signInLogLimit = max(1, signInLogLimit)
        database = try SQLiteDatabase(path: path)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS users (
              id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT,
              attributes TEXT NOT NULL DEFAULT '{}', methods TEXT NOT NULL DEFAULT '[]', created_at REAL NOT NULL, email_key TEXT)
            """)
        try migrateEmailKeys()
        try database.execute("""
            CREATE TABLE IF NOT EXISTS password_history (
              user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, hash TEXT NOT NULL, changed_at REAL NOT NULL)
            """)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS refresh_tokens (
              token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
              client_id TEXT NOT NULL, scope TEXT NOT NULL, expires_at REAL NOT NULL, mfa_satisfied INTEGER NOT NULL)
            """)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS sign_in_log (
              user_id TEXT NOT NULL, at REAL NOT NULL, client_id TEXT NOT NULL, outcome TEXT NOT NULL)
            """)
        try migrateSignInLog()
        try trimSignInLog()
        try database.execute("CREATE TABLE IF NOT EXISTS signing_key (kid TEXT PRIMARY KEY, der BLOB NOT NULL)")
    }

    func close() { database.close() }

    /// `email_key` (``EmailAddress/key(_:)``) is what accounts are found by: the `email` column's `COLLATE NOCASE`
    /// folds ASCII only, so `É` and `é` stayed two accounts. Files that predate the column get it filled here.
    private func migrateEmailKeys() throws {
        let columns = Set(try database.execute("PRAGMA table_info(users)").compactMap { $0.count > 1 ? $0[1].text : nil })
        if !columns.contains("email_key") { try database.execute("ALTER TABLE users ADD COLUMN email_key TEXT") }
        let unkeyed = try database.execute("SELECT id, email FROM users WHERE email_key IS NULL")
        if !unkeyed.isEmpty {
            let emails = try database.execute("SELECT email FROM users").compactMap { $0.first?.text }
            let clashes = Dictionary(grouping: emails, by: EmailAddress.key).values.filter { $0.count > 1 }.flatMap { $0 }
            guard clashes.isEmpty else { throw Failure.sameAccountTwice(clashes.sorted()) }
            try database.transaction {
                for row in unkeyed {
                    try database.execute("UPDATE users SET email_key = ? WHERE id = ?", [.text(EmailAddress.key(row[1].text ?? "")), row[0]])
                }
            }
        }
        try database.execute("CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users(email_key)")
    }

    // MARK: Users

    func user(email: String) throws -> StoredUser? {
        if let cached = cache.user(email: email) { return cached }
        return try remember(database.execute("SELECT id, email, password_hash, attributes, methods, created_at FROM users WHERE email_key = ?",
                                             [.text(EmailAddress.key(email))]).first.map(Self.user(from:)))
    }

    func user(id: String) throws -> StoredUser? {
        if let cached = cache.user(id: id) { return cached }
        return try remember(database.execute("SELECT id, email, password_hash, attributes, methods, created_at FROM users WHERE id = ?",
                                             [.text(id)]).first.map(Self.user(from:)))
    }

    private func remember(_ user: StoredUser?) -> StoredUser? {
        if let user { cache.remember(user) }
        return user
    }

    func allUsers() throws -> [StoredUser] {
        try database.execute("SELECT id, email, password_hash, attributes, methods, created_at FROM users ORDER BY created_at, email")
            .map(Self.user(from:))
    }

    /// Adds an account; `id` keeps an imported object id (a new GUID when `nil`).
    /// - Throws: `Failure.userExists` for an email or id already in use.
    @discardableResult
    func createUser(id: String? = nil, email: String, passwordHash: String?, attributes: [String: String], methods: [StoredMethod],
                    at date: Date) throws -> StoredUser {
        if try user(email: email) != nil { throw Failure.userExists }
        if let id, try user(id: id) != nil { throw Failure.userExists }
        let user = StoredUser(id: id ?? SecureRandom.guid(), email: email, passwordHash: passwordHash, attributes: attributes,
                              methods: methods, createdAt: date)
        cache.removeAll()
        try database.transaction {
            try database.execute("""
                INSERT INTO users (id, email, password_hash, attributes, methods, created_at, email_key) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(user.id), .text(email), passwordHash.map { .text($0) } ?? .null,
                      .text(Self.json(attributes)), .text(Self.json(methods)), .real(date.timeIntervalSince1970), .text(EmailAddress.key(email))])
            if let passwordHash {
                try database.execute("INSERT INTO password_history (user_id, hash, changed_at) VALUES (?, ?, ?)",
                                     [.text(user.id), .text(passwordHash), .real(date.timeIntervalSince1970)])
            }
        }
        return user
    }

    func setPassword(userID: String, hash: String, at date: Date) throws {
        cache.removeAll()
        try database.transaction {
            try database.execute("UPDATE users SET password_hash = ? WHERE id = ?", [.text(hash), .text(userID)])
            try database.execute("INSERT INTO password_history (user_id, hash, changed_at) VALUES (?, ?, ?)",
                                 [.text(userID), .text(hash), .real(date.timeIntervalSince1970)])
        }
    }

    /// The newest `limit` password hashes of a user (the current one first).
    func passwordHistory(userID: String, limit: Int) throws -> [String] {
        guard limit > 0 else { return [] }
        return try database.execute("SELECT hash FROM password_history WHERE user_id = ? ORDER BY changed_at DESC, rowid DESC LIMIT ?",
                                    [.text(userID), .integer(Int64(limit))]).compactMap { $0.first?.text }
    }

    func addMethod(userID: String, channel: String, target: String) throws -> StoredMethod {
        guard var user = try user(id: userID) else { throw Failure.userExists }
        // An address is one method however it is written (case, normal form); a phone number as it is.
        if let existing = user.methods.first(where: { $0.channel == channel && (channel == "email" ? EmailAddress.same($0.target, target) : $0.target == target) }) {
            return existing
        }
        let method = StoredMethod(id: SecureRandom.guid(), channel: channel, target: target)
        user.methods.append(method)
        try update(user)
        return method
    }

    /// Deletes every account and what hangs off it (the control API's reset).
    func deleteAllUsers() throws {
        cache.removeAll()
        try database.transaction {
            try database.execute("DELETE FROM refresh_tokens")
            try database.execute("DELETE FROM password_history")
            try database.execute("DELETE FROM sign_in_log")
            try database.execute("DELETE FROM users")
        }
    }

    /// Removes one account with its password history and refresh tokens; its sign-in log rows stay (history).
    func deleteUser(id: String) throws {
        cache.removeAll()
        try database.transaction {
            try database.execute("DELETE FROM refresh_tokens WHERE user_id = ?", [.text(id)])
            try database.execute("DELETE FROM password_history WHERE user_id = ?", [.text(id)])
            try database.execute("DELETE FROM users WHERE id = ?", [.text(id)])
        }
    }

    // MARK: Refresh tokens

    func saveRefreshToken(hash: String, record: RefreshTokenRecord) throws {
        try database.execute("INSERT INTO refresh_tokens (token_hash, user_id, client_id, scope, expires_at, mfa_satisfied) VALUES (?, ?, ?, ?, ?, ?)",
                             [.text(hash), .text(record.userID), .text(record.clientID), .text(record.scope),
                              .real(record.expiresAt.timeIntervalSince1970), .integer(record.mfaSatisfied ? 1 : 0)])
    }

    /// Removes and returns the record (rotation: a refresh token works once).
    func takeRefreshToken(hash: String) throws -> RefreshTokenRecord? {
        try database.transaction {
            let rows = try database.execute("SELECT user_id, client_id, scope, expires_at, mfa_satisfied FROM refresh_tokens WHERE token_hash = ?",
                                            [.text(hash)])
            guard let row = rows.first else { return nil }
            try database.execute("DELETE FROM refresh_tokens WHERE token_hash = ?", [.text(hash)])
            return RefreshTokenRecord(userID: row[0].text ?? "", clientID: row[1].text ?? "", scope: row[2].text ?? "",
                                      expiresAt: Date(timeIntervalSince1970: row[3].real ?? 0), mfaSatisfied: row[4].integer == 1)
        }
    }

    // MARK: Sign-in log and signing key

    /// Columns added to `sign_in_log` for Graph's `signIn` fields (docs/protocol.md §I6.2). Added with `ALTER TABLE`
    /// to files that predate them, so existing data files still open; their old rows keep `NULL` there.
    private static let signInColumns: [(name: String, type: String)] = [
        ("event_id", "TEXT"), ("user_display_name", "TEXT"), ("user_principal_name", "TEXT"), ("app_display_name", "TEXT"),
        ("ip_address", "TEXT"), ("client_app_used", "TEXT"), ("is_interactive", "INTEGER NOT NULL DEFAULT 1"),
        ("error_code", "INTEGER NOT NULL DEFAULT 0"), ("failure_reason", "TEXT"), ("additional_details", "TEXT"),
        ("resource_id", "TEXT"), ("resource_display_name", "TEXT"), ("correlation_id", "TEXT"),
    ]

    private func migrateSignInLog() throws {
        let existing = Set(try database.execute("PRAGMA table_info(sign_in_log)").compactMap { $0.count > 1 ? $0[1].text : nil })
        for column in Self.signInColumns where !existing.contains(column.name) {
            try database.execute("ALTER TABLE sign_in_log ADD COLUMN \(column.name) \(column.type)")
        }
        // Old rows: an event id of their own, and the AADSTS code of the one failure they could record.
        try database.execute("""
            UPDATE sign_in_log SET event_id = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
              || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))) WHERE event_id IS NULL
            """)
        try database.execute("UPDATE sign_in_log SET error_code = 50126 WHERE outcome = 'wrongPassword' AND error_code = 0")
    }

    func logSignIn(_ event: SignInEvent) throws {
        func text(_ value: String?) -> SQLiteDatabase.Value { value.map { .text($0) } ?? .null }
        try database.execute("""
            INSERT INTO sign_in_log (user_id, at, client_id, outcome, event_id, user_display_name, user_principal_name, app_display_name,
              ip_address, client_app_used, is_interactive, error_code, failure_reason, additional_details, resource_id, resource_display_name,
              correlation_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(event.userID), .real(event.createdAt.timeIntervalSince1970), .text(event.appID),
                  .text(event.errorCode == 0 ? "success" : "failure"), .text(event.id), text(event.userDisplayName),
                  text(event.userPrincipalName), text(event.appDisplayName), text(event.ipAddress), text(event.clientAppUsed),
                  .integer(event.isInteractive ? 1 : 0), .integer(Int64(event.errorCode)), text(event.failureReason),
                  text(event.additionalDetails), text(event.resourceID), text(event.resourceDisplayName), text(event.correlationID)])
        loggedSinceTrim += 1
        if loggedSinceTrim >= max(1, signInLogLimit / 10) { try trimSignInLog() }
    }

    /// Deletes all but the newest `signInLogLimit` rows (the oldest inserted go first).
    private func trimSignInLog() throws {
        loggedSinceTrim = 0
        try database.execute("DELETE FROM sign_in_log WHERE rowid IN (SELECT rowid FROM sign_in_log ORDER BY rowid DESC LIMIT -1 OFFSET ?)",
                             [.integer(Int64(signInLogLimit))])
    }

    /// The whole log, newest first (ties: the later insert first).
    func signIns() throws -> [SignInEvent] {
        try database.execute("""
            SELECT rowid, event_id, at, user_id, user_display_name, user_principal_name, client_id, app_display_name, ip_address,
              client_app_used, is_interactive, error_code, failure_reason, additional_details, resource_id, resource_display_name,
              correlation_id
            FROM sign_in_log ORDER BY at DESC, rowid DESC
            """).map { row in
            SignInEvent(id: row[1].text ?? "", createdAt: Date(timeIntervalSince1970: row[2].real ?? 0), userID: row[3].text ?? "",
                        userDisplayName: row[4].text, userPrincipalName: row[5].text, appID: row[6].text ?? "", appDisplayName: row[7].text,
                        ipAddress: row[8].text, clientAppUsed: row[9].text, isInteractive: row[10].integer != 0,
                        errorCode: Int(row[11].integer ?? 0), failureReason: row[12].text, additionalDetails: row[13].text,
                        resourceID: row[14].text, resourceDisplayName: row[15].text, correlationID: row[16].text, rowID: row[0].integer ?? 0)
        }
    }

    /// Empties the sign-in log (`DELETE /emulator/v1/signins`).
    func deleteSignIns() throws {
        try database.execute("DELETE FROM sign_in_log")
    }

    /// Stores `user`'s email, attributes and methods over the row with its id: one write for whatever a step
    /// changes (Graph `PATCH /me`, a registered method), so a step that changes an account needs no store call of its own.
    /// - Throws: the database's constraint error for an email another account has (check with `user(email:)` first).
    func update(_ user: StoredUser) throws {
        cache.removeAll()
        try database.execute("UPDATE users SET email = ?, email_key = ?, attributes = ?, methods = ? WHERE id = ?",
                             [.text(user.email), .text(EmailAddress.key(user.email)), .text(Self.json(user.attributes)),
                              .text(Self.json(user.methods)), .text(user.id)])
    }

    func signingKeyDER() throws -> Data? {
        try database.execute("SELECT der FROM signing_key LIMIT 1").first?.first?.blob
    }

    func saveSigningKey(kid: String, der: Data) throws {
        try database.execute("INSERT OR REPLACE INTO signing_key (kid, der) VALUES (?, ?)", [.text(kid), .blob(der)])
    }

    // MARK: Rows

    /// One coder each for every row: making them per row (and decoding the empty `[]` every password
    /// account stores) was a visible share of a sign-in in the benchmark's profile.
    private static let decoder = JSONDecoder()
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static func user(from row: [SQLiteDatabase.Value]) -> StoredUser {
        let attributes = row[3].text.flatMap { $0 == "{}" ? [:] : try? decoder.decode([String: String].self, from: Data($0.utf8)) } ?? [:]
        let methods = row[4].text.flatMap { $0 == "[]" ? [] : try? decoder.decode([StoredMethod].self, from: Data($0.utf8)) } ?? []
        return StoredUser(id: row[0].text ?? "", email: row[1].text ?? "", passwordHash: row[2].text, attributes: attributes,
                          methods: methods, createdAt: Date(timeIntervalSince1970: row[5].real ?? 0))
    }

    private static func json<Value: Encodable>(_ value: Value) -> String {
        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
