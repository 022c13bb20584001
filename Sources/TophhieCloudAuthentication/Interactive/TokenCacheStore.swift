import Foundation
import Synchronization

/// Where `TophhieAuth` keeps tokens: the cache file (shared with MSAL and other processes, under its
/// lock), or memory only when no path is configured.
final class TokenCacheStore: Sendable {
    private let file: TokenCacheFile?
    private let memory = Mutex(MSALTokenCache())
    /// The last "damaged file moved aside" notice, shown once.
    private let pendingNotice = Mutex<String?>(nil)

    init(path: String?) {
        file = path.map(TokenCacheFile.init(path:))
    }

    var path: String? { file?.path }

    /// The cache as it is now.
    /// - Throws: `AuthError.tokenCache`.
    func read() throws -> MSALTokenCache {
        guard let file else { return memory.withLock { $0 } }
        do {
            let (cache, notice) = try file.load()
            remember(notice)
            return cache
        } catch {
            throw AuthError.tokenCache(error.localizedDescription)
        }
    }

    /// Changes the cache: under the file lock, on what is on disk now, written back atomically.
    /// - Throws: `AuthError.tokenCache`, or what `body` throws.
    func update<T>(_ body: (inout MSALTokenCache) throws -> T) throws -> T {
        do {
            guard let file else { return try memory.withLock { try body(&$0) } }
            let (value, notice) = try file.update(body)
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
