import Glibc
import Synchronization

/// A self-pipe that wakes a loop blocked in `poll(2)`: any thread calls ``wake()``; the loop polls
/// ``readDescriptor`` beside its input (or calls ``wait(timeout:)``) and returns at once.
///
/// The console's loops use it so an answer from the effect runner is on screen as soon as it is posted,
/// instead of on the next poll of the mailbox. Both ends are non-blocking and close-on-exec: a full pipe
/// already holds a wake-up, and a loop drains every byte it finds.
///
/// ```swift
/// let pipe = WakePipe()
/// mailbox.onPost { pipe.wake() }          // any thread
/// if pipe.wait(timeout: .seconds(1)) { … } // the loop's thread
/// ```
public final class WakePipe: Sendable {
    /// The byte ``wake()`` writes (a signal handler sharing the pipe writes another, see ``drain()``).
    public static let wakeByte: UInt8 = 0x57
    /// The end a loop polls; -1 after ``close()`` or when no pipe could be made (waits then only time out).
    public let readDescriptor: Int32
    /// The end written to, e.g. by an async-signal-safe handler holding the raw descriptor.
    public let writeDescriptor: Int32
    private let open = Mutex(true)

    /// Opens a non-blocking, close-on-exec pipe. If `pipe(2)` fails both descriptors are -1: `wake()` does
    /// nothing and `wait(timeout:)` only times out.
    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit { close() }

    /// Wakes the loop. Safe from any thread, and after ``close()`` (then it does nothing).
    public func wake() {
        open.withLock { open in
            guard open, writeDescriptor >= 0 else { return }
            var byte = Self.wakeByte
            _ = write(writeDescriptor, &byte, 1)
        }
    }

    /// Blocks until woken or `timeout` passes, then drains the pipe.
    /// - Returns: whether the pipe was woken.
    /// - Important: blocks its thread: call it from a loop's own thread, never from async code.
    public func wait(timeout: Duration) -> Bool {
        var descriptor = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, Int32(clamping: Self.milliseconds(timeout)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            return !drain().isEmpty
        }
    }

    /// Reads every waiting byte. - Returns: the bytes read (``wakeByte`` for each ``wake()``).
    public func drain() -> [UInt8] {
        var all: [UInt8] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return all }
            all += bytes[..<count]
        }
    }

    /// Closes both ends. Idempotent; ``wake()`` does nothing afterwards.
    public func close() {
        open.withLock { open in
            guard open else { return }
            open = false
            if readDescriptor >= 0 { _ = Glibc.close(readDescriptor) }
            if writeDescriptor >= 0 { _ = Glibc.close(writeDescriptor) }
        }
    }

    /// Rounded up, so a wait never ends just before its deadline.
    public static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
