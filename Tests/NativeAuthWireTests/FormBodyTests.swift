import Foundation
import NativeAuthWire
import Testing

@Suite struct FormBodyTests {
    @Test func encodesAsMSALDoes() {
        var body = FormBody()
        body.set(.username, "zoë ångström+1@contoso.com")
        body.set(.password, nil)
        body.set(.challengeType, list: [ChallengeType.oob, .password, .redirect])
        #expect(body.encodedString
            == "username=zo%C3%AB+%C3%A5ngstr%C3%B6m%2B1%40contoso.com&challenge_type=oob+password+redirect")
    }

    @Test func absentAndEmptyListsAreOmitted() {
        var body = FormBody()
        body.set(.capabilities, list: [Capability]())
        body.set(.claims, nil)
        #expect(body.encodedString == "")
    }

    /// Field case 004 (docs/field-cases.md): non-ASCII attribute values, JSON then form encoding, decoded back unchanged.
    @Test func attributeValuesSurviveTheRoundTrip() throws {
        let values = ["displayName": "Zoë Ångström-Łukasiewicz", "city": "São Paulo",
                      "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_motto": "Go 🚀 far"]
        var body = FormBody()
        body.set(.attributes, try AttributesParameter.encode(values))
        let encoded = body.encodedString
        #expect(encoded.hasPrefix("attributes=%7B%22city%22%3A%22S%C3%A3o+Paulo%22%2C"))
        #expect(!encoded.contains(" "))
        #expect(encoded.contains("%F0%9F%9A%80"))
        let decoded = FormBody(decoding: Data(encoded.utf8))
        #expect(AttributesParameter.decode(try #require(decoded[.attributes])) == values)
    }

    @Test func unencodableValuesAreRefusedByName() {
        #expect(throws: AttributesParameter.EncodingFailure(names: ["city"])) {
            try AttributesParameter.encode(["city": "bad\u{0}", "displayName": "ok"])
        }
    }

    @Test func decodingKeepsMalformedEscapesAsText() {
        let decoded = FormBody(decoding: Data("a=%ZZ&b=1%2&c".utf8))
        #expect(decoded["a"] == "%ZZ")
        #expect(decoded["b"] == "1%2")
        #expect(decoded["c"] == "")
    }

    @Test func decodingSplitsOnlyOnTheFirstEqualsAndSkipsEmptyPairs() {
        let decoded = FormBody(decoding: Data("&&a=b=c&%41+%e2%82%AC=x+y%&end=%".utf8))
        #expect(decoded.parameters.map(\.key) == ["a", "A €", "end"])
        #expect(decoded["a"] == "b=c")
        #expect(decoded["A €"] == "x y%")
        #expect(decoded["end"] == "%")
    }

    @Test func everyValueSurvivesEncodingAndDecoding() {
        var body = FormBody()
        let awkward = "a&b=c+d %25 São Paulo 🚀 \u{0}\n/~"
        body.set(.username, awkward)
        body.set(.password, "&=+%")
        let decoded = FormBody(decoding: body.encoded)
        #expect(decoded == body)
        #expect(FormBody.unescape(Substring(FormBody.escape(awkward))) == awkward)
    }

    @Test func unknownVocabularyDecodesToUnknown() throws {
        let json = Data(#"{"error":"account_action_pending","suberror":"device_attestation_required"}"#.utf8)
        let envelope = try JSONDecoder().decode(ErrorEnvelope.self, from: json)
        #expect(envelope.error == .unknown("account_action_pending"))
        #expect(envelope.suberror == .unknown("device_attestation_required"))
        #expect(ChallengeChannel(wireValue: "SMS") == .sms)
        #expect(AttributeType(wireValue: "Boolean") == .boolean)
    }
}
