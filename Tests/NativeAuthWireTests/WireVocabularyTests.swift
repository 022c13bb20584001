import NativeAuthWire
import Testing

/// Each vocabulary's documented strings are the compiler's list (`Known.allCases`): every one decodes to its own
/// case and encodes back, so a string the decoder skips, or a case mapped to its neighbour, fails here.
@Suite struct WireVocabularyTests {
    @Test func everyDocumentedStringDecodesToItsOwnCaseAndBack() {
        roundTrips(Suberror.self)
        roundTrips(OAuthErrorCode.self)
        roundTrips(ChallengeType.self)
        roundTrips(ChallengeChannel.self)
        roundTrips(AttributeType.self)
        roundTrips(Capability.self)
        roundTrips(GrantType.self)
        roundTrips(PollStatus.self)
    }

    private func roundTrips<Vocabulary: WireVocabulary>(_: Vocabulary.Type) {
        var seen: Set<Vocabulary> = []
        for name in Vocabulary.Known.allCases {
            let decoded = Vocabulary(wireValue: name.rawValue)
            #expect(decoded != .unknown(name.rawValue), "\(Vocabulary.self): `\(name.rawValue)` decodes as unknown")
            #expect(decoded.wireValue == name.rawValue, "\(Vocabulary.self): `\(name.rawValue)` encodes as `\(decoded)`")
            #expect(seen.insert(decoded).inserted, "\(Vocabulary.self): two strings decode to \(decoded)")
        }
        #expect(Set(Vocabulary.known) == seen, "\(Vocabulary.self): `known` is not the documented strings")
    }
}
