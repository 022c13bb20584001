import AccountFlow
@testable import FlowRunner
import Foundation
import Testing
import TophhieCloudAuthentication

/// The account screen's Refresh now when another window signed the account out of the shared cache, before
/// or during the refresh: the flow hears "signed out in another window", and the account does not come back
/// (field case 029).
@Suite struct RefreshAfterSignOutElsewhereTests {
    static let home = "u1.t1"
    static let environment = "contoso.ciamlogin.com"
    static let signedOutElsewhere = "This account was signed out in another window. Sign in again."

    /// Discovery, and a refresh grant during which the other window signs out (then the new tokens come).
    final class SignOutDuringRefresh: HTTPTransport {
        let cache: String
        init(cache: String) { self.cache = cache }

        func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
            if request.method == "GET" {
                let base = "https://contoso.ciamlogin.com/t1"
                let body = #"{"issuer":"\#(base)/v2.0","authorization_endpoint":"\#(base)/oauth2/v2.0/authorize","token_endpoint":"\#(base)/oauth2/v2.0/token"}"#
                return HTTPResponse(status: 200, body: Data(body.utf8))
            }
            _ = try? TokenCacheFile(path: cache).update { $0.removeAccount(homeAccountID: RefreshAfterSignOutElsewhereTests.home,
                                                                           environment: RefreshAfterSignOutElsewhereTests.environment) }
            let body = #"{"token_type":"Bearer","scope":"AuditLog.Read.All","expires_in":3600,"access_token":"at-new","refresh_token":"rt-new","client_info":"\#(HistoryFailureTests.clientInfo)"}"#
            return HTTPResponse(status: 200, body: Data(body.utf8))
        }
    }

    static func runner(cache: String) throws -> InteractiveRunner {
        let auth = TophhieAuth(transport: SignOutDuringRefresh(cache: cache))
        try auth.configure(clientId: HistoryFailureTests.clientID, authority: URL(string: "https://contoso.ciamlogin.com/t1"),
                           scopes: ["AuditLog.Read.All"], tokenCachePath: cache)
        return InteractiveRunner(auth: auth, send: { _ in })
    }

    static func expectSignedOutElsewhere(_ result: Result<SignedInAccount, NativeAuthError>) {
        guard case .failure(.refreshTokenExpired(let details)) = result else { Issue.record("got \(result)"); return }
        #expect(details.errorDescription == signedOutElsewhere)
    }

    @Test func signedOutDuringTheRefresh() async throws {
        let cache = try HistoryFailureTests.operatorCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let runner = try Self.runner(cache: cache)
        Self.expectSignedOutElsewhere(await runner.refresh())
        let text = try String(contentsOfFile: cache, encoding: .utf8)
        #expect(!text.contains("at-new") && !text.contains("rt-new") && !text.contains(Self.home), "nothing brings the account back")
    }

    /// The console's own path: a native sign-in kept in the cache file, `tophhie sign-out` in another window,
    /// then Refresh now. The refresh token the console still holds must not write the account back.
    @Test func aNativeSignInSignedOutElsewhereStaysSignedOut() async throws {
        let folder = NSTemporaryDirectory() + "refresh-signed-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/msal_token_cache.json"
        let flow = try FlowOnEmulator(tokenCache: cache)
        await flow.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
        #expect(flow.screen.title == "Signed in", "\(flow.screen)")
        #expect(try String(contentsOfFile: cache, encoding: .utf8).contains("jane.doe@contoso.com"), "the sign-in was not kept")

        let elsewhere = TophhieAuth()
        try elsewhere.configure(clientId: flow.tenant.clientID, authority: flow.tenant.authority, tokenCachePath: cache)
        _ = try await elsewhere.signOut()
        await flow.send(.refreshRequested)
        #expect("\(flow.screen)".contains(Self.signedOutElsewhere), "\(flow.screen)")
        #expect(!(try String(contentsOfFile: cache, encoding: .utf8).contains("jane.doe@contoso.com")), "the refresh wrote the account back")
    }

    /// A damaged cache file met by a sign-in is moved aside and the console says so once, naming where it went (a new
    /// user's trial saw the file moved and not a word).
    @Test func aDamagedCacheMovedAsideIsSaidOnce() async throws {
        let folder = NSTemporaryDirectory() + "damaged-cache-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/msal_token_cache.json"
        try Data("garbage{".utf8).write(to: URL(fileURLWithPath: cache))
        let flow = try FlowOnEmulator(tokenCache: cache)
        await flow.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
        #expect(flow.screen.title == "Signed in", "\(flow.screen)")
        let notice = flow.model.takeNotice()
        #expect(notice?.contains("was damaged") == true && notice?.contains(".corrupt-") == true, "\(String(describing: notice))")
        #expect(flow.model.takeNotice() == nil, "said twice")
    }

    @Test func signedOutBeforeTheRefresh() async throws {
        let cache = try HistoryFailureTests.operatorCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let runner = try Self.runner(cache: cache)
        _ = try TokenCacheFile(path: cache).update { $0.removeAccount(homeAccountID: Self.home, environment: Self.environment) }
        Self.expectSignedOutElsewhere(await runner.refresh())
    }
}
