import EmailAddresses
import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// What `username` the emulator accepts: surrounding spaces and tabs are dropped (Unicode spaces too, as
/// Foundation's `.whitespaces` has them); a newline is not a space, so an address ending in one is refused; the
/// rest is the package's one address shape, so markup after the domain is no address.
@Suite struct UsernameTests {
    @Test("spaces and tabs around an address are dropped; a newline makes it invalid", arguments: [
        ("jane.doe@contoso.com", 200), (" \tjane.doe@contoso.com ", 200), ("\u{00A0}jane.doe@contoso.com\u{2003}", 200),
        ("jane.doe@contoso.com\n", 400), ("\njane.doe@contoso.com", 400), ("jane doe@contoso.com", 400), (" ", 400),
    ])
    func trimming(username: String, status: Int) throws {
        let harness = try Harness()
        let answer = harness.post(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": allTypes])
        #expect(answer.status == status, "\(String(decoding: answer.body, as: UTF8.self))")
        if status == 200 { #expect(answer.jsonObject?["continuation_token"] is String) }
    }
}

/// The emulator's username shape is the package's one rule: sign-up refuses markup after the domain as a bad
/// parameter, and takes the same address without it.
@Suite struct UsernameShapeTests {
    @Test("markup or specials make no username", arguments: ["x@y.z<script>", "new.person@contoso.com>", "new,person@contoso.com", "new@-contoso.com"])
    func markupIsNoUsername(username: String) throws {
        let harness = try Harness()
        let start = { (name: String) in
            harness.post(.signUpStart, ["client_id": clientID, "username": name, "challenge_type": allTypes, "password": "Tall-Copper-Kite-42",
                                        "attributes": #"{"displayName":"New Person"}"#])
        }
        let refused = start(username)
        #expect(refused.status == 400)
        #expect((refused.jsonObject?["error_description"] as? String)?.contains("The username parameter is empty or not valid.") == true, "\(username)")
        #expect(start("new.person@contoso.com").jsonObject?["continuation_token"] is String)
    }
}

/// A username names one account whatever the letter case, for every script: Unicode case folding, not ASCII
/// only (SQLite's `COLLATE NOCASE` folded A–Z alone, so `É` and `é` were two users). Field case: the emulator's
/// username rule.
@Suite struct UsernameCaseFoldingTests {
    let signedUp = "Émile.Durand@contoso.com"
    let attributes = #"{"displayName":"Émile Durand"}"#

    /// Signs `signedUp` up with a password and returns the harness.
    func harnessWithÉmile(dataFile: String? = nil) throws -> Harness {
        let harness = try Harness(preset: "email-password", dataFile: dataFile)
        let token = try harness.signUpCodeToken(signedUp, password: "Tall-Copper-Kite-42", attributes: attributes)
        let done = try harness.verifySignUp(token, signedUp)
        #expect(done["continuation_token"] is String, "\(done)")
        return harness
    }

    @Test("an account signed up as Émile.Durand@ is found as émile.durand@, ÉMILE.DURAND@ and the decomposed E\u{301}mile")
    func signInWithAnyCase() throws {
        let harness = try harnessWithÉmile()
        for spelling in ["émile.durand@contoso.com", "ÉMILE.DURAND@CONTOSO.COM", "E\u{301}mile.durand@contoso.com"] {
            let answer = harness.post(.signInInitiate, ["client_id": clientID, "username": spelling, "challenge_type": allTypes])
            #expect(answer.status == 200 && answer.jsonObject?["error"] == nil, "\(spelling): \(String(decoding: answer.body, as: UTF8.self))")
            let again = harness.post(.signUpStart, ["client_id": clientID, "username": spelling, "challenge_type": allTypes,
                                                    "password": "Other-Copper-Kite-43", "attributes": attributes])
            #expect(again.jsonObject?["error"] as? String == "user_already_exists", "\(spelling) must not sign up a second account")
        }
        #expect(harness.emulator.outbox.latest(to: "émile.durand@contoso.com") != nil, "the outbox finds the sign-up's code by any case")
        #expect(harness.control("DELETE", "users/\(FormBody.escape("émile.durand@contoso.com"))").status == 200)
    }

    @Test("a data file keys accounts the same way, and an import of émile.durand@ is the existing account")
    func dataFileAndImport() throws {
        let file = ScratchDatabase()
        do {
            let harness = try harnessWithÉmile(dataFile: file.path)
            harness.emulator.close()
        }
        let reopened = try Harness(preset: "email-password", dataFile: file.path)
        let answer = reopened.post(.signInInitiate, ["client_id": clientID, "username": "émile.durand@contoso.com", "challenge_type": allTypes])
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let imported = reopened.control("POST", "users", body: #"[{"email": "émile.durand@contoso.com", "password": "Amber-Field-2290!"}]"#)
        #expect(imported.status == 200)
        let users = try JSONSerialization.jsonObject(with: reopened.control("GET", "users").body) as? [[String: Any]] ?? []
        #expect(users.compactMap { $0["email"] as? String }.filter { $0.lowercased().contains("durand") } == [signedUp])
    }

    @Test("the operator list folds case the same way; full folding makes STRASSE straße; an accent is not a case")
    func operatorsAndFolding() throws {
        var policy = try TenantPreset.load("email-password")
        policy.operators = ["ÉMILE.DURAND@CONTOSO.COM"]
        #expect(policy.isOperator("émile.durand@contoso.com"))
        #expect(EmailAddress.same("STRASSE@contoso.com", "straße@contoso.com"))
        #expect(!EmailAddress.same("emile.durand@contoso.com", "émile.durand@contoso.com"), "an accent is not a letter case")
    }
}
