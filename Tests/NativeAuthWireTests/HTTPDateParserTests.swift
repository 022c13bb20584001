import Foundation
import Testing
import NativeAuthWire

@Suite struct HTTPDateParserTests {
    @Test func anIMFFixdateIsRead() {
        #expect(HTTPDateParser.date("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
    }

    /// Found by fuzzing Graph answers: this `Retry-After` ("su" and two non-ASCII bytes) trapped inside
    /// Foundation's DateFormatter and took the console down with it.
    @Test func nonASCIIServerTextIsRefusedWithoutTrapping() {
        let hostile = String(decoding: [0x73, 0x75, 0xDD, 0x89, 0x96], as: UTF8.self)
        #expect(HTTPDateParser.date(hostile) == nil)
        #expect(RetryAfter.seconds(in: ["Retry-After": hostile], now: Date()) == nil)
        #expect(HTTPDateParser.date(String(repeating: "Sun, ", count: 20)) == nil)
    }
}
