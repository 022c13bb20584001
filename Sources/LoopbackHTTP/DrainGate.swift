import Glibc

/// What a daemon's stop waits for, counted by libmicrohttpd's threads, and the condition that wakes the stop
/// when it is done: requests under way (headers read, answer not yet sent) and connections on which a request
/// has been sent but not yet read.
///
/// The second count closes a race: a connection is accepted (or an idle keep-alive one receives the next
/// request), and only later (on a busy machine, much later) does its thread read the headers and begin the
/// request. Counting requests alone, a stop in between saw nothing under way and closed a connection whose
/// request was already sent (curl's "Empty reply from server"). A new connection counts until its first
/// request begins; an idle keep-alive one counts only when, as the stop begins, bytes wait on it.
///
/// - Important: a pthread mutex and condition variable, not Swift's `Mutex`: the stop blocks on the condition,
///   on a thread of its own (``HTTPDaemon/shutDown()``), never on the cooperative pool.
final class DrainGate: @unchecked Sendable {
    // @unchecked: every field, and every connection's state, is read and written with `lock` held.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let idle = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var requests = 0
    private var awaiting = 0
    private var draining = false
    private var connections: [ObjectIdentifier: Connection] = [:]

    /// One open connection: its socket, and whether a request is owed on it.
    final class Connection {
        enum State { case awaitingRequest, inRequest, idle }
        let socket: Int32
        fileprivate var state = State.awaitingRequest
        init(socket: Int32) { self.socket = socket }
    }

    init() {
        pthread_mutex_init(lock, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Deadlines on the monotonic clock: a wall-clock step must not cut a drain short or stretch it.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(idle, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(idle)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        idle.deallocate()
    }

    /// A connection was accepted; its first request is still to come.
    func opened(_ connection: Connection) {
        update {
            $0.connections[ObjectIdentifier(connection)] = connection
            $0.awaiting += 1
        }
    }

    /// A connection closed; whatever was owed on it is no longer.
    func closed(_ connection: Connection) {
        update {
            $0.connections[ObjectIdentifier(connection)] = nil
            if connection.state == .awaitingRequest { $0.awaiting -= 1 }
        }
    }

    /// A request's headers were read (`connection`: nil when libmicrohttpd did not say which).
    func requestBegan(on connection: Connection?) {
        update {
            $0.requests += 1
            if connection?.state == .awaitingRequest { $0.awaiting -= 1 }
            connection?.state = .inRequest
        }
    }

    /// A request's answer was sent, or its connection went.
    func requestEnded(on connection: Connection?) {
        update {
            $0.requests -= 1
            if connection?.state == .inRequest { connection?.state = .idle }
        }
    }

    /// Counts as they stand: for tests and diagnostics.
    var counts: (requests: Int, awaiting: Int, draining: Bool) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return (requests, awaiting, draining)
    }

    /// Blocks until nothing is under way or `seconds` pass. - Returns: whether everything finished in time.
    func waitUntilIdle(seconds: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let whole = Int(seconds)
        deadline.tv_sec += whole
        deadline.tv_nsec += Int((seconds - Double(whole)) * 1e9)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        draining = true
        // An idle keep-alive connection with bytes waiting has a request its thread has not read yet.
        for connection in connections.values where connection.state == .idle && Self.hasBytesWaiting(connection.socket) {
            connection.state = .awaitingRequest
            awaiting += 1
        }
        while requests > 0 || awaiting > 0 {
            if pthread_cond_timedwait(idle, lock, &deadline) == ETIMEDOUT { return false }
        }
        return true
    }

    private static func hasBytesWaiting(_ socket: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    private func update(_ change: (DrainGate) -> Void) {
        pthread_mutex_lock(lock)
        change(self)
        if requests <= 0 && awaiting <= 0 { pthread_cond_broadcast(idle) }
        pthread_mutex_unlock(lock)
    }
}
