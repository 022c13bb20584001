import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// What `username` the emulator accepts: surrounding spaces and tabs are dropped (Unicode spaces too, as
/// Foundation's `.whitespaces` has them); a newline is not a space, so an address ending in one is refused.
@Suite struct UsernameTests {
    @Test("spaces and tabs around an address are dropped; a newline makes it invalid", arguments: [
        ("jane.doe@contoso.com", 200), (" \tjane.doe@contoso.com ", 200), ("\u{00A0}jane.doe@contoso.com\u{2003}", 200),
        ("jane.doe@contoso.com\n", 400), ("\njane.doe@contoso.com", 400), ("jane doe@contoso.com", 400), (" ", 400),
    ])
    func trimming(username: String, status: Int) throws {
        let harness = try Harness()
        let answer = harness.post(.signInInitiate, ["client_id": clientID, "username": username, "challenge_type": allTypes])
        #expect(answer.status == status, "\(String(decoding: answer.body, as: UTF8.self))")
        if status == 200 { #expect(answer.jsonObject?["continuation_token"] is String) }
    }
}
