import Foundation
import FuzzSupport
import NativeAuthWire

/// Native-auth answers: any status, headers and body for any endpoint and grant type must validate to a
/// `ValidatedResponse` without trapping. Input: endpoint byte, status byte, grant-type byte, a
/// `Retry-After` / `client-request-id` header line, then the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNativeAuth(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let endpoint = input.pick(NativeAuthEndpoint.allCases)
    let status = input.pick([200, 400, 401, 429, 500, 502, 302, 0, -1, 999])
    let grantType = input.pick([nil] + GrantType.known.map(Optional.some) + [.unknown("x")])
    let header = text(input.line())
    let body = Data(input.rest())
    let headers = ["Retry-After": header, "client-request-id": header, "Content-Type": "application/json"]
    _ = ResponseValidator.validate(endpoint: endpoint, grantType: grantType, status: status, headers: headers, body: body)
    // The same bytes as a form body (what the emulator and the redirect listener read): decoding then
    // encoding and decoding again must give the same parameters.
    let form = FormBody(decoding: body)
    let again = FormBody(decoding: form.encoded)
    precondition(form == again, "form body round trip differs")
    return 0
}
