import Foundation
import FuzzSupport
import TophhieCloudAuthentication

/// Token cache files (ours, MSAL Python's, MSAL.NET's, hand-edited or torn): any bytes load to a cache or
/// `TokenCacheError.malformed`; a loaded cache answers every lookup, and what it writes reads back and writes
/// again byte for byte. Input: the file's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenCache(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    guard var cache = try? MSALTokenCache(json: Data(input.rest())) else { return 0 }
    let written = cache.serialized()
    guard let reread = try? MSALTokenCache(json: written) else { preconditionFailure("a written cache does not read back") }
    precondition(reread.serialized() == written, "a written cache does not write back the same")
    for account in cache.accounts() + cache.accounts(clientID: "client") {
        let environment = account.environment
        let home = account.homeAccountID
        _ = cache.account(homeAccountID: home, environment: environment)
        _ = cache.accessToken(homeAccountID: home, environment: environment, clientID: "client", realm: account.realm, scopes: ["openid"])
        _ = cache.refreshToken(homeAccountID: home, environment: environment, clientID: "client")
        _ = cache.idToken(homeAccountID: home, environment: environment, clientID: "client", realm: nil)
        cache.removeAccount(homeAccountID: home, environment: environment)
    }
    return 0
}
