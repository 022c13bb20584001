import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// `GET /v1.0/auditLogs/signIns`: who may read it, `$filter`, `$top`, order, `@odata.nextLink`, faults.
/// Source: docs/protocol.md §I6; trap T16; field case 022 (docs/field-cases.md).
@Suite("Graph sign-in history")
struct GraphAuditLogTests {
    typealias F = GraphFixture
    static let signIns = "/v1.0/auditLogs/signIns"

    /// `count` password sign-ins of Jane, one virtual second apart.
    func signInJane(_ harness: Harness, times count: Int) throws {
        for _ in 0..<count {
            harness.advance(1)
            #expect(harness.passwordGrant(try harness.signInPasswordToken(F.jane), F.jane, F.janePassword, scope: "openid").status == 200)
        }
    }

    func ids(_ response: EmulatorResponse) -> [String] {
        (response.jsonObject?["value"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    func escaped(_ text: String) -> String { TenantEmulator.uriEscape(text) }

    /// A token refresh is not a sign-in the user made: `tophhie history` must not show one per refresh.
    @Test("a refresh-token grant is not listed: Graph shows the password sign-in only; the control API keeps it, not interactive")
    func refreshesAreNotInteractiveSignIns() throws {
        let harness = try Harness()
        harness.advance(1)
        let refresh = try #require(try harness.signIn(F.jane)["refresh_token"] as? String)
        harness.advance(1)
        #expect(harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh]).status == 200)
        let janeID = try #require(try harness.emulator.store.user(email: F.jane)?.id)
        let token = try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope)
        let rows = harness.graph("GET", "\(Self.signIns)?$filter=\(escaped("userId eq '\(janeID)'"))", token: token)
            .jsonObject?["value"] as? [[String: Any]] ?? []
        #expect(rows.count == 1 && rows.allSatisfy { $0["isInteractive"] as? Bool == true }, "\(rows)")
        #expect(harness.signInLog().contains { $0["userId"] as? String == janeID && $0["isInteractive"] as? Bool == false })
    }

    @Test("62 rows with $top=50: a page of 50 newest first and a nextLink; the link → 429 Retry-After 7; the same link → the last 12")
    func pagingWithThrottle() throws {
        let harness = try Harness()
        try signInJane(harness, times: 62)
        let janeID = try #require(try harness.emulator.store.user(email: F.jane)?.id)
        let token = try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope)
        let first = harness.graph("GET", "\(Self.signIns)?$top=50&$filter=\(escaped("userId eq '\(janeID)'"))", token: token)
        #expect(first.status == 200)
        let body = try #require(first.jsonObject)
        #expect(body["@odata.context"] as? String == "https://graph.microsoft.com/v1.0/$metadata#auditLogs/signIns")
        let rows = try #require(body["value"] as? [[String: Any]])
        #expect(rows.count == 50 && rows.allSatisfy { $0["userId"] as? String == janeID })
        let times = rows.compactMap { ($0["createdDateTime"] as? String).flatMap(SignInEvent.parseTimestamp) }
        #expect(times.count == 50 && zip(times, times.dropFirst()).allSatisfy { $0 > $1 }, "newest first")
        let link = try #require(body["@odata.nextLink"] as? String)
        #expect(link.hasPrefix("http://127.0.0.1/v1.0/auditLogs/signIns?") && link.contains("$skiptoken="))
        #expect(URL(string: link) != nil, "a valid absolute URL")
        try signInJane(harness, times: 1) // a newer row must not shift the next page
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/v1.0/auditLogs/signIns", "kind": "http429", "seconds": 7}"#).status == 200)
        let throttled = try harness.follow(link, token: token)
        expectGraphEnvelope(throttled, status: 429, code: "TooManyRequests")
        #expect(throttled.headers["Retry-After"] == "7")
        let second = try harness.follow(link, token: token)
        #expect(second.status == 200 && second.jsonObject?["@odata.nextLink"] == nil)
        let all = ids(first) + ids(second)
        #expect(ids(second).count == 12 && Set(all).count == 62)
        let older = (second.jsonObject?["value"] as? [[String: Any]] ?? []).compactMap { ($0["createdDateTime"] as? String).flatMap(SignInEvent.parseTimestamp) }
        #expect(older.allSatisfy { $0 < (times.last ?? .distantPast) })
    }

    /// Graph's skip tokens are standard base64 escaped in lower case; a client that un-escapes the link sends
    /// `+`, which the query reads as a space, and Graph refuses it with an empty code (field case 033).
    @Test("120 rows, 50 a page: the next link's $skiptoken is standard base64 escaped %2b %2f %3d; verbatim → page 2; un-escaped → 400 Invalid Skip Token")
    func skipTokensLikeGraphs() throws {
        let harness = try Harness()
        try signInJane(harness, times: 120)
        let janeID = try #require(try harness.emulator.store.user(email: F.jane)?.id)
        let token = try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope)
        let first = harness.graph("GET", "\(Self.signIns)?$top=50&$filter=\(escaped("userId eq '\(janeID)'"))", token: token)
        let link = try #require(first.jsonObject?["@odata.nextLink"] as? String)
        let skipToken = try #require(link.components(separatedBy: "$skiptoken=").last)
        #expect(skipToken.contains("%2b") && skipToken.contains("%2f") && skipToken.hasSuffix("%3d%3d"), "\(skipToken)")
        #expect(skipToken.range(of: "%[0-9A-F]*[A-F]", options: .regularExpression) == nil, "escapes in lower case")
        #expect(skipToken.allSatisfy { $0.isLetter || $0.isNumber || $0 == "%" }, "nothing else is left unescaped")

        let second = try harness.follow(link, token: token)
        #expect(second.status == 200 && ids(second).count == 50)
        let unescaped = link.replacingOccurrences(of: skipToken, with: skipToken.removingPercentEncoding ?? "")
        #expect(unescaped.contains("+"))
        expectGraphEnvelope(try harness.follow(unescaped, token: token), status: 400, code: "", message: "Invalid Skip Token")
        let third = try harness.follow(try #require(second.jsonObject?["@odata.nextLink"] as? String), token: token)
        #expect(ids(third).count == 20 && Set(ids(first) + ids(second) + ids(third)).count == 120)
    }

    @Test("a 429 fault without Retry-After; Graph faults are not taken by * and only fit Graph paths with http429/http500/delay")
    func throttleWithoutRetryAfter() throws {
        let harness = try Harness()
        let token = try harness.accessToken()
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/v1.0/me", "kind": "http429", "seconds": 3, "retryAfter": false}"#).status == 200)
        let throttled = harness.graph("GET", "/v1.0/me", token: token)
        expectGraphEnvelope(throttled, status: 429, code: "TooManyRequests")
        #expect(throttled.headers["Retry-After"] == nil)
        #expect(harness.graph("GET", "/v1.0/me", token: token).status == 200, "one use")
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "*", "kind": "http500"}"#).status == 200)
        #expect(harness.graph("GET", "/v1.0/me", token: token).status == 200, "* is for native-auth endpoints")
        #expect(harness.control("DELETE", "faults").status == 200)
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/v1.0/me", "kind": "http500"}"#).status == 200)
        expectGraphEnvelope(harness.graph("GET", "/v1.0/me", token: token), status: 500, code: "generalException")
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/v1.0/me", "kind": "redirect"}"#).status == 400)
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/v1.0/me", "kind": "http429", "retryAfter": "no"}"#).status == 400)
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/v1.0/groups", "kind": "http429"}"#).status == 400)
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/v1.0/me", "kind": "delay", "seconds": 2}"#).status == 200)
        #expect(harness.graph("GET", "/v1.0/me", token: token).delaySeconds == 2)
    }

    @Test("a native-auth 429 fault can also leave out Retry-After")
    func nativeThrottleWithoutRetryAfter() throws {
        let harness = try Harness()
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/oauth2/v2.0/initiate", "kind": "http429", "retryAfter": false}"#).status == 200)
        let throttled = harness.post(.signInInitiate, ["client_id": clientID, "username": F.jane, "challenge_type": allTypes])
        #expect(throttled.status == 429 && throttled.headers["Retry-After"] == nil)
    }

    @Test("who may read: a customer with AuditLog.Read.All gets 403 Authorization_RequestDenied; the operator without the scope too")
    func customersRefused() throws {
        let harness = try Harness()
        expectGraphEnvelope(harness.graph("GET", Self.signIns, token: try harness.accessToken(scope: F.auditScope)), status: 403,
                            code: "Authorization_RequestDenied", message: "Insufficient privileges to complete the operation.")
        expectGraphEnvelope(harness.graph("GET", Self.signIns, token: try harness.accessToken(F.ops, F.opsPassword)), status: 403,
                            code: "Authorization_RequestDenied")
        #expect(harness.graph("GET", Self.signIns, token: try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope)).status == 200)
    }

    @Test("graph.premium false: the operator gets 403 Authentication_RequestFromNonPremiumTenantOrB2CTenant (case 022 a)")
    func nonPremium() throws {
        let harness = try Harness(configure: { $0.graph.premium = false })
        let response = harness.graph("GET", Self.signIns, token: try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope))
        expectGraphEnvelope(response, status: 403, code: "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
                            message: "Neither tenant is B2C or tenant doesn't have premium license")
    }

    @Test("$filter: userPrincipalName eq (any case), createdDateTime ge, joined by and; $orderby createdDateTime desc; unsupported filters, orders, $top and $skiptoken are 400")
    func filters() throws {
        let harness = try Harness()
        try signInJane(harness, times: 3)
        let cutoff = SignInEvent.timestamp(harness.emulator.clock.now)
        try signInJane(harness, times: 2)
        let token = try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope)
        let jane = try #require(try harness.emulator.store.user(email: F.jane))
        let upn = GraphUserProfile.userPrincipalName(of: jane, tenantName: "contoso")
        func get(_ filter: String) -> EmulatorResponse { harness.graph("GET", "\(Self.signIns)?$filter=\(escaped(filter))", token: token) }
        #expect(ids(harness.graph("GET", Self.signIns, token: token)).count == 6, "no filter: Jane's five and the operator's own")
        #expect(ids(get("userPrincipalName eq '\(upn.uppercased())'")).count == 5)
        #expect(ids(get("createdDateTime ge \(cutoff)")).count == 3, "the last two of Jane's and the operator's")
        #expect(ids(get("userId eq '\(jane.id)' and createdDateTime ge \(cutoff)")).count == 2)
        #expect(ids(get("userId eq 'nobody'")).isEmpty)
        expectGraphEnvelope(get("appDisplayName eq 'x'"), status: 400, code: "Request_UnsupportedQuery")
        expectGraphEnvelope(get("userId eq 'x' or userId eq 'y'"), status: 400, code: "Request_UnsupportedQuery")
        expectGraphEnvelope(harness.graph("GET", "\(Self.signIns)?$top=0", token: token), status: 400, code: "Request_BadRequest")
        expectGraphEnvelope(harness.graph("GET", "\(Self.signIns)?$skiptoken=garbage", token: token), status: 400, code: "",
                            message: "Invalid Skip Token")
        // The log's own order may be named; no other.
        #expect(ids(harness.graph("GET", "\(Self.signIns)?$orderby=\(escaped("createdDateTime desc"))", token: token)).count == 6)
        expectGraphEnvelope(harness.graph("GET", "\(Self.signIns)?$orderby=\(escaped("createdDateTime asc"))", token: token),
                            status: 400, code: "Request_BadRequest")
    }

    @Test("$top defaults to 1000 and is capped at 1000")
    func topLimits() throws {
        let harness = try Harness()
        let jane = try #require(try harness.emulator.store.user(email: F.jane))
        let start = harness.emulator.clock.now
        for index in 0..<1001 {
            try harness.emulator.recordSignIn(user: jane, clientID: clientID, channel: .native, now: start.addingTimeInterval(Double(-index)))
        }
        let token = try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope)
        for target in [Self.signIns, "\(Self.signIns)?$top=5000"] {
            let page = harness.graph("GET", target, token: token)
            #expect(ids(page).count == 1000 && page.jsonObject?["@odata.nextLink"] is String, "\(target)")
        }
    }

    /// Graph documents `createdDateTime` with `ge`, `le` and `eq`, its value unquoted; a quoted time is a string and
    /// refused. With `graph.signInLogLagSeconds` a sign-in shows only that long after it, on the virtual clock.
    /// Source: docs/protocol.md §I6.5; field case 040 (docs/field-cases.md).
    @Test("createdDateTime ge/le/eq unquoted; quoted or gt → 400; graph.signInLogLagSeconds hides a row until the lag has passed")
    func lagAndTimeFilters() throws {
        let harness = try Harness()
        try signInJane(harness, times: 3)
        let token = try harness.accessToken(F.ops, F.opsPassword, scope: F.auditScope)
        let jane = try #require(try harness.emulator.store.user(email: F.jane))
        func get(_ filter: String) -> EmulatorResponse { harness.graph("GET", "\(Self.signIns)?$filter=\(escaped(filter))", token: token) }
        let times = (get("userId eq '\(jane.id)'").jsonObject?["value"] as? [[String: Any]] ?? []).compactMap { $0["createdDateTime"] as? String }
        try #require(times.count == 3)
        let middle = times[1]
        #expect(ids(get("userId eq '\(jane.id)' and createdDateTime le \(middle)")).count == 2)
        #expect(ids(get("userId eq '\(jane.id)' and createdDateTime ge \(middle)")).count == 2)
        #expect(ids(get("userId eq '\(jane.id)' and createdDateTime eq \(middle)")).count == 1, "a row's own time finds it")
        let quoted = get("createdDateTime ge '\(middle)'")
        expectGraphEnvelope(quoted, status: 400, code: "BadRequest")
        #expect((quoted.jsonObject?["error"] as? [String: Any])?["message"] as? String
                == "A binary operator with incompatible types was detected. Found operand types 'Edm.DateTimeOffset' and 'Edm.String' for operator kind 'GreaterThanOrEqual'.")
        expectGraphEnvelope(get("createdDateTime gt \(middle)"), status: 400, code: "Request_UnsupportedQuery")

        harness.advance(600) // the three above are long written
        harness.emulator.updatePolicy { $0.graph.signInLogLagSeconds = 300 }
        #expect(ids(get("userId eq '\(jane.id)'")).count == 3)
        try signInJane(harness, times: 1)
        #expect(ids(get("userId eq '\(jane.id)'")).count == 3, "the new sign-in is not in the log yet")
        harness.advance(298)
        #expect(ids(get("userId eq '\(jane.id)'")).count == 3)
        harness.advance(2)
        #expect(ids(get("userId eq '\(jane.id)'")).count == 4, "written 300 virtual seconds after it")
    }
}
