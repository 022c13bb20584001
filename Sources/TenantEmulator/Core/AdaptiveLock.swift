import Glibc

/// A glibc adaptive mutex, which spins briefly before sleeping: the emulator's locks (the tenant's, the
/// outbox's, the fault queue's).
///
/// Requests hold them for microseconds, and with a thread per connection on few cores a waiter that went to
/// sleep at once (as `NSLock` does) paid a futex wait, a wake-up and two context switches each time.
final class AdaptiveLock: @unchecked Sendable {
    // @unchecked: the mutex is the synchronisation; it is allocated once and never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
