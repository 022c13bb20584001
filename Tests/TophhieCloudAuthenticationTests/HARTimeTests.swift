import Foundation
import Testing
@testable import TophhieCloudAuthentication

/// HAR timings come from the monotonic clock and are never negative; timestamps are UTC, ending in `Z`
/// (field case 034: HAR viewers refuse negative timings).
@Suite struct HARTimeTests {
    @Test("an exchange measured as negative (a stepped-back wall clock) is written with time 0; startedDateTime ends in Z")
    func neverNegative() throws {
        let request = HTTPRequest(url: URL(string: "https://contoso.ciamlogin.com/t/oauth2/v2.0/initiate")!, headers: [:], body: Data(), timeout: 30)
        let exchanges = [-5.0, 0.1605, .infinity].map {
            ObservedExchange(startedAt: Date(timeIntervalSince1970: 1_767_225_600), duration: $0, request: request, endpoint: .signInInitiate,
                             response: HTTPResponse(status: 200, headers: [:], body: Data("{}".utf8)), failure: nil, attempt: 1)
        }
        let document = try JSONSerialization.jsonObject(with: HARLog.document(exchanges, creator: "t", version: "1")) as? [String: Any]
        let entries = try #require((document?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        #expect(entries.map { $0["time"] as? Double } == [0, 161, 0])
        for entry in entries {
            let timings = try #require(entry["timings"] as? [String: Double])
            #expect(timings.values.allSatisfy { $0 >= 0 })
            #expect((entry["startedDateTime"] as? String) == "2026-01-01T00:00:00.000Z")
        }
        let clock = ContinuousClock.now
        #expect(ObservedExchange.seconds(since: clock) >= 0)
    }
}
