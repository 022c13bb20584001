import Foundation
import Testing
import TestSupport
import TophhieCloudAuthentication

/// Browser sign-in with a real browser: headless Chromium (Selenium) opens the authorization URL, fills
/// the emulator's sign-in page and is redirected (form_post) to the framework's loopback listener.
/// Source: docs/protocol.md §I4.4–§I4.6; field case 024 (docs/field-cases.md).
@Suite(.serialized) struct BrowserSignInTests {
    @Test func aRealBrowserCompletesTheAuthorizationCodeSignIn() async throws {
        let tenant = try InteropTenant(tls: false)
        defer { tenant.stop() }
        let auth = TophhieAuth()
        try auth.configure(clientId: tenant.clientID, authority: tenant.authority, tokenCachePath: tenant.folder + "/cache.json")
        let step = try await auth.startBrowserSignIn()
        #expect(step.redirectURI.hasPrefix("http://localhost:"))
        let log = tenant.folder + "/browser.log"
        let (command, output) = tenant.python("browser_sign_in.py", [step.authorizationURL.absoluteString], output: "browser", environment: [
            "TOPHHIE_TEST_USERNAME": InteropTenant.username, "TOPHHIE_TEST_PASSWORD": InteropTenant.password,
            "TOPHHIE_TEST_BROWSER_LOG": log,
        ])
        let pid = try #require(ChildProcess.start(command, outputPath: output, truncate: true))
        let result = try await step.waitForSignIn(timeout: 30)
        #expect(await ChildProcess.exitStatus(of: pid) == 0, "browser: \(InteropTenant.read(output)) \(InteropTenant.read(log))")
        #expect(result.account.username == InteropTenant.username)
        #expect(auth.currentAccount?.username == InteropTenant.username)
    }
}
