@testable import EnrolmentDesk
import EnrolmentFiles
import Testing
import TerminalUI
import TestSupport

/// The queue's full screen: next person and k of N, the filter typed straight in, the rows not offered.
@Suite struct QueueScreenTests {
    static func queue() throws -> EnrolmentQueue {
        var queue = try EnrolmentQueue(people: [
            QueuePerson(row: 2, email: "ana@example.com", values: ["displayName": "Ana Silva"]),
            QueuePerson(row: 4, email: "ben@example.com", values: ["givenName": "Ben", "surname": "Okafor"]),
            QueuePerson(row: 5, email: "cleo\u{1B}[2J@example.com", values: ["displayName": "Cleo Martin"]),
            QueuePerson(row: 6, email: "dev@example.com", values: [:]),
        ], invalid: [InvalidRow(row: 3, email: "nope", problems: ["email: Enter an email address like name@example.com."])])
        queue.record(ProgressEntry(row: 2, email: "ana@example.com", outcome: .failed, time: "2026-12-02T10:00:00Z", code: "AADSTS50034"))
        return queue
    }

    static func screen(_ screen: QueueScreen, _ queue: EnrolmentQueue) -> String {
        var buffer = Buffer(size: Size(width: 80, height: 16))
        let cursor = screen.render(queue, listName: "people.csv", mode: "emulator · enrolment", into: &buffer)
        return TestBackend.snapshot(buffer, cursor: cursor)
    }

    @Test func theQueueShowsTheNextPersonFirstAndFiltersAsStaffType() throws {
        let queue = try Self.queue()
        var screen = QueueScreen()
        assertSnapshot(Self.screen(screen, queue), named: "queue-home")
        let size = Size(width: 80, height: 16)
        for character in "OKA" { #expect(screen.handle(.character(character), queue: queue, size: size) == .handled) }
        assertSnapshot(Self.screen(screen, queue), named: "queue-filtered")
        #expect(screen.handle(.enter, queue: queue, size: size) == .seat(try #require(queue.person(at: 4))))
        #expect(screen.handle(.control("u"), queue: queue, size: size) == .handled)
        #expect(screen.handle(.down, queue: queue, size: size) == .handled)
        #expect(screen.handle(.down, queue: queue, size: size) == .handled)
        // A mark takes the person off the list at this desk: F7 and F8 ask, `y` marks, any other key keeps them (a new
        // user's slip of a finger left someone who arrived late with no way back).
        let selected = try #require(queue.person(at: 5))
        #expect(screen.handle(.function(7), queue: queue, size: size) == .confirming(selected, .absent))
        #expect(screen.handle(.character("y"), queue: queue, size: size) == .mark(selected, .absent))
        #expect(screen.handle(.function(8), queue: queue, size: size) == .confirming(selected, .skipped))
        #expect(screen.handle(.character("n"), queue: queue, size: size) == .handled)
        #expect(screen.handle(.character("y"), queue: queue, size: size) == .handled, "a y after the answer is only typed")
        _ = screen.handle(.backspace, queue: queue, size: size)
        for character in "zzz" { _ = screen.handle(.character(character), queue: queue, size: size) }
        #expect(screen.handle(.enter, queue: queue, size: size) == .ignored, "nobody matches: nothing to seat")
    }

    /// Every row refused: the desk says no one can be offered, not that everyone is done with (0 of 0), which a new user
    /// read as a list already served.
    @Test func aListOfRefusedRowsSaysNoOneCanBeOffered() throws {
        let refused = try EnrolmentQueue(people: [], invalid: [
            InvalidRow(row: 2, email: "nope", problems: ["email: Enter an email address like name@example.com."]),
            InvalidRow(row: 3, email: "", problems: ["email: Enter an email address like name@example.com."]),
        ])
        let shown = Self.screen(QueueScreen(), refused)
        #expect(shown.contains("No one on the list can be offered: fix the rows below (tophhie enrol --check)."), "\(shown)")
        #expect(!shown.contains("done with"), "\(shown)")
        #expect(QueueScreen.headline(try Self.queue()).hasPrefix("Next: Ben Okafor"))
    }
}
