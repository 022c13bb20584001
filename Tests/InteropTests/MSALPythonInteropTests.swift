import Foundation
import Testing
import TestSupport
import TophhieCloudAuthentication

/// The token cache is MSAL's: MSAL Python (PyPI `msal`) refreshes from a cache this framework wrote, and
/// this framework refreshes from a cache MSAL Python wrote after its own device-code sign-in. Both over
/// the emulator's HTTPS. Source: interactive-api §1 (unified cache), trap 10.
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
}
