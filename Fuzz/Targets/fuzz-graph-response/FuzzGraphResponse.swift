import Foundation
import FuzzSupport
@testable import TophhieCloudAuthentication

/// Microsoft Graph answers: any body reads as a profile, a sign-in page and an error envelope (or is
/// refused with `GraphError`), and any `Retry-After` gives seconds or nil, without trapping. Input: the
/// `Retry-After` line, then the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphResponse(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let retryAfter = text(input.line())
    let body = Data(input.rest())
    _ = RetryAfter.seconds(in: ["Retry-After": retryAfter], now: Date(timeIntervalSince1970: 1_800_000_000))
    _ = GraphDate.parse(retryAfter)
    _ = try? TophhieCloudUserProfile(json: body)
    _ = try? TophhieAuth.signInPage(InteractiveClient.Answer(status: 200, headers: [:], body: body))
    _ = GraphErrorEnvelope(json: body)
    return 0
}
