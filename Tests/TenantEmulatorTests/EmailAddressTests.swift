import EmailAddresses
import Testing
@testable import TenantEmulator

/// The masked label (`challenge_target_label`, `login_hint`): visible-ASCII addresses take a byte-level path, the
/// rest the general one; both must give what the user sees, the same way. (The address shape is
/// `EmailAddressesTests`'.)
@Suite struct EmailAddressTests {
    @Test("masked labels keep the first letter, the host's ends and the rest of the domain", arguments: [
        ("jane.doe@contoso.com", "j***@c*****o.com"), ("ab@xy.co.uk", "a***@**.co.uk"), ("a@b.c", "a***@*.c"),
        ("jörg@müller.de", "j***@m****r.de"), ("ünal@ab.de", "ü***@**.de"), ("@contoso.com", "***"), ("jane", "***"),
    ])
    func masking(address: String, label: String) {
        #expect(EmailAddress.masked(address) == label)
    }
}
