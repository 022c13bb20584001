import Glibc
import TerminalUI

/// Reads raw bytes from the terminal and the wake pipe (SIGWINCH, a resume, or a wake from another thread), and decodes keys with
/// ``InputDecoder``. Reading bytes ourselves (rather than `get_wch`) keeps bracketed paste whole and
/// decodes Home/End the same way under every `TERM`.
final class TerminalInput {
    private let input: Int32
    private let wake: WakePipe
    private let escapeDelay: Duration
    private let pasteQuietTime: Duration
    private var decoder = InputDecoder()
    private var queue: [Key] = []
    private let clock = ContinuousClock()
    /// When the last bytes arrived, to close a paste whose end marker never comes (field case 017, docs/field-cases.md).
    private var lastInput: ContinuousClock.Instant

    /// - Parameters:
    ///   - escapeDelay: how long a lone Esc waits for the rest of a sequence.
    ///   - pasteQuietTime: how long an open bracketed paste may go without bytes before it is closed.
    init(input: Int32, wake: WakePipe, escapeDelay: Duration, pasteQuietTime: Duration) {
        self.input = input
        self.wake = wake
        self.escapeDelay = escapeDelay
        self.pasteQuietTime = pasteQuietTime
        lastInput = clock.now
    }

    enum Wait {
        case key(Key)
        case windowChanged
        /// Another thread called ``WakePipe/wake()``.
        case woken
        case timedOut
        case closed
    }

    /// Waits until a key is decoded, the window changes, or `timeout` passes. Keys already decoded
    /// are handed out before a window change, so nothing typed is lost.
    func next(timeout: Duration) -> Wait {
        let deadline = clock.now + timeout
        while true {
            if !queue.isEmpty { return .key(queue.removeFirst()) }
            let remaining = max(.zero, deadline - clock.now)
            let pasting = decoder.isPasting
            let waitingForEscape = decoder.hasPendingInput
            // Both waits run from the last bytes read, not from this call: a caller asking for no wait
            // (keys already queued) must not cut a sequence split over a slow link in two (field case 028, docs/field-cases.md).
            let wait = pasting ? min(remaining, max(.zero, lastInput + pasteQuietTime - clock.now))
                : waitingForEscape ? min(remaining, max(.zero, lastInput + escapeDelay - clock.now)) : remaining
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(WakePipe.milliseconds(wait)))
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 {
                if pasting, clock.now - lastInput >= pasteQuietTime {
                    queue += decoder.closeUnfinishedPaste()
                } else if !pasting, waitingForEscape, clock.now - lastInput >= escapeDelay {
                    queue += decoder.flushPendingEscape()
                }
                if !queue.isEmpty || clock.now < deadline { continue }
                return .timedOut
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                // A signal handler's byte means the terminal changed; a wake's byte only that an answer came.
                return wake.drain().allSatisfy { $0 == WakePipe.wakeByte } ? .woken : .windowChanged
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var bytes = [UInt8](repeating: 0, count: 4096)
                let count = bytes.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 { return .closed }
                lastInput = clock.now
                queue += decoder.decode(bytes[..<count])
            }
        }
    }
}
