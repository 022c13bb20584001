import Foundation
@testable import TenantEmulator
import Testing

/// The store's cache of decoded accounts never answers with an account older than the table, and finds
/// emails exactly as the column's `COLLATE NOCASE` does.
@Suite struct UserCacheTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("every write to an account is seen by the next read, by id and by email")
    func writesAreSeen() throws {
        let store = try UserStore(path: nil)
        let created = try store.createUser(email: "ana@contoso.com", passwordHash: "old", attributes: ["city": "Lisboa"], methods: [], at: now)
        #expect(try store.user(email: "ana@contoso.com")?.passwordHash == "old")
        #expect(try store.user(id: created.id)?.passwordHash == "old")

        try store.setPassword(userID: created.id, hash: "new", at: now)
        #expect(try store.user(email: "ana@contoso.com")?.passwordHash == "new")
        #expect(try store.user(id: created.id)?.passwordHash == "new")

        var changed = try #require(try store.user(id: created.id))
        changed.attributes = ["city": "Porto"]
        changed.email = "ana.silva@contoso.com"
        try store.update(changed)
        #expect(try store.user(id: created.id)?.attributes == ["city": "Porto"])
        #expect(try store.user(email: "ana@contoso.com") == nil)
        #expect(try store.user(email: "ANA.SILVA@contoso.com")?.id == created.id)

        let method = try store.addMethod(userID: created.id, channel: "sms", target: "+351912345678")
        #expect(try store.user(email: "ana.silva@contoso.com")?.methods == [method])

        try store.deleteUser(id: created.id)
        #expect(try store.user(email: "ana.silva@contoso.com") == nil)
        #expect(try store.user(id: created.id) == nil)

        let again = try store.createUser(email: "ana@contoso.com", passwordHash: nil, attributes: [:], methods: [], at: now)
        #expect(try store.user(email: "ana@contoso.com")?.id == again.id)
        try store.deleteAllUsers()
        #expect(try store.user(id: again.id) == nil)
    }

    @Test("emails match with Unicode case folding, read from the table or from the cache; an accent still counts")
    func emailsFoldAsNoCase() throws {
        let store = try UserStore(path: nil)
        let ana = try store.createUser(email: "ána@contoso.com", passwordHash: nil, attributes: [:], methods: [], at: now)
        for _ in 0..<2 {  // the first round reads the table, the second the cache
            #expect(try store.user(email: "áNA@CONTOSO.com")?.id == ana.id)
            #expect(try store.user(email: "ÁNA@contoso.com")?.id == ana.id)
            #expect(try store.user(email: "ana@contoso.com") == nil)
        }
    }
}
