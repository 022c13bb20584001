import Foundation
import Testing
import TestSupport
@testable import TophhieCloudAuthentication

/// Durability across processes (field case 019 (docs/field-cases.md), docs/protocol.md trap T12): `token-cache-writer` children killed mid-write and
/// racing each other.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: TokenCacheWriter.path), "needs the token-cache-writer binary"))
struct TokenCacheProcessTests {
    typealias F = TokenCacheFixtures
    static let writer = TokenCacheWriter.path

    @Test func killedWriterLeavesOldOrNewFileAndNextWriteWorks() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let log = folder.file("writer.log")
        #expect(await ChildProcess.runToEnd([Self.writer, "sample", "0", folder.file("a.json")], outputPath: log) == 0)
        #expect(await ChildProcess.runToEnd([Self.writer, "sample", "1", folder.file("b.json")], outputPath: log) == 0)
        let (sampleA, sampleB) = (folder.file("a.json"), folder.file("b.json"))
        // Half-megabyte caches: parsing and writing them is CPU work, done off the cooperative pool.
        let (bytesA, bytesB, cacheA, cacheB) = try await OffPoolWork.run {
            let (bytesA, bytesB) = (try Data(contentsOf: URL(fileURLWithPath: sampleA)), try Data(contentsOf: URL(fileURLWithPath: sampleB)))
            return (bytesA, bytesB, try MSALTokenCache(json: bytesA), try MSALTokenCache(json: bytesB))
        }
        #expect(bytesA.count > 500_000 && bytesB.count > bytesA.count, "large enough that a write takes a while")

        let subfolder = folder.file("cache")
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: true)
        let path = (subfolder as NSString).appendingPathComponent("msal_token_cache.json")
        let file = TokenCacheFile(path: path)
        _ = try await OffPoolWork.run { try file.update { $0 = cacheA } }
        var killedHoldingLock = 0
        for _ in 0..<20 {
            let child = try #require(ChildProcess.start([Self.writer, "alternate", path, "50000"], outputPath: log))
            // A kill at a random moment of the alternating writes (a deadline, not a wait for an event).
            try await Task.sleep(for: .milliseconds(Int.random(in: 80...400)))
            kill(child, SIGKILL)
            await ChildProcess.exitStatus(of: child)

            let (bytes, parsed, lockLeft) = try await OffPoolWork.run {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                return (bytes, try MSALTokenCache(json: bytes), FileManager.default.fileExists(atPath: path + ".lockfile"))
            }
            #expect(bytes == bytesA || bytes == bytesB, "the file is the old or the new cache, never a mix")
            if lockLeft { killedHoldingLock += 1 }

            // The next write takes over the dead writer's lock and clears its temporary file.
            let (after, left) = try await OffPoolWork.run {
                _ = try file.update { $0 = ($0 == cacheA) ? cacheB : cacheA }
                return (try MSALTokenCache(json: Data(contentsOf: URL(fileURLWithPath: path))),
                        try FileManager.default.contentsOfDirectory(atPath: subfolder))
            }
            #expect(after == (parsed == cacheA ? cacheB : cacheA))
            #expect(left == ["msal_token_cache.json"], "no lock or temporary file left")
            #expect(ScratchFolder.mode(path) == 0o600)
        }
        #expect(killedHoldingLock > 0, "some kills landed inside an update")
    }

    @Test func twoProcessesRefreshingAtOnceLoseNoUpdate() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("msal_token_cache.json")
        let cycles = 50
        let first = try #require(ChildProcess.start([Self.writer, "rotate", path, "P1", "\(cycles)"], outputPath: folder.file("p1.log")))
        let second = try #require(ChildProcess.start([Self.writer, "rotate", path, "P2", "\(cycles)"], outputPath: folder.file("p2.log")))
        let statuses = [await ChildProcess.exitStatus(of: first), await ChildProcess.exitStatus(of: second)]
        let logs = [folder.file("p1.log"), folder.file("p2.log")].map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
        #expect(statuses == [0, 0], "\(logs)")

        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let refreshTokens = try F.entries("RefreshToken", in: data).values.filter { $0["home_account_id"] as? String == F.home }
        #expect(refreshTokens.count == 1, "one refresh token for the account")
        let secret = try #require(refreshTokens.first?["secret"] as? String)
        #expect(secret == "rt-P1-\(cycles)" || secret == "rt-P2-\(cycles)", "the last rotation of one of them")
        let cache = try MSALTokenCache(json: data)
        #expect(cache.account(homeAccountID: F.home, environment: F.environment)?.name == "\(2 * cycles)", "every increment survived")
        #expect(try F.entries("AccessToken", in: data).count == 1)
        #expect(folder.names().filter { $0.hasPrefix("msal_token_cache.json") } == ["msal_token_cache.json"])
    }
}

/// Where the hidden `token-cache-writer` helper is.
enum TokenCacheWriter {
    /// Built beside the test bundle, else in `.build/debug`.
    static var path: String {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let beside = runner.appendingPathComponent("token-cache-writer").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return RepositoryFiles.packageRoot.appendingPathComponent(".build/debug/token-cache-writer").path
    }
}
