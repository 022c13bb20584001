import Foundation
import Synchronization
import Testing
import TophhieCloudAuthentication

/// Sign-in history over a scripted Graph: the request, the licence gate, throttling (Retry-After and
/// back-off) and paging that follows `@odata.nextLink` byte for byte.
/// Source: docs/protocol.md §I6, §I5.3 (throttling), trap T16; field case 022 (docs/field-cases.md).
@Suite struct GraphSignInHistoryTests {
    static let firstURL = "https://graph.microsoft.com/v1.0/auditLogs/signIns?$filter=userId%20eq%20%27\(InteractiveKit.objectID)%27&$top=50"
    /// A next link as Graph writes it: `$skiptoken` already percent-encoded, parameters in its own order.
    static let nextLink = "https://graph.microsoft.com/v1.0/auditLogs/signIns?$top=50&$filter=userId+eq+'\(InteractiveKit.objectID)'&$skiptoken=AbC%2Bd%3D%3D"

    /// Waits reported through `onWait`.
    final class Waits: Sendable {
        private let seconds = Mutex<[Int]>([])
        var all: [Int] { seconds.withLock { $0 } }
        var record: @Sendable (Int) -> Void { { [self] value in seconds.withLock { $0.append(value) } } }
    }

    /// Graph answering the first request with `first` and the next link with `next` in order.
    static func graph(first: HTTPResponse, next: [HTTPResponse]) -> @Sendable (HTTPRequest) -> HTTPResponse {
        let answers = GraphKit.queue(next)
        return { request in request.url.absoluteString == nextLink ? answers(request) : first }
    }

    @Test func theFirstPageFiltersByUserIdWithAnAuditLogToken() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([GraphKit.page(0..<3, nextLink: nil)]))
        let page = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID))
        #expect(page.rows.map(\.id) == ["evt-0", "evt-1", "evt-2"])
        #expect(page.nextLink == nil)
        #expect(kit.graphRequests.map(\.url.absoluteString) == [Self.firstURL])
        #expect(kit.refreshes.map { $0["scope"] } == ["AuditLog.Read.All openid profile offline_access"])
        #expect(kit.bearers == ["Bearer at-2"])
    }

    @Test func aUPNWithAnApostropheIsQuotedTheODataWayAndPercentEncoded() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([GraphKit.page(0..<1, nextLink: nil)]))
        _ = try await kit.auth.signInHistory(for: .userPrincipalName("o'brien+test@contoso.com"), top: 10)
        let url = try #require(kit.graphRequests.first?.url)
        #expect(url.absoluteString == "https://graph.microsoft.com/v1.0/auditLogs/signIns"
            + "?$filter=userPrincipalName%20eq%20%27o%27%27brien%2Btest%40contoso.com%27&$top=10")
        let filter = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "$filter" }?.value
        #expect(filter == "userPrincipalName eq 'o''brien+test@contoso.com'")
    }

    @Test func withoutALicenceItIsNotPremiumAtOnceAndTheSessionStays() async throws {
        let kit = try await GraphKit.signedIn(graph: { _ in GraphKit.error(403, "Authentication_RequestFromNonPremiumTenantOrB2CTenant") })
        let waits = Waits()
        do {
            _ = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID), onWait: waits.record)
            Issue.record("the licence gate must be reported")
        } catch let error as GraphError {
            guard case .notPremium(let details) = error else { Issue.record("got \(error)"); return }
            #expect(details.code == "Authentication_RequestFromNonPremiumTenantOrB2CTenant")
            let sentence = error.localizedDescription
            #expect(sentence.contains("P1 or P2") && sentence.contains("AuditLog.Read.All") && sentence.contains("Reports Reader"))
        }
        #expect(kit.graphRequests.count == 1 && waits.all.isEmpty && kit.graphSleeps.isEmpty, "never retried")
        #expect(kit.auth.currentAccount != nil)
        _ = try await kit.auth.acquireTokenSilent()
        #expect(kit.refreshes.count == 1, "only the AuditLog.Read.All token was asked for; the cached tokens are kept")
    }

    @Test func case022bWaitsTheRetryAfterAndFollowsTheNextLinkByteForByte() async throws {
        let kit = try await GraphKit.signedIn(graph: Self.graph(first: GraphKit.page(0..<50, nextLink: Self.nextLink),
                                                                next: [GraphKit.throttled(retryAfter: 7), GraphKit.page(50..<62, nextLink: nil)]))
        let waits = Waits()
        let first = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID), onWait: waits.record)
        #expect(first.rows.count == 50)
        #expect(first.nextLink?.absoluteString == Self.nextLink)
        let second = try await kit.auth.nextSignInPage(after: first, onWait: waits.record)
        #expect(second.rows.count == 12 && second.nextLink == nil)
        #expect((first.rows + second.rows).map(\.id) == (0..<62).map { "evt-\($0)" })
        #expect(waits.all == [7])
        #expect(kit.graphSleeps == [7])
        #expect(kit.graphRequests.map(\.url.absoluteString) == [Self.firstURL, Self.nextLink, Self.nextLink])
        #expect(!kit.graphRequests.contains { $0.url.absoluteString.contains("orderby") || $0.url.absoluteString.contains("$skip=") })
    }

    @Test func anHTTPDateRetryAfterIsWaitedOutUntilThatTime() async throws {
        // Virtual time starts at Thu, 01 Jan 2026 00:00:00 GMT; the sign-in's device-code poll moves it on.
        let throttled = GraphKit.error(429, "TooManyRequests", headers: ["Retry-After": "Thu, 01 Jan 2026 00:01:00 GMT"])
        let kit = try await GraphKit.signedIn(graph: Self.graph(first: GraphKit.page(0..<50, nextLink: Self.nextLink),
                                                                next: [throttled, GraphKit.page(50..<62, nextLink: nil)]))
        let signInSeconds = kit.time.sleeps.reduce(0, +)
        let waits = Waits()
        let first = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID), onWait: waits.record)
        let second = try await kit.auth.nextSignInPage(after: first, onWait: waits.record)
        #expect(second.rows.count == 12)
        #expect(waits.all == [60 - Int(signInSeconds)])
    }

    @Test func case022cBacksOffTwoFourEightThenStopsWithTheLinkToResume() async throws {
        let kit = try await GraphKit.signedIn(graph: Self.graph(first: GraphKit.page(0..<50, nextLink: Self.nextLink),
                                                                next: Array(repeating: GraphKit.throttled(retryAfter: nil), count: 4)))
        let waits = Waits()
        let first = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID))
        do {
            _ = try await kit.auth.nextSignInPage(after: first, onWait: waits.record)
            Issue.record("throttling must end the call")
        } catch let GraphError.throttled(retryAfter, rowsRead, link, details) {
            #expect(retryAfter == nil && rowsRead.isEmpty && details.status == 429)
            #expect(link?.absoluteString == Self.nextLink)
        }
        #expect(waits.all == [2, 4, 8])
        #expect(kit.graphSleeps == [2, 4, 8])
        #expect(kit.graphRequests.filter { $0.url.absoluteString == Self.nextLink }.count == 4, "three retries, then stop")
    }

    @Test func aShortPageIsFollowedAndThrottlingKeepsTheRowsItRead() async throws {
        let kit = try await GraphKit.signedIn(graph: Self.graph(first: GraphKit.page(0..<20, nextLink: Self.nextLink),
                                                                next: Array(repeating: GraphKit.throttled(retryAfter: 3), count: 4)))
        let waits = Waits()
        do {
            _ = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID), onWait: waits.record)
            Issue.record("throttling must end the call")
        } catch let GraphError.throttled(retryAfter, rowsRead, link, _) {
            #expect(retryAfter == 3)
            #expect(rowsRead.map(\.id) == (0..<20).map { "evt-\($0)" })
            let resumed = try #require(link)
            #expect(resumed.absoluteString == Self.nextLink)
        }
        #expect(waits.all == [3, 3, 3])
    }

    /// Field case 033: a next link whose skip token is standard base64 escaped in lower case, and Graph's
    /// answer when it will not read a link (400, empty code).
    static let escapedLink = "https://graph.microsoft.com/v1.0/auditLogs/signIns?$top=50&$filter=userId+eq+'\(InteractiveKit.objectID)'&$skiptoken=Pc2xDs%2fFdD%2b%2bRk%3d"
    static let invalidSkipToken = InteractiveKit.json(400, #"{"error":{"code":"","message":"Invalid Skip Token","innerError":{"date":"2026-03-14T09:31:07"}}}"#)

    @Test func aRefusedPageLinkIsSentByteForByteOnceAndNamedPlainly() async throws {
        let kit = try await GraphKit.signedIn(graph: { request in
            request.url.absoluteString.contains("skiptoken") ? Self.invalidSkipToken : GraphKit.page(0..<50, nextLink: Self.escapedLink)
        })
        let first = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID))
        #expect(first.rows.count == 50)
        do {
            _ = try await kit.auth.nextSignInPage(after: first)
            Issue.record("the refused link must be reported")
        } catch let error as GraphError {
            guard case .pageLinkRefused(let rowsRead, let link, let details) = error else { Issue.record("got \(error)"); return }
            #expect(rowsRead.isEmpty && link.absoluteString == Self.escapedLink)
            #expect(details.status == 400 && details.code == "" && details.message == "Invalid Skip Token")
            #expect(error.localizedDescription.hasPrefix("Graph refused the page link: Invalid Skip Token."))
        }
        let pageTwo = kit.graphRequests.filter { $0.url.absoluteString.contains("skiptoken") }
        #expect(pageTwo.map(\.url.absoluteString) == [Self.escapedLink], "byte for byte, and not retried")
        #expect(kit.graphSleeps.isEmpty)
    }

    @Test func rowsReadBeforeARefusedPageLinkAreKept() async throws {
        let kit = try await GraphKit.signedIn(graph: { request in
            request.url.absoluteString.contains("skiptoken") ? Self.invalidSkipToken : GraphKit.page(0..<20, nextLink: Self.escapedLink)
        })
        do {
            _ = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID))
            Issue.record("the refused link must be reported")
        } catch let GraphError.pageLinkRefused(rowsRead, link, _) {
            #expect(rowsRead.map(\.id) == (0..<20).map { "evt-\($0)" }, "the short first page survives")
            #expect(link.absoluteString == Self.escapedLink)
        }
    }

    @Test func a503HonoursRetryAfterAndAnHourLongOneEndsTheCallAtOnce() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([
            GraphKit.error(503, "ServiceUnavailable", headers: ["retry-after": "5"]), GraphKit.page(0..<1, nextLink: nil),
            GraphKit.throttled(retryAfter: 3600),
        ]))
        let waits = Waits()
        #expect(try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID), onWait: waits.record).rows.count == 1)
        do {
            _ = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID), onWait: waits.record)
            Issue.record("an hour's Retry-After must end the call")
        } catch let GraphError.throttled(retryAfter, rowsRead, link, _) {
            #expect(retryAfter == 3600 && rowsRead.isEmpty)
            #expect(link?.absoluteString == Self.firstURL, "the first page is resumed with the request it was")
        }
        #expect(waits.all == [5])
        #expect(kit.graphSleeps == [5])
        #expect(kit.graphRequests.count == 3)
    }

    @Test func aNextLinkToAnotherHostIsNotFollowed() async throws {
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([]))
        let page = SignInPage(rows: [], nextLink: URL(string: "https://graph.example.net/v1.0/auditLogs/signIns?$skiptoken=x"))
        await #expect(throws: GraphError.self) { _ = try await kit.auth.nextSignInPage(after: page) }
        #expect(!kit.tenant.requests.contains { $0.url.host == "graph.example.net" })
    }

    @Test func rowsAreReadWithSevenFractionDigitsAndMissingFieldsTolerated() async throws {
        let body = #"""
            {"value":[
              {"id":"a","createdDateTime":"2026-03-14T09:26:41.1234567Z","userPrincipalName":"river@contoso.com","appDisplayName":"Console",
               "ipAddress":"203.0.113.7","clientAppUsed":"Mobile Apps and Desktop clients","isInteractive":true,"conditionalAccessStatus":"notApplied",
               "resourceDisplayName":"Microsoft Graph","riskDetail":"hidden","deviceDetail":{"browser":"Rich Client"},
               "status":{"errorCode":50126,"failureReason":"Invalid username or password.","additionalDetails":null},
               "location":{"city":"Redmond","state":"Washington","countryOrRegion":"US","geoCoordinates":{"latitude":47.6}}},
              {"id":"b","createdDateTime":"2026-03-14T09:26:41Z","status":{"errorCode":0}},
              {"id":"c","createdDateTime":"garbled"}
            ]}
            """#
        let kit = try await GraphKit.signedIn(graph: GraphKit.queue([InteractiveKit.json(200, body)]))
        let rows = try await kit.auth.signInHistory(for: .id(InteractiveKit.objectID)).rows
        try #require(rows.count == 3)
        #expect(abs(rows[0].createdDateTime.timeIntervalSince1970 - 1_773_480_401.1234567) < 0.000_01)
        #expect(rows[0] == SignInRecord(id: "a", createdDateTime: rows[0].createdDateTime, userPrincipalName: "river@contoso.com",
                                        appDisplayName: "Console", ipAddress: "203.0.113.7", clientAppUsed: "Mobile Apps and Desktop clients",
                                        isInteractive: true, errorCode: 50126, failureReason: "Invalid username or password.",
                                        city: "Redmond", state: "Washington", countryOrRegion: "US", conditionalAccessStatus: "notApplied",
                                        resourceDisplayName: "Microsoft Graph"))
        #expect(!rows[0].succeeded)
        #expect(rows[1].createdDateTime == Date(timeIntervalSince1970: 1_773_480_401))
        #expect(rows[1].succeeded)
        #expect(rows[2].errorCode == -1 && !rows[2].succeeded, "a row without a status is never a success")
        #expect(rows[2].createdDateTime == .distantPast)
    }
}
