import Foundation
import Testing
import TestSupport
@testable import TenantEmulator

/// `--maildir`: each email code lands in `new/` as a whole RFC 5322 message an IMAP server can serve.
@Suite struct MaildirDeliveryTests {
    @Test func aSignUpCodeBecomesOneMessageInNew() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maildir-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let harness = try Harness()
        let delivery = try MaildirDelivery(folder: folder, emulator: harness.emulator) { problem in
            Issue.record("delivery failed: \(problem)")
        }
        defer { delivery.stop() }
        _ = try harness.signUpCodeToken("qa+run42@contoso.com", password: "Blue-Harbor-7419!")
        let code = try harness.code(to: "qa+run42@contoso.com")
        let arrived = await eventually { ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/new")) ?? []).count == 1 }
        #expect(arrived)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/tmp").isEmpty)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder + "/new").first)
        let text = try String(contentsOfFile: folder + "/new/" + name, encoding: .utf8)
        #expect(text.contains("\r\nTo: qa+run42@contoso.com\r\n"))
        #expect(text.contains("\r\nContent-Type: multipart/alternative; boundary="))
        #expect(text.contains("Your code is: \(code)\r\n"))
        #expect(text.range(of: #"\r\nDate: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000\r\n"#, options: .regularExpression) != nil)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/new/" + name)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aFolderThatCannotBeMadeIsSaidInWords() throws {
        let harness = try Harness()
        #expect(throws: MaildirDelivery.FolderError.self) {
            _ = try MaildirDelivery(folder: "/proc/no-such-maildir", emulator: harness.emulator) { _ in }
        }
    }
}
