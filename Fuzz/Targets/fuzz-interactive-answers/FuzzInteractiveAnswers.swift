import Foundation
import FuzzSupport
import LoopbackHTTP
import NativeAuthWire
@testable import TophhieCloudAuthentication

/// The interactive stack's answers: discovery documents, device authorization answers, token answers
/// (then stored in a cache as a sign-in would), and the browser's authorization response on the loopback
/// redirect (query or `form_post` body). Input: a selector byte, a query line, then the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInteractiveAnswers(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let selector = input.byte()
    let queryLine = input.line()
    let body = Data(input.rest())
    switch selector % 4 {
    case 0:
        if let metadata = try? OIDCMetadata(json: body) { _ = metadata.realm(fallback: "fallback") }
    case 1:
        _ = try? DeviceCodeStep(answer: body, authority: session.configuration.authority, issuedAt: Date(timeIntervalSince1970: 1_800_000_000),
                                scopes: ["openid"], session: session)
    case 2:
        guard let tokens = try? TokenGrant(answer: body, requestedScope: "openid profile offline_access") else { break }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try? TophhieAuthResult(tokens, idToken: tokens.idToken ?? "", receivedAt: now)
        var cache = MSALTokenCache()
        try? cache.store(tokens, clientID: "client", environment: "contoso.ciamlogin.com", realm: "tenant",
                         requestedScopes: ["openid"], accountSource: nil, now: now)
    default:
        redirect(query: queryLine, body: body)
    }
    return 0
}

/// A configured session (never used for I/O): the device-code answer keeps it for polling.
private let session: InteractiveSession = {
    let auth = TophhieAuth()
    do {
        _ = try auth.configure(clientId: "00000000-0000-0000-0000-000000000001",
                               authority: URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"),
                               tokenCachePath: nil, restoreCachedAccount: false)
        return try auth.makeSession()
    } catch {
        fatalError("cannot configure the fuzz session: \(error)")
    }
}()

/// The redirect listener's responder on a GET with the query line and on a POST with the body.
private func redirect(query: [UInt8], body: Data) {
    let responder = LoopbackRedirectListener.Responder(path: "/", state: "state", outcome: LoopbackRedirectListener.Outcome())
    let fields = FormBody(decoding: Data(query)).dictionary
    _ = responder.respond(to: LoopbackRequest(method: "GET", path: "/", query: fields))
    _ = responder.respond(to: LoopbackRequest(method: "POST", path: "/", body: Array(body)))
}
