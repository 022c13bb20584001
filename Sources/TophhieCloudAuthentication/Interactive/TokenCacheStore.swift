import Foundation
import OffPool
import Synchronization

/// Where `TophhieAuth` keeps tokens: the cache file (shared with MSAL and other processes, under its
/// lock), or memory only when no path is configured.
///
/// The async calls run the file work (lock wait, read, `fsync`, rename) off Swift's cooperative pool
/// (``OffPoolWork``) and end with `CancellationError` when their task is cancelled while waiting for the lock.
final class TokenCacheStore: Sendable {
    private let file: TokenCacheFile?
    private let memory = Mutex(MSALTokenCache())
    /// The last "damaged file moved aside" notice, shown once.
    private let pendingNotice = Mutex<String?>(nil)

    init(path: String?) {
        file = path.map(TokenCacheFile.init(path:))
    }

    /// A store on `file` as given (tests choose its lock timeout).
    init(file: TokenCacheFile) {
        self.file = file
    }

    var path: String? { file?.path }

    /// The cache as it is now, read on the calling thread for the synchronous account listings, never waiting for
    /// the lock: the file is parsed once and then only `fstat`ed; a damaged file reads as empty until the next
    /// async read moves it aside.
    /// - Throws: `AuthError.tokenCache`.
    func readNow() throws -> MSALTokenCache {
        guard let file else { return memory.withLock { $0 } }
        do {
            let (cache, notice) = try file.peek()
            remember(notice)
            return cache
        } catch {
            throw AuthError.tokenCache(error.localizedDescription)
        }
    }

    /// The cache as it is now.
    /// - Throws: `AuthError.tokenCache`, `CancellationError`.
    func read() async throws -> MSALTokenCache {
        guard let file else { return memory.withLock { $0 } }
        do {
            let (cache, notice) = try await OffPoolWork.cancellable { try file.load(cancellation: $0) }
            remember(notice)
            return cache
        } catch let error as TokenCacheError {
            throw AuthError.tokenCache(error.localizedDescription)
        }
    }

    /// Changes the cache: under the file lock, on what is on disk now, written back atomically.
    /// - Throws: `AuthError.tokenCache`, `CancellationError`, or what `body` throws.
    func update<T: Sendable>(_ body: @escaping @Sendable (inout MSALTokenCache) throws -> T) async throws -> T {
        do {
            guard let file else { return try memory.withLock { try body(&$0) } }
            let (value, notice) = try await OffPoolWork.cancellable { try file.update(cancellation: $0, body) }
            remember(notice)
            return value
        } catch let error as TokenCacheError {
            throw AuthError.tokenCache(error.localizedDescription)
        }
    }

    /// The notice about a damaged file, once.
    func takeNotice() -> String? { pendingNotice.withLock { notice in defer { notice = nil }; return notice } }

    private func remember(_ notice: String?) {
        guard let notice else { return }
        pendingNotice.withLock { $0 = notice }
    }
}
