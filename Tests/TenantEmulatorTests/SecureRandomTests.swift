import Foundation
@testable import TenantEmulator
import Testing

@Suite struct SecureRandomTests {
    @Test("GUIDs are lower-case version-4 UUIDs with the RFC 4122 variant, each one new")
    func guidsAreVersion4() throws {
        let guids = (0..<200).map { _ in SecureRandom.guid() }
        #expect(Set(guids).count == guids.count)
        for guid in guids {
            let uuid = try #require(UUID(uuidString: guid), "\(guid)")
            #expect(uuid.uuidString.lowercased() == guid)
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 4)
            #expect(bytes[8] >> 6 == 0b10)
        }
    }

    @Test("pooled bytes are handed out once: draws across many pool refills never repeat, and a draw larger than the pool is whole")
    func pooledBytesAreNeverReused() {
        // 40-byte draws (a continuation token's) cross the 4 KiB pool's refills many times over.
        let draws = (0..<5_000).map { _ in SecureRandom.bytes(40) }
        #expect(Set(draws).count == draws.count)
        let large = SecureRandom.bytes(10_000)
        #expect(large.count == 10_000)
        #expect(Array(large[0..<4096]) != Array(large[4096..<8192]))
        #expect(Set(stride(from: 0, to: 9_960, by: 40).map { Array(large[$0..<$0 + 40]) }).count == 249)
    }
}
