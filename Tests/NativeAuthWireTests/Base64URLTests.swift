import Foundation
import NativeAuthWire
import Testing

/// RFC 4648 §5: the URL-safe alphabet, no padding on the way out, padding optional on the way in.
@Suite struct Base64URLTests {
    @Test(arguments: [0, 1, 2, 3, 4, 5, 31, 32, 33, 256])
    func everyLengthRoundTrips(_ count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(Base64URL.decode(Base64URL.encode(bytes)) == Data(bytes))
    }

    @Test func theRFCVectorsWithoutPadding() {
        // RFC 4648 §10, with the `=` padding left off.
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors {
            #expect(Base64URL.encode(Data(text.utf8)) == encoded)
            #expect(Base64URL.decode(encoded) == Data(text.utf8))
        }
    }

    @Test func minusAndUnderscoreStandForPlusAndSlash() {
        // 0xFB 0xFF 0xBF is `+/+/` in standard base64.
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == Data([0xFB, 0xFF, 0xBF]))
        #expect(Base64URL.encode([UInt8](repeating: 0xFF, count: 30)).allSatisfy { $0 != "+" && $0 != "/" && $0 != "=" })
    }

    @Test func paddedAndUnpaddedInputReadAlike() {
        #expect(Base64URL.decode("Zg") == Data("f".utf8))
        #expect(Base64URL.decode("Zg==") == Data("f".utf8))
        #expect(Base64URL.decode("Zm8=") == Data("fo".utf8))
    }

    @Test(arguments: ["+_-_", "-/-_", "Zm9v Yg", "Zm9v\nYg", "Zm9vé", "Z", "Zm9vY", "Zg=", "Zg===", "Z=g=", "=", "%3D"])
    func invalidTextIsRefused(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
