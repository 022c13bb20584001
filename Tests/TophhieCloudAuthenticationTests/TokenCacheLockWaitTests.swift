import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import TophhieCloudAuthentication

/// Waiting for the cache lock that another program holds happens off Swift's cooperative pool, and a
/// cancelled wait ends at once; the file is parsed once and reused while it is the same file.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: TokenCacheWriter.path), "needs the token-cache-writer binary"))
struct TokenCacheLockWaitTests {
    typealias F = TokenCacheFixtures

    /// `token-cache-writer hold PATH`: holds the lock until its standard input ends.
    final class LockHolder: Sendable {
        let process: Process
        let input: Pipe

        /// Starts the holder and returns once it says it holds the lock.
        init(path: String) async throws {
            let (process, input, output) = (Process(), Pipe(), Pipe())
            process.executableURL = URL(fileURLWithPath: TokenCacheWriter.path)
            process.arguments = ["hold", path]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            self.process = process
            self.input = input
            let reader = output.fileHandleForReading
            let said = await reader.nextChunk()
            #expect(String(decoding: said, as: UTF8.self) == "held\n")
        }

        /// Ends the hold and waits for the child to exit.
        func release() async {
            try? input.fileHandleForWriting.close()
            await process.exited()
        }
    }

    /// What happened, in order.
    final class EventLog: Sendable {
        private let events = Mutex<[String]>([])
        init() {}
        func add(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
    }

    @Test func updatesWaitingForAnotherProgramsLockLeaveThePoolFree() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("msal_token_cache.json")
        // A lock timeout longer than any busy machine needs between the waits and the release below, so what is
        // tested is where the waits run, not how fast this machine is.
        let store = TokenCacheStore(file: TokenCacheFile(path: path, lockTimeout: 30))
        let holder = try await LockHolder(path: path)
        let events = EventLog()

        // More waiters than the pool has threads (2 here): each would hold one if it slept on the pool.
        let waiters = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let updates = (0..<waiters).map { index in
            Task {
                try await store.update { cache in
                    try cache.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm,
                                    requestedScopes: [], accountSource: nil, now: F.signInTime)
                }
                events.add("update \(index)")
            }
        }
        // A task of the pool runs and finishes while every waiter still waits.
        let answer = await Task { 6 * 7 }.value
        events.add("pool task \(answer)")
        #expect(events.all == ["pool task 42"], "no update got the lock while the other program held it")

        await holder.release()
        for update in updates { try await update.value }
        let seen = events.all
        #expect(seen.first == "pool task 42" && seen.count == waiters + 1)
        #expect(try TokenCacheFile(path: path).load().cache.accounts().count == 1)
    }

    @Test func aCancelledWaitForTheLockEndsWithoutChangingTheCache() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("msal_token_cache.json")
        let store = TokenCacheStore(path: path)
        let holder = try await LockHolder(path: path)
        let waiting = Task {
            try await store.update { $0 = MSALTokenCache() }
        }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(FileManager.default.fileExists(atPath: path + ".lockfile"), "the holder's lock is left alone")
        #expect(!FileManager.default.fileExists(atPath: path), "nothing was written")
        await holder.release()
    }

    // The synchronous account listings run on whatever thread calls them, a cooperative one from async code: they
    // must not wait for a lock another program holds, even when the file they find is damaged.
    @Test func aSynchronousReadOfADamagedFileDoesNotWaitForTheLock() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("msal_token_cache.json")
        // Waiting for the lock would end in `lockTimeout` here, since the holder keeps it until released below.
        let store = TokenCacheStore(file: TokenCacheFile(path: path, lockTimeout: 1))
        let holder = try await LockHolder(path: path)
        // Damaged after the holder has read the (absent) file, as another program writing in place would leave it.
        try Data("{\"Account\": {".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try store.readNow().accounts().isEmpty, "a damaged file lists no account")
        #expect(FileManager.default.fileExists(atPath: path), "moving it aside waits for the lock, in an async read")
        await holder.release()
        _ = try await store.read()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(store.takeNotice()?.contains("was damaged") == true)
    }

    // Seen under load: a writer killed between creating the lock file and writing its pid left an empty file, and
    // the next update timed out (5 s) before the file counted as stale (then 10 s).
    @Test func anEmptyLockFileNobodyHoldsIsTakenOverWithinTheLockTimeout() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("msal_token_cache.json")
        let lock = path + ".lockfile"
        #expect(FileManager.default.createFile(atPath: lock, contents: Data()))
        var old = [timeval(tv_sec: time(nil) - 4, tv_usec: 0), timeval(tv_sec: time(nil) - 4, tv_usec: 0)]
        #expect(utimes(lock, &old) == 0)
        let store = TokenCacheStore(file: TokenCacheFile(path: path, lockTimeout: 5))
        try await store.update { $0 = MSALTokenCache() }
        #expect(!FileManager.default.fileExists(atPath: lock), "the dead writer's lock file was taken over and removed")
    }
}
