import CLibPQ
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Tells a desk that another desk claimed, released, finished or added someone on its event: a session of its own
/// that `LISTEN`s on ``channel`` (https://www.postgresql.org/docs/current/sql-listen.html), where each
/// ``SharedQueue`` call that changes the queue sends `pg_notify` in its transaction, so the notification arrives
/// once the change is committed (https://www.postgresql.org/docs/current/sql-notify.html). A desk that dies tells
/// nobody: its claim ends with its session, so a desk also reads the queue again on a timer.
///
/// The wait on the session's socket (`poll`) runs on a Dispatch thread of its own, never on Swift's cooperative
/// pool. A lost session is reconnected after ``retry``; each loss is also told, since changes may have been missed.
public final class QueueListener: Sendable {
    /// The channel every desk of every event notifies; the payload is the event's id.
    static let channel = "tophhie_queue"
    private static let listenCommand = "LISTEN \(channel)"
    static let retry = Duration.seconds(5)
    private let connection: PostgreSQLConnection
    /// A pipe whose write end ``stop()`` writes to, ending the wait.
    private let stopPipe: (read: Int32, write: Int32)
    private let stopped = Atomic(false)
    private let changed = Atomic(false)
    private let wake = Mutex<@Sendable () -> Void>({})

    private init(connection: PostgreSQLConnection, stopPipe: (read: Int32, write: Int32)) {
        self.connection = connection
        self.stopPipe = stopPipe
    }

    /// Connects to `url` and listens for changes to the event with id `event` until ``stop()``.
    /// - Throws: the connection failures of ``PostgreSQLConnection/connect(_:)``.
    public static func start(_ url: DatabaseURL, event: Int) async throws(DatabaseError) -> QueueListener {
        let connection = try await PostgreSQLConnection.connect(url)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            await connection.close()
            throw DatabaseError.unreachable("no pipe for the listener: \(String(cString: strerror(errno)))")
        }
        let stopPipe = (read: fds[0], write: fds[1])
        let listener = QueueListener(connection: connection, stopPipe: stopPipe)
        let thread = DispatchQueue(label: "tophhie.queue-listener")
        // Subscribed before start returns, so a change committed after it is never missed.
        do throws(DatabaseError) {
            _ = try await connection.run(on: thread) { session throws(DatabaseError) in try session.execute(listenCommand) }
        } catch {
            await connection.close()
            close(stopPipe.read)
            close(stopPipe.write)
            throw error
        }
        Task.detached {
            var subscribed = true
            while !listener.stopped.load(ordering: .acquiring) {
                let subscribe = !subscribed
                do throws(DatabaseError) {
                    try await connection.run(on: thread) { session throws(DatabaseError) in
                        try listener.listen(session, event: event, subscribe: subscribe)
                    }
                } catch {
                    subscribed = false
                    listener.tell()
                    try? await Task.sleep(for: retry)
                }
            }
            await connection.close()
            close(stopPipe.read)
            close(stopPipe.write)
        }
        return listener
    }

    /// Calls `wake` (on the listener's thread) after each change from now on.
    public func onChange(_ wake: @escaping @Sendable () -> Void) { self.wake.withLock { $0 = wake } }

    /// Whether a change was told since the last call.
    public func takeChange() -> Bool { changed.exchange(false, ordering: .acquiringAndReleasing) }

    /// Ends the listening session (at once, or when its reconnect wait is over).
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    private func tell() {
        changed.store(true, ordering: .releasing)
        wake.withLock { $0 }()
    }

    /// Waits for notifications for `event` until ``stop()``, LISTENing first when `subscribe` (a session started again).
    /// - Throws: ``DatabaseError/connectionLost(_:)`` when the session is lost.
    private func listen(_ session: DatabaseSession, event: Int, subscribe: Bool) throws(DatabaseError) {
        if subscribe { try session.execute(Self.listenCommand) }
        let payload = String(event)
        var fds = [pollfd(fd: PQsocket(session.connection), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
        while !stopped.load(ordering: .acquiring) {
            fds[0].revents = 0
            fds[1].revents = 0
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { throw .connectionLost(String(cString: strerror(errno))) }
            guard fds[1].revents == 0 else { return }
            guard fds[0].revents != 0 else { continue }
            guard PQconsumeInput(session.connection) == 1 else { throw .connectionLost(DatabaseSession.message(session.connection)) }
            var mine = false
            while let notification = PQnotifies(session.connection) {
                mine = mine || String(cString: notification.pointee.extra) == payload
                PQfreemem(notification)
            }
            if mine { tell() }
        }
    }
}
