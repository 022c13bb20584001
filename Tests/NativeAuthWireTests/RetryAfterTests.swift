import Foundation
import NativeAuthWire
import Testing

/// RFC 9110 §10.2.3: `Retry-After` as delay-seconds or an HTTP-date, counted from the answer's arrival.
@Suite struct RetryAfterTests {
    /// Thu, 01 Jan 2026 00:00:00 GMT.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func delaySecondsAreReadAsTheyAre() {
        #expect(RetryAfter.seconds("120", now: Self.now) == 120)
        #expect(RetryAfter.seconds(" 0 ", now: Self.now) == 0)
    }

    @Test func anHTTPDateIsCountedFromNow() {
        #expect(RetryAfter.seconds("Thu, 01 Jan 2026 00:01:30 GMT", now: Self.now) == 90)
        // Rounded up: never ask again before the server said.
        #expect(RetryAfter.seconds("Thu, 01 Jan 2026 00:01:30 GMT", now: Self.now.addingTimeInterval(0.5)) == 90)
    }

    @Test func aDateInThePastMeansNow() {
        #expect(RetryAfter.seconds("Wed, 31 Dec 2025 23:59:00 GMT", now: Self.now) == 0)
    }

    @Test(arguments: ["", "soon", "-5", "+5", "1.5", "12s", "99999999999999999999", "Thursday, 01-Jan-26 00:01:30 GMT",
                      String(decoding: [0x73, 0x75, 0xDD, 0x89, 0x96], as: UTF8.self)])
    func garbageIsNil(_ value: String) {
        #expect(RetryAfter.seconds(value, now: Self.now) == nil)
    }

    @Test func theHeaderIsFoundInAnyCase() {
        #expect(RetryAfter.seconds(in: ["retry-after": "7"], now: Self.now) == 7)
        #expect(RetryAfter.seconds(in: ["RETRY-AFTER": "Thu, 01 Jan 2026 00:00:07 GMT"], now: Self.now) == 7)
        #expect(RetryAfter.seconds(in: ["Date": "7"], now: Self.now) == nil)
    }
}
