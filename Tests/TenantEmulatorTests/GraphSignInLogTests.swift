import CSQLite3
import Foundation
import NativeAuthWire
import TestSupport
import Testing
@testable import TenantEmulator

/// The sign-in log (every path, success and failure), the control API over it, and its migration.
/// Source: docs/protocol.md §I6.2; field case 022 (docs/field-cases.md).
@Suite("Graph sign-in log")
struct GraphSignInLogTests {
    typealias F = GraphFixture
    static let mobile = "Mobile Apps and Desktop clients"

    /// errorCode, clientAppUsed, isInteractive of each row, newest first.
    func summary(_ rows: [[String: Any]]) -> [String] {
        rows.map { row in
            let status = row["status"] as? [String: Any]
            return "\(status?["errorCode"] as? Int ?? -1) \(row["clientAppUsed"] as? String ?? "?") \(row["isInteractive"] as? Bool ?? true)"
        }
    }

    @Test("wrong password, password sign-in and refresh are logged with Graph's signIn fields on the virtual clock")
    func nativeAndRefresh() throws {
        let harness = try Harness()
        harness.advance(86_400)
        let flow = try harness.signInPasswordToken(F.jane)
        #expect(harness.passwordGrant(flow, F.jane, "Wrong-Password-1").status == 400)
        harness.advance(1)
        let answer = harness.passwordGrant(flow, F.jane, F.janePassword)
        let refresh = try #require(answer.jsonObject?["refresh_token"] as? String)
        harness.advance(1)
        #expect(harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh]).status == 200)
        let rows = harness.signInLog()
        #expect(summary(rows) == ["0 \(Self.mobile) false", "0 \(Self.mobile) true", "50126 \(Self.mobile) true"])
        let user = try #require(try harness.emulator.store.user(email: F.jane))
        let upn = GraphUserProfile.userPrincipalName(of: user, tenantName: "contoso")
        for row in rows {
            #expect(UUID(uuidString: row["id"] as? String ?? "") != nil)
            #expect(row["userId"] as? String == user.id && row["userPrincipalName"] as? String == upn)
            #expect(row["userDisplayName"] as? String == "Jane Doe")
            #expect(row["appId"] as? String == clientID && row["appDisplayName"] as? String == clientID)
            #expect(row["ipAddress"] as? String == "127.0.0.1" && row["conditionalAccessStatus"] as? String == "notApplied")
            #expect(row["resourceDisplayName"] as? String == "Microsoft Graph" && row["resourceId"] as? String == F.graphAppID)
            let location = row["location"] as? [String: Any] ?? [:]
            #expect(location["city"] is String && location["state"] is String && location["countryOrRegion"] is String)
            let created = row["createdDateTime"] as? String ?? ""
            #expect(created.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$"#, options: .regularExpression) != nil, "\(created)")
            #expect(try #require(SignInEvent.parseTimestamp(created)) > Date().addingTimeInterval(86_000), "virtual clock")
        }
        let failed = try #require(rows.last?["status"] as? [String: Any])
        #expect(failed["failureReason"] as? String == ProtocolError.invalidCredentials.message)
        #expect(failed["additionalDetails"] as? String == "invalid_grant")
        let succeeded = try #require(rows.first?["status"] as? [String: Any])
        #expect(succeeded["failureReason"] is NSNull && succeeded["additionalDetails"] is NSNull)
        let times = rows.compactMap { ($0["createdDateTime"] as? String).flatMap(SignInEvent.parseTimestamp) }
        #expect(times == times.sorted(by: >) && Set(times).count == 3, "newest first")
    }

    @Test("failures: wrong one-time code (50181), expired refresh token (700082), MFA newly required on refresh (50076)")
    func nativeFailures() throws {
        let otp = try Harness(preset: "email-otp")
        let flow = try otp.signInCodeToken("alex.kim@contoso.com")
        #expect(otp.post(.token, ["client_id": clientID, "continuation_token": flow, "grant_type": "oob", "oob": "00000000"]).status == 400)
        #expect(summary(otp.signInLog()) == ["50181 \(Self.mobile) true"])

        let expiring = try Harness()
        let refresh = try #require(try expiring.signIn()["refresh_token"] as? String)
        expiring.advance(TimeInterval(expiring.emulator.policy.tokens.refreshTokenSeconds + 1))
        #expect(expiring.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh]).status == 400)
        #expect(summary(expiring.signInLog()).first == "700082 \(Self.mobile) false")

        let mfa = try Harness(preset: "mfa")
        let user = try #require(try mfa.emulator.store.user(email: F.jane))
        let value = "1.stale-before-mfa"
        try mfa.emulator.store.saveRefreshToken(hash: SHA256Digest.hex(value), record: RefreshTokenRecord(
            userID: user.id, clientID: clientID, scope: "openid offline_access User.Read", expiresAt: mfa.emulator.clock.now.addingTimeInterval(3600),
            mfaSatisfied: false))
        #expect(firstCode(mfa.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": value])) == 50076)
        #expect(summary(mfa.signInLog()) == ["50076 \(Self.mobile) false"])
    }

    @Test("MFA: a wrong second-factor code and a blocked SMS method are failed sign-ins")
    func mfaFailures() throws {
        let harness = try Harness(preset: "mfa", configure: { $0.mfa.smsBlocked = .reputation })
        let mfaToken = try harness.mfaRequiredToken(F.jane, F.janePassword)
        let (token, methods) = try harness.introspect(mfaToken)
        let emailID = try #require(methods["email"])
        let sent = try harness.token(.signInChallenge, ["client_id": clientID, "continuation_token": token, "id": emailID, "challenge_type": allTypes])
        #expect(harness.post(.token, ["client_id": clientID, "continuation_token": sent, "grant_type": "mfa_oob", "oob": "00000000"]).status == 400)
        if let smsID = methods["sms"] {
            let blocked = harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": sent, "id": smsID, "challenge_type": allTypes])
            #expect(blocked.status == 400)
            #expect(summary(harness.signInLog()) == ["550024 \(Self.mobile) true", "50181 \(Self.mobile) true"])
        } else {
            Issue.record("the mfa preset's Jane has no sms method")
        }
    }

    @Test("browser (authorize) and device-code page sign-ins, their wrong passwords, and an expired authorization code")
    func interactive() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let first = harness.get(harness.authorizePath, harness.authorizeQuery(pkce))
        let flow = try flowHandle(first)
        _ = harness.postForm(harness.authorizePath, ["flow": flow, "username": F.jane, "action": "next"])
        _ = harness.postForm(harness.authorizePath, ["flow": flow, "password": "nope-nope-1", "action": "next"])
        let done = harness.postForm(harness.authorizePath, ["flow": flow, "password": F.janePassword, "action": "next"])
        let code = try #require(harness.redirectItems(done)["code"])
        harness.advance(TenantEmulator.authorizationCodeSeconds + 1)
        #expect(harness.redeem(code, verifier: pkce.verifier).status == 400)
        #expect(summary(harness.signInLog()) == ["70008 Browser true", "0 Browser true", "50126 Browser true"])

        #expect(harness.control("DELETE", "signins").status == 200)
        let device = try harness.deviceAuthorization()
        let page = harness.get("/common/oauth2/deviceauth")
        let handle = try flowHandle(page)
        _ = harness.postForm("/common/oauth2/deviceauth", ["flow": handle, "user_code": userCode(device), "action": "next"])
        _ = harness.postForm("/common/oauth2/deviceauth", ["flow": handle, "username": F.jane, "action": "next"])
        _ = harness.postForm("/common/oauth2/deviceauth", ["flow": handle, "password": "nope-nope-1", "action": "next"])
        _ = harness.postForm("/common/oauth2/deviceauth", ["flow": handle, "password": F.janePassword, "action": "next"])
        #expect(summary(harness.signInLog()) == ["0 \(Self.mobile) true", "50126 \(Self.mobile) true"])
    }

    @Test("a wrong code on the sign-in page of a code-only account is a failed sign-in")
    func webWrongCode() throws {
        let harness = try Harness(preset: "email-otp")
        let first = harness.get(harness.authorizePath, harness.authorizeQuery())
        let flow = try flowHandle(first)
        _ = harness.postForm(harness.authorizePath, ["flow": flow, "username": "alex.kim@contoso.com", "action": "next"])
        _ = harness.postForm(harness.authorizePath, ["flow": flow, "code": "00000000", "action": "next"])
        #expect(summary(harness.signInLog()) == ["50181 Browser true"])

        let mfa = try Harness(preset: "mfa")
        let start = try flowHandle(mfa.get(mfa.authorizePath, mfa.authorizeQuery()))
        _ = mfa.postForm(mfa.authorizePath, ["flow": start, "username": F.jane, "action": "next"])
        _ = mfa.postForm(mfa.authorizePath, ["flow": start, "password": F.janePassword, "action": "next"])
        _ = mfa.postForm(mfa.authorizePath, ["flow": start, "code": "00000000", "action": "next"])
        #expect(summary(mfa.signInLog()) == ["50181 Browser true"], "a wrong second-factor code on the page")
    }

    @Test("control API: GET /emulator/v1/signins lists newest first, DELETE clears, other methods 405")
    func controlAPI() throws {
        let harness = try Harness()
        _ = try harness.signIn()
        _ = try harness.signIn(F.ops, F.opsPassword)
        let rows = harness.signInLog()
        #expect(rows.compactMap { $0["userDisplayName"] as? String } == ["Contoso Operations", "Jane Doe"])
        #expect(harness.control("DELETE", "signins").jsonObject?["deleted"] as? Bool == true)
        #expect(harness.signInLog().isEmpty)
        #expect(harness.control("PUT", "signins").status == 405)
    }

    @Test("a data file written before the Graph columns still opens; its rows get an id and their AADSTS code")
    func migration() throws {
        let scratch = ScratchDatabase()
        do {
            let old = try SQLiteDatabase(path: scratch.path)
            try old.execute("CREATE TABLE sign_in_log (user_id TEXT NOT NULL, at REAL NOT NULL, client_id TEXT NOT NULL, outcome TEXT NOT NULL)")
            try old.execute("INSERT INTO sign_in_log VALUES ('u-1', 1773480401.5, ?, 'wrongPassword')", [.text(clientID)])
            try old.execute("INSERT INTO sign_in_log VALUES ('u-1', 1773480402.5, ?, 'success')", [.text(clientID)])
            old.close()
        }
        let emulator = try TenantEmulator(policy: try TenantPreset.load("email-password"), dataFile: scratch.path, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        defer { emulator.close() }
        let rows = (try JSONSerialization.jsonObject(with: emulator.handle(EmulatorRequest(method: "GET", path: "/emulator/v1/signins")).body))
            as? [[String: Any]] ?? []
        #expect(rows.count == 2)
        #expect(rows.map { ($0["status"] as? [String: Any])?["errorCode"] as? Int } == [0, 50126])
        #expect(rows.allSatisfy { UUID(uuidString: $0["id"] as? String ?? "") != nil })
        #expect(rows.first?["createdDateTime"] as? String == "2026-03-14T09:26:42.5000000Z")
    }
}
