import Foundation
import Testing
import TestSupport
@testable import TophhieCloudAuthentication

/// The cache file: damaged files, permissions, the lock file. Source: docs/protocol.md §I1.6, §I1.7; field case 019 (docs/field-cases.md).
@Suite(.serialized) struct TokenCacheFileTests {
    typealias F = TokenCacheFixtures

    /// Field case 019 (docs/field-cases.md)'s three damaged states, and what must happen to each.
    @Test(arguments: [
        ("a: leftover bytes after a valid cache", #"{"Account":{},"AccessToken":{},"RefreshToken":{},"IdToken":{},"AppMetadata":{}}}}}"#),
        ("b: first 100 bytes of a valid cache", String(decoding: Array(TokenCacheFixtures.section18.utf8.prefix(100)), as: UTF8.self)),
    ])
    func damagedFileIsMovedAsideWithOneLineNotice(label: String, content: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("msal_token_cache.json", Data(content.utf8), mode: 0o644)
        let file = TokenCacheFile(path: folder.file("msal_token_cache.json"))

        let (cache, notice) = try file.load()
        #expect(cache == MSALTokenCache(), "\(label): continue signed out")
        let line = try #require(notice, "\(label): the user is told")
        #expect(!line.contains("\n"))
        let aside = try #require(folder.names().first { $0.hasPrefix("msal_token_cache.json.corrupt-") })
        #expect(aside.range(of: #"^msal_token_cache\.json\.corrupt-\d{8}T\d{6}Z$"#, options: .regularExpression) != nil)
        #expect(line.contains(aside))
        #expect(ScratchFolder.mode(folder.file(aside)) == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(aside))) == Data(content.utf8), "the damaged bytes are kept")
        #expect(!FileManager.default.fileExists(atPath: file.path))

        // Later commands work: no second notice, and a write succeeds.
        #expect(try file.load().notice == nil)
        let (_, again) = try file.update { try $0.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime) }
        #expect(again == nil)
        #expect(try file.load().cache.accounts().count == 1)
    }

    @Test func damagedFileFoundByUpdateIsMovedAsideToo() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("c.json", Data(#"{"RefreshToken": {"k": {"secret": "SUPER-SECRET-RT"#.utf8))
        let file = TokenCacheFile(path: folder.file("c.json"))
        let (_, notice) = try file.update { _ in }
        let line = try #require(notice)
        #expect(!line.contains("SUPER-SECRET"), "the notice never quotes the file")
        #expect(folder.names().contains { $0.hasPrefix("c.json.corrupt-") })
    }

    /// Field case 019 (docs/field-cases.md) (c): an empty file is an empty cache. It holds nothing to rescue, so it is neither moved aside
    /// nor reported.
    @Test func emptyFileIsAnEmptyCacheWithoutNotice() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("c.json", Data())
        let file = TokenCacheFile(path: folder.file("c.json"))
        let (cache, notice) = try file.load()
        #expect(cache == MSALTokenCache())
        #expect(notice == nil)
        #expect(folder.names() == ["c.json"])
        #expect(try file.update { _ in }.notice == nil)
    }

    @Test func missingFileIsEmptyWithoutNotice() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = TokenCacheFile(path: folder.file("sub/dir/c.json"))
        let (cache, notice) = try file.load()
        #expect(cache == MSALTokenCache())
        #expect(notice == nil)
    }

    @Test func writtenFileIsOwnerOnlyWhateverTheUmask() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let previous = umask(0o022)
        defer { umask(previous) }
        let file = TokenCacheFile(path: folder.file("state/tophhie/c.json"))
        _ = try file.update { try $0.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime) }
        #expect(ScratchFolder.mode(file.path) == 0o600)

        // A file another tool left readable by others becomes owner-only on our next write.
        chmod(file.path, 0o644)
        _ = try file.update { $0.removeRefreshToken(homeAccountID: F.home, environment: F.environment, clientID: F.client) }
        #expect(ScratchFolder.mode(file.path) == 0o600)
    }

    @Test func lockFileIsRemovedAndNoTemporaryFileLeft() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = TokenCacheFile(path: folder.file("c.json"))
        let sawLock = try file.update { _ in FileManager.default.fileExists(atPath: folder.file("c.json.lockfile")) }.value
        #expect(sawLock, "the body runs under the lock")
        _ = try file.update { try $0.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime) }
        #expect(folder.names() == ["c.json"])
        // A body that throws writes nothing and still releases the lock.
        struct Stop: Error {}
        #expect(throws: Stop.self) { try file.update { cache in cache = MSALTokenCache(); throw Stop() } }
        #expect(folder.names() == ["c.json"])
        #expect(try file.load().cache.accounts().count == 1)
    }

    @Test func lockOfADeadProcessIsTakenOver() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let dead = try #require(ChildProcess.start(["/bin/true"], outputPath: "/dev/null"))
        ChildProcess.wait(dead)
        try folder.write("c.json.lockfile", Data("\(dead) python3\n".utf8))
        let file = TokenCacheFile(path: folder.file("c.json"), lockTimeout: 2)
        let started = Date()
        _ = try file.update { try $0.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime) }
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(folder.names() == ["c.json"])
    }

    @Test func lockOfALiveProcessIsWaitedForThenTimesOut() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("c.json.lockfile", Data("\(getpid()) msal-extensions\n".utf8))
        let file = TokenCacheFile(path: folder.file("c.json"), lockTimeout: 0.6)
        let started = Date()
        #expect(throws: TokenCacheError.lockTimeout(path: folder.file("c.json.lockfile"))) {
            _ = try file.update { try $0.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime) }
        }
        #expect(Date().timeIntervalSince(started) >= 0.55, "it waited")
        #expect(FileManager.default.fileExists(atPath: folder.file("c.json.lockfile")), "a live holder's lock is left alone")
        #expect(!FileManager.default.fileExists(atPath: file.path), "nothing written without the lock")
        #expect(TokenCacheFile(path: file.path).lockTimeout == 5, "the public default waits about 5 s like msal-extensions")
    }

    @Test func lockReleasedDuringTheWaitIsTaken() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let lock = folder.file("c.json.lockfile")
        try folder.write("c.json.lockfile", Data("\(getpid()) msal-extensions\n".utf8))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { unlink(lock) }
        let file = TokenCacheFile(path: folder.file("c.json"), lockTimeout: 3)
        _ = try file.update { try $0.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime) }
        #expect(try file.load().cache.accounts().count == 1)
    }

    @Test func defaultPathFollowsOverrideThenXDGThenHome() {
        #expect(TokenCacheFile.defaultPath(environment: ["TOPHHIE_TOKEN_CACHE": "/x/c.json", "XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/x/c.json")
        #expect(TokenCacheFile.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/tophhie/msal_token_cache.json")
        #expect(TokenCacheFile.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/tophhie/msal_token_cache.json")
        #expect(TokenCacheFile.defaultPath(environment: ["TOPHHIE_TOKEN_CACHE": "", "HOME": "/h"]) == "/h/.local/state/tophhie/msal_token_cache.json")
    }
}

/// The cache is parsed once per file version: the same device, inode, mtime and size reuse the parse.
@Suite struct TokenCacheParseOnceTests {
    typealias F = TokenCacheFixtures

    /// Replaces the file's bytes with as many `x`, keeping its size, and sets its mtime to `mtime`.
    static func scribble(_ path: String, mtime: timespec) throws {
        var status = stat()
        stat(path, &status)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: Int(status.st_size)))
        try handle.close()
        var times = [status.st_atim, mtime]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    static func setMtime(_ path: String, _ mtime: timespec) {
        var status = stat()
        stat(path, &status)
        var times = [status.st_atim, mtime]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func theSameFileIsNotReadAgainButAnyChangeIs() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("c.json")
        let file = TokenCacheFile(path: path)
        _ = try file.update { try $0.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime) }
        let aMinuteAgo = timespec(tv_sec: time(nil) - 60, tv_nsec: 0)
        Self.setMtime(path, aMinuteAgo)
        #expect(try file.load().cache.accounts().count == 1)

        // Bytes changed behind the cache's back, with the size and mtime put back: the parse is reused.
        try Self.scribble(path, mtime: aMinuteAgo)
        let (reused, quiet) = try file.load()
        #expect(reused.accounts().count == 1 && quiet == nil, "read from the parse, not from the disk")

        // A new mtime is a new version: read, found damaged, moved aside.
        Self.setMtime(path, timespec(tv_sec: aMinuteAgo.tv_sec + 1, tv_nsec: 0))
        let (reread, notice) = try file.load()
        #expect(reread.accounts().isEmpty)
        #expect(notice?.contains("was damaged") == true)
    }

    /// Two same-size writes within one kernel clock tick share an mtime: a file changed in the last 2 s is
    /// read every time.
    @Test func aFileChangedJustNowIsReadEveryTime() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("c.json")
        let file = TokenCacheFile(path: path)
        _ = try file.update { try $0.store(F.section18Answer, clientID: F.client, environment: F.environment, realm: F.realm, requestedScopes: [], accountSource: nil, now: F.signInTime) }
        #expect(try file.load().cache.accounts().count == 1)
        var status = stat()
        stat(path, &status)
        try Self.scribble(path, mtime: status.st_mtim)
        #expect(try file.load().notice?.contains("was damaged") == true, "the same mtime, but too recent to trust")
    }
}
