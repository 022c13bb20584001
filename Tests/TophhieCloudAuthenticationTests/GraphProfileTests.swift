import Foundation
import Synchronization
import Testing
import TophhieCloudAuthentication

/// The profile over a scripted Graph: explicit `$select`, `null` vs. absent, PATCH of only the changed
/// fields, the self-writable allow-list, 401 → one refresh → one retry, redaction of the bearer token.
/// Source: docs/protocol.md §I5, traps T14–T15, T18; field case 021 (docs/field-cases.md).
@Suite struct GraphProfileTests {
    static let profileJSON = #"""
        {"@odata.context":"https://graph.microsoft.com/v1.0/$metadata#users(…)/$entity",
         "id":"e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968","displayName":"River Tam","givenName":"River","surname":"Tam",
         "mail":null,"city":null,"postalCode":"12345","jobTitle":42,"businessPhones":["+1 555 0100","+1 555 0101"],"otherMails":[],
         "createdDateTime":"2026-01-02T03:04:05Z","unknownFutureProperty":{"x":1},
         "identities":[{"signInType":"emailAddress","issuer":"contoso.onmicrosoft.com","issuerAssignedId":"river@contoso.com"},
                       {"signInType":"userPrincipalName","issuer":"contoso.onmicrosoft.com"}]}
        """#

    @Test func theProfileAsksForEveryPropertyByNameWithAUserReadToken() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([InteractiveKit.json(200, Self.profileJSON)]))
        _ = try await kit.auth.profile()
        let request = try #require(kit.graphRequests.first)
        #expect(kit.graphRequests.count == 1)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == GraphKit.me + "?$select=id,displayName,givenName,surname,mail,userPrincipalName,jobTitle,"
            + "mobilePhone,businessPhones,officeLocation,preferredLanguage,streetAddress,city,state,postalCode,country,companyName,"
            + "department,otherMails,identities,createdDateTime")
        #expect(request.headers["Authorization"] == "Bearer at-1")
        #expect(UUID(uuidString: request.headers["client-request-id"] ?? "") != nil)
        #expect(kit.refreshes.isEmpty, "the cached User.Read token serves /me")
    }

    @Test func nullIsNotSetAndAMissingKeyIsNotAvailable() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([InteractiveKit.json(200, Self.profileJSON)]))
        let profile = try await kit.auth.profile()
        #expect(profile.values[.displayName] == .set("River Tam"))
        #expect(profile.values[.mail] == .notSet)
        #expect(profile.values[.city] == .notSet)
        #expect(profile.values[.postalCode] == .set("12345"))
        #expect(profile.values[.streetAddress] == .notAvailable)
        #expect(profile.values[.jobTitle] == .notAvailable, "a number where text is documented is not shown")
        #expect(profile.values[.createdDateTime] == .set("2026-01-02T03:04:05Z"))
        #expect(profile.lists[.businessPhones] == .set(["+1 555 0100", "+1 555 0101"]))
        #expect(profile.lists[.otherMails] == .notSet)
        #expect(profile[.businessPhones] == .set("+1 555 0100, +1 555 0101"))
        #expect(profile[.country] == .notAvailable)
        #expect(profile.identities == .set([
            ObjectIdentity(signInType: "emailAddress", issuer: "contoso.onmicrosoft.com", issuerAssignedId: "river@contoso.com"),
            ObjectIdentity(signInType: "userPrincipalName", issuer: "contoso.onmicrosoft.com", issuerAssignedId: ""),
        ]))
    }

    @Test func anAnswerThatIsNotJSONIsReportedWithItsStatus() async throws {
        let html = HTTPResponse(status: 502, headers: ["Content-Type": "text/html"], body: Data("<html>Bad gateway</html>".utf8))
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([html, HTTPResponse(status: 200, body: Data("<html>ok</html>".utf8))]))
        do {
            _ = try await kit.auth.profile()
            Issue.record("a 502 must be reported")
        } catch GraphError.server(let details) {
            let sent = try #require(kit.graphRequests.first?.headers["client-request-id"])
            #expect(details == GraphErrorDetails(status: 502, clientRequestID: sent))
        }
        do {
            _ = try await kit.auth.profile()
            Issue.record("a 200 that is not JSON must not become a profile")
        } catch GraphError.unexpectedResponse(let text) {
            #expect(text.contains("HTTP 200"))
        }
    }

    @Test func aPatchSendsOnlyTheChangesWithNullForAClearAndAsksForUserReadWrite() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([HTTPResponse(status: 204)]))
        try await kit.auth.updateProfile([.displayName: "Contoso Lee", .city: nil])
        let request = try #require(kit.graphRequests.first)
        #expect(kit.graphRequests.count == 1)
        #expect(request.method == "PATCH")
        #expect(request.url.absoluteString == GraphKit.me)
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"city":null,"displayName":"Contoso Lee"}"#)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(kit.refreshes.map { $0["scope"] } == ["User.ReadWrite openid profile offline_access"], "User.ReadWrite is asked for on its own")
        #expect(request.headers["Authorization"] == "Bearer at-2")
    }

    @Test func propertiesTheUserMayNotChangeAreRefusedBeforeAnythingIsSent() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([HTTPResponse(status: 204)]))
        let before = kit.tenant.requests.count
        await #expect(throws: GraphError.notSelfWritable([.mail, .mobilePhone])) {
            try await kit.auth.updateProfile([.mobilePhone: nil, .displayName: "Contoso Lee", .mail: "x@contoso.com"])
        }
        #expect(kit.tenant.requests.count == before, "neither a token nor a PATCH was asked for")
    }

    @Test func a403OnPatchIsMissingPermissionWithGraphsDetailsAndIsNotRetried() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([GraphKit.error(403, "Authorization_RequestDenied")]))
        do {
            try await kit.auth.updateProfile([.givenName: "Kaylee"])
            Issue.record("a 403 must be reported")
        } catch GraphError.missingPermission(let details) {
            #expect(details == GraphErrorDetails(status: 403, code: "Authorization_RequestDenied",
                                                 message: "Insufficient privileges to complete the operation.",
                                                 requestID: "3c9e1f20-6a4b-4d8c-b2e1-0f9a8b7c6d5e",
                                                 clientRequestID: "11111111-2222-3333-4444-555555555555", date: "2026-03-14T09:31:07"))
            #expect(!GraphError.missingPermission(details).localizedDescription.contains("at-"))
        }
        #expect(kit.graphRequests.count == 1)
    }

    @Test func a401IsRefreshedOnceAndRetriedWithTheNewToken() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([GraphKit.error(401, "InvalidAuthenticationToken"),
                                                                     InteractiveKit.json(200, Self.profileJSON)]))
        let profile = try await kit.auth.profile()
        #expect(profile.values[.displayName] == .set("River Tam"))
        #expect(kit.bearers == ["Bearer at-1", "Bearer at-2"])
        #expect(kit.refreshes.count == 1)
        #expect(kit.refreshes.first?["scope"] == "User.Read openid profile offline_access")
        let ids = Set(kit.graphRequests.map { $0.headers["client-request-id"] })
        #expect(ids.count == 1, "a retry keeps the call's client-request-id")
    }

    @Test func a401AfterTheRefreshIsUnauthorizedAfterExactlyOneRefresh() async throws {
        let kit = try await GraphKit.signedIn(graph: { _ in GraphKit.error(401, "InvalidAuthenticationToken") })
        do {
            _ = try await kit.auth.profile()
            Issue.record("a second 401 must be reported")
        } catch GraphError.unauthorized(let details) {
            #expect(details.status == 401 && details.code == "InvalidAuthenticationToken")
        }
        #expect(kit.refreshes.count == 1)
        #expect(kit.bearers == ["Bearer at-1", "Bearer at-2"])
    }

    /// Field case 042: Graph refuses the token again after the one refresh, and its `Date` is two hours behind this
    /// side's clock: the error says the clocks differ by about 120 minutes, after exactly one refresh and one retry.
    @Test func a401AfterTheRefreshWithTheServiceClockTwoHoursBehindSaysSo() async throws {
        // The virtual clock starts at 2026-01-01 00:00:00 UTC; the service says 22:00 the day before.
        let kit = try await GraphKit.signedIn(graph: { _ in
            GraphKit.error(401, "InvalidAuthenticationToken", headers: ["Date": "Wed, 31 Dec 2025 22:00:00 GMT"])
        })
        do {
            _ = try await kit.auth.profile()
            Issue.record("a second 401 must be reported")
        } catch let error as GraphError {
            guard case .clockSkew(let seconds, let details) = error else { Issue.record("got \(error)"); return }
            #expect((7200..<7300).contains(seconds) && details.status == 401)
            #expect(error.errorDescription?.contains("this computer's clock is about 120 minutes ahead of the service's") == true,
                    "\(error.errorDescription ?? "")")
        }
        #expect(kit.refreshes.count == 1)
        #expect(kit.bearers == ["Bearer at-1", "Bearer at-2"])
    }

    @Test func aTokenThatCannotBeHadSilentlyIsAnAuthError() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([]))
        _ = try await kit.auth.signOut()
        await #expect(throws: GraphError.auth(.noAccount)) { _ = try await kit.auth.profile() }
        #expect(kit.graphRequests.isEmpty)
    }

    @Test func theObserverSeesTheBearerRedactedTheJSONBodyAndGraphsErrorCode() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([GraphKit.error(403, "Authorization_RequestDenied")]))
        let log = InteractiveRedactionTests.observed(kit.auth)
        _ = try? await kit.auth.updateProfile([.displayName: "Contoso Lee"])
        let exchange = try #require(log.all.first { $0.url.host == GraphKit.graphHost })
        #expect(exchange.requestHeaders["Authorization"] == "Bearer <redacted>")
        #expect(exchange.requestBody == #"{"displayName":"Contoso Lee"}"#)
        #expect(exchange.requestForm.isEmpty)
        #expect(exchange.error == "Authorization_RequestDenied")
        #expect(exchange.responseBody.contains(#""code":"Authorization_RequestDenied""#))
        let everything = log.all.map { exchange in
            ([exchange.url.absoluteString, exchange.responseBody, exchange.requestBody]
                + exchange.requestHeaders.map { "\($0.key): \($0.value)" } + exchange.requestForm.map { "\($0.key)=\($0.value)" })
                .joined(separator: "\n")
        }.joined(separator: "\n")
        #expect(!everything.contains("at-2") && !everything.contains("rt-2"), "a token reached the observer")
        let har = String(decoding: HARLog.document(log.all, creator: "tests", version: "1"), as: UTF8.self)
        #expect(!har.contains("at-2") && har.contains("application/json"))
    }

    @Test func theGraphEndpointMustBeHTTPSUnlessLoopback() throws {
        let auth = TophhieAuth(transport: ScriptedTenant { _ in HTTPResponse(status: 500) })
        #expect(throws: AuthError.self) {
            try auth.configure(clientId: InteractiveKit.clientID, authority: InteractiveKit.authority, tokenCachePath: nil,
                               graphEndpoint: URL(string: "http://graph.example.com/v1.0"))
        }
        try auth.configure(clientId: InteractiveKit.clientID, authority: InteractiveKit.authority, tokenCachePath: nil,
                           graphEndpoint: URL(string: "http://127.0.0.1:8443/v1.0"))
        #expect(auth.configuration?.graphEndpoint.absoluteString == "http://127.0.0.1:8443/v1.0")
    }
}
