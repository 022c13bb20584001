import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
import TophhieCloudAuthentication

/// A sign-out by another process while this one's refresh is in flight sticks: the refresh's tokens are
/// not stored and the account does not come back (MSAL Python stores refreshed tokens without re-creating
/// the account; field case 029).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: TokenCacheWriter.path), "needs the token-cache-writer binary"))
struct SignOutDuringRefreshTests {
    static let home = "\(InteractiveKit.objectID).\(InteractiveKit.tenantID)"

    /// A tenant whose refresh grant, before answering, waits for `whileInFlight` (the other process's sign-out).
    final class SlowRefreshTenant: HTTPTransport {
        let whileInFlight: @Sendable () async -> Void
        init(whileInFlight: @escaping @Sendable () async -> Void) { self.whileInFlight = whileInFlight }

        func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
            if request.method == "GET" { return InteractiveKit.json(200, InteractiveKit.discovery) }
            if request.url.path.hasSuffix("/devicecode") {
                return InteractiveKit.json(200, #"{"device_code":"dc-1","user_code":"ABCD-EFGH","verification_uri":"https://x.example/d","expires_in":900,"interval":5}"#)
            }
            guard form(of: request)["grant_type"] == "refresh_token" else { return InteractiveKit.tokens() }
            await whileInFlight()
            return InteractiveKit.tokens(access: "at-2", refresh: "rt-2")
        }
    }

    /// Runs `token-cache-writer sign-out` to its end, waiting off the pool.
    static func signOutInAnotherProcess(cache: String, log: String) async -> Int32 {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: ChildProcess.run([TokenCacheWriter.path, "sign-out", cache, home, "contoso.ciamlogin.com"],
                                                                outputPath: log))
            }
        }
    }

    @Test func aSignOutInAnotherProcessDuringARefreshIsNotUndone() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let cache = folder.file("msal_token_cache.json")
        let signOutStatus = Mutex<Int32?>(nil)
        let tenant = SlowRefreshTenant { [log = folder.file("writer.log")] in
            let status = await Self.signOutInAnotherProcess(cache: cache, log: log)
            signOutStatus.withLock { $0 = status }
        }
        let time = VirtualTime()
        let auth = TophhieAuth(transport: tenant, sleeper: time.sleeper, clock: time.clock)
        try auth.configure(clientId: InteractiveKit.clientID, authority: InteractiveKit.authority, tokenCachePath: cache)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
        time.advance(3600)   // expired: the next call refreshes

        await #expect(throws: AuthError.signedOutElsewhere) { try await auth.acquireTokenSilent() }
        #expect(signOutStatus.withLock { $0 } == 0, "the other process signed out while the refresh was in flight")

        // Nothing of the account is left in the file, and this process now needs a sign-in.
        let text = try String(contentsOfFile: cache, encoding: .utf8)
        for secret in ["at-1", "at-2", "rt-1", "rt-2", InteractiveKit.idToken()] {
            #expect(!text.contains(secret), "no token of the signed-out account")
        }
        #expect(!text.contains(InteractiveKit.objectID), "no account entry")
        #expect(try auth.accounts.isEmpty)
        do {
            _ = try await auth.acquireTokenSilent()
            Issue.record("the account must stay signed out")
        } catch let error as AuthError {
            #expect(error == .noAccount && error.needsInteraction)
        }
        #expect(AuthError.signedOutElsewhere.errorDescription == "This account was signed out in another window. Sign in again.")
    }
}
