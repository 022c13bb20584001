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
}
