@testable import CursesBackend
import Glibc
import TerminalUI
import Testing

/// The wait for the rest of an escape sequence runs from the last bytes read (field case 028): a caller
/// asking for no wait, or a short one, never cuts a sequence split over a slow link into Esc and text.
@Suite struct EscapeWaitTests {
    /// Terminal input on a pipe, with a 200 ms escape delay (what an SSH session gets).
    private final class Link {
        let input: TerminalInput
        private let ends: [Int32]
        private let wake = WakePipe()

        init() {
            var input: [Int32] = [-1, -1]
            _ = pipe(&input)
            ends = input
            self.input = TerminalInput(input: input[0], wake: wake, escapeDelay: .milliseconds(200), pasteQuietTime: .milliseconds(500))
        }

        deinit { for end in ends { close(end) } }

        func send(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        }

        func next(_ timeout: Duration) -> Key? {
            if case .key(let key) = input.next(timeout: timeout) { return key }
            return nil
        }
    }

    @Test func arrowSplitOverASlowLinkIsOneKey() {
        let link = Link()
        link.send([0x1B])
        #expect(link.next(.zero) == nil, "no wait asked: the Esc must still wait for the rest")
        #expect(link.next(.milliseconds(60)) == nil, "60 ms later the Esc is still waiting")
        link.send([0x5B, 0x41])
        #expect(link.next(.seconds(1)) == .up)
        #expect(link.next(.milliseconds(300)) == nil, "nothing of [A is typed")
    }

    @Test func loneEscapeIsEscapeOnceTheDelayHasPassed() {
        let link = Link()
        let clock = ContinuousClock()
        let start = clock.now
        link.send([0x1B])
        #expect(link.next(.seconds(1)) == .escape)
        #expect(clock.now - start >= .milliseconds(200))
    }
}
