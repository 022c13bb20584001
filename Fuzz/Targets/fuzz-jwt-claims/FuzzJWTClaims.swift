import FuzzSupport
@testable import TophhieCloudAuthentication

/// Id tokens and `client_info` from a token answer: any text gives claims (or none) and an account
/// without trapping. Input: the `client_info` line, then the id token.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWTClaims(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let clientInfo = text(input.line())
    let idToken = text(input.rest())
    _ = JWTClaims.claims(ofJWT: idToken)
    _ = TophhieAccount(idToken: idToken, clientInfo: clientInfo.isEmpty ? nil : clientInfo, fallbackUsername: "fallback@example.com")
    return 0
}
