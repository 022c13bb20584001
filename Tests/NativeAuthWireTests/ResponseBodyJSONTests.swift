import Foundation
import NativeAuthWire
import Testing

/// The emulator's hand-written answer JSON must be what `JSONEncoder` (sorted keys, slashes unescaped) writes,
/// byte for byte, and decode back to the same body.
@Suite struct ResponseBodyJSONTests {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static let awkward = "a\"b\\c/d\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F} São Paulo 🚀 \u{2028}"

    static let bodies: [ResponseBody] = [
        ResponseBody(),
        ResponseBody(continuationToken: "AQAB/+x=", challengeType: .oob, bindingMethod: "prompt", challengeChannel: .email,
                     challengeTargetLabel: "j***@c*****.com", codeLength: 8, interval: 300),
        ResponseBody(challengeType: .redirect, redirectReason: awkward),
        ResponseBody(continuationToken: "t", methods: [
            WireAuthMethod(id: "m1", challengeType: .oob, challengeChannel: .sms, loginHint: "+1******0123"),
            WireAuthMethod(id: awkward, challengeType: .unknown("push"), challengeChannel: .email, loginHint: nil),
        ]),
        ResponseBody(methods: []),
        ResponseBody(expiresIn: 0, pollInterval: -1, status: .succeeded, tokenType: "Bearer", scope: "openid offline_access",
                     extExpiresIn: Int.max, accessToken: "eyJ.a.b", refreshToken: "r", idToken: "i", clientInfo: "eyJ1aWQiOiJ4In0"),
        ResponseBody(continuationToken: "c", challengeType: .preverified, redirectReason: "", bindingMethod: "",
                     challengeChannel: .email, challengeTargetLabel: "", challengeTarget: awkward, codeLength: 6, interval: 0,
                     expiresIn: 600, pollInterval: 2, status: .unknown("weird"), methods: nil, tokenType: awkward, scope: "",
                     extExpiresIn: 1, accessToken: "", refreshToken: "", idToken: "", clientInfo: ""),
    ]

    @Test("every body is written exactly as JSONEncoder writes it", arguments: bodies)
    func matchesJSONEncoder(_ body: ResponseBody) throws {
        let expected = try Self.encoder.encode(body)
        #expect(String(decoding: body.jsonData, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try JSONDecoder().decode(ResponseBody.self, from: body.jsonData) == body)
    }
}
