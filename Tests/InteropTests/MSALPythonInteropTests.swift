import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
import TophhieCloudAuthentication

/// The token cache is MSAL's: MSAL Python (PyPI `msal`) refreshes from a cache this framework wrote, and
/// this framework refreshes from a cache MSAL Python wrote after its own device-code sign-in. Both over
/// the emulator's HTTPS. Source: docs/protocol.md §I1 (unified cache), trap T10.
@Suite(.serialized) struct MSALPythonInteropTests {
    @Test func msalPythonRefreshesSilentlyFromACacheWeWrote() async throws {
        let tenant = try InteropTenant()
        defer { tenant.stop() }
        let cache = tenant.folder + "/msal_token_cache.json"
        let auth = try tenant.auth(cache: cache)
        let step = try await auth.startDeviceCodeSignIn()
        #expect(tenant.approve(userCode: step.userCode) == 200)
        let signedIn = try await step.waitForSignIn()
        #expect(signedIn.account.username == InteropTenant.username)

        let (command, output) = tenant.python("msal_interop.py", ["refresh", cache], output: "refresh")
        let status = await ChildProcess.runToEnd(command, outputPath: output, truncate: true)
        let printed = InteropTenant.read(output)
        #expect(status == 0, "MSAL Python: \(printed)")
        #expect(printed.contains(#""username": "jane.doe@contoso.com""#))

        // MSAL Python rotated the refresh token and wrote the file: we still read it, and refresh with the new one.
        let again = try tenant.auth(cache: cache)
        #expect(again.currentAccount?.username == InteropTenant.username)
        let refreshed = try await again.acquireTokenSilent(forceRefresh: true)
        #expect(refreshed.account.username == InteropTenant.username)
    }

    @Test func weRefreshSilentlyFromACacheMSALPythonWroteAfterItsDeviceCodeSignIn() async throws {
        let tenant = try InteropTenant()
        defer { tenant.stop() }
        let cache = tenant.folder + "/msal_token_cache.json"
        let (command, output) = tenant.python("msal_interop.py", ["device", cache], output: "device")
        let pid = try #require(ChildProcess.start(command, outputPath: output, truncate: true))
        var userCode: String?
        for _ in 0..<200 where userCode == nil {
            userCode = InteropTenant.read(output).split(separator: "\n").first { $0.hasPrefix("user_code ") }
                .map { String($0.dropFirst("user_code ".count)) }
            if userCode == nil { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        let code = try #require(userCode, "MSAL Python printed no user code: \(InteropTenant.read(output))")
        #expect(tenant.approve(userCode: code) == 200)
        #expect(await ChildProcess.exitStatus(of: pid) == 0, "MSAL Python: \(InteropTenant.read(output))")

        let auth = try tenant.auth(cache: cache)
        let restored = try #require(auth.currentAccount, "the account MSAL Python cached is restored at configure")
        #expect(restored.username == InteropTenant.username)
        let cached = try await auth.acquireTokenSilent()
        #expect(!cached.accessToken.isEmpty)
        let refreshed = try await auth.acquireTokenSilent(forceRefresh: true)
        #expect(refreshed.accessToken != cached.accessToken)
    }

    /// Holds back the answer to a refresh grant until `whileInFlight` has run: the other process acts while
    /// this one's refresh is out.
    final class RefreshInFlight: HTTPTransport {
        let wrapped: any HTTPTransport
        let whileInFlight: @Sendable () async -> Void
        init(_ wrapped: any HTTPTransport, whileInFlight: @escaping @Sendable () async -> Void) {
            self.wrapped = wrapped
            self.whileInFlight = whileInFlight
        }

        func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
            guard String(decoding: request.body, as: UTF8.self).contains("grant_type=refresh_token") else { return try await wrapped.send(request) }
            let wrapped = wrapped
            let answer = Task { () async -> Result<HTTPResponse, TransportFailure> in
                do throws(TransportFailure) { return .success(try await wrapped.send(request)) } catch { return .failure(error) }
            }
            await whileInFlight()
            return try await answer.value.get()
        }
    }

    /// Field case 029: the emulator holds the refresh grant 3 s; meanwhile MSAL Python signs the account out
    /// of the shared cache. The refresh's answer does not bring the account back.
    @Test func aSignOutByMSALPythonDuringOurRefreshSticks() async throws {
        let tenant = try InteropTenant()
        defer { tenant.stop() }
        let cache = tenant.folder + "/msal_token_cache.json"
        let (command, output) = tenant.python("msal_interop.py", ["remove", cache], output: "remove")
        let removed = Mutex<Int32?>(nil)
        let transport = RefreshInFlight(try makeTransport(caFile: tenant.caFile)) {
            let status = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: ChildProcess.run(command, outputPath: output, truncate: true)) }
            }
            removed.withLock { $0 = status }
        }
        let clock = tenant.server.emulator.clock
        let auth = TophhieAuth(transport: transport, clock: { clock.now })
        try auth.configure(clientId: tenant.clientID, authority: tenant.authority, tokenCachePath: cache, caFile: tenant.caFile)
        let step = try await auth.startDeviceCodeSignIn()
        #expect(tenant.approve(userCode: step.userCode) == 200)
        let signedIn = try await step.waitForSignIn()
        clock.advance(by: 3600)
        #expect(tenant.fault(#"{"endpoint": "/oauth2/v2.0/token", "kind": "delay", "seconds": 3}"#) == 200)

        await #expect(throws: AuthError.signedOutElsewhere) { try await auth.acquireTokenSilent() }
        #expect(removed.withLock { $0 } == 0, "MSAL Python: \(InteropTenant.read(output))")
        let text = InteropTenant.read(cache)
        #expect(!text.contains(signedIn.idToken) && !text.contains(signedIn.refreshToken ?? "-"), "no token of the account")
        #expect(!text.contains(#""credential_type": "RefreshToken""#) && !text.contains(#""credential_type":"RefreshToken""#))
        let home = try #require(signedIn.account.homeAccountID)
        let file = try MSALTokenCache(json: Data(text.utf8))
        #expect(file.accounts().isEmpty && file.account(homeAccountID: home, environment: "127.0.0.1") == nil)
        #expect(try auth.accounts.isEmpty)
        await #expect(throws: AuthError.noAccount) { try await auth.acquireTokenSilent() }
    }
}
