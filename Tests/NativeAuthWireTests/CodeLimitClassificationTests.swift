import Foundation
import NativeAuthWire
import Testing

/// AADSTS701014 ("Cannot generate more one time passcodes") on any challenge is its own kind, told by
/// `error_codes` and, when that list is empty, by the description's prefix (field case 036).
@Suite struct CodeLimitClassificationTests {
    static let description = "AADSTS701014: Cannot generate more one time passcodes. Trace ID: 0c1f… Correlation ID: 5d2e… Timestamp: 2026-03-14 09:26:41Z"

    static func body(codes: String) -> Data {
        Data(#"{"error":"invalid_request","error_description":"\#(description)","error_codes":\#(codes),"trace_id":"t","correlation_id":"c"}"#.utf8)
    }

    @Test("every challenge endpoint, with error_codes [701014] or [] (by the description's prefix)", arguments: [
        NativeAuthEndpoint.signUpChallenge, .signInChallenge, .resetPasswordChallenge, .registerChallenge,
    ], ["[701014]", "[]"])
    func classified(endpoint: NativeAuthEndpoint, codes: String) {
        let validated = ResponseValidator.validate(endpoint: endpoint, status: 400, headers: [:], body: Self.body(codes: codes))
        guard case .rejected(let error) = validated else { Issue.record("got \(validated)"); return }
        #expect(error.kind == .codeLimitReached)
    }

    @Test("another code whose description merely mentions 701014 is not the code limit")
    func onlyByCodeOrPrefix() {
        let body = Data(#"{"error":"invalid_request","error_description":"AADSTS90100: see AADSTS701014: no","error_codes":[90100]}"#.utf8)
        guard case .rejected(let error) = ResponseValidator.validate(endpoint: .signUpChallenge, status: 400, headers: [:], body: body) else {
            Issue.record("not rejected")
            return
        }
        #expect(error.kind != .codeLimitReached)
    }
}
