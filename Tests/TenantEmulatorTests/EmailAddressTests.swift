import Testing
@testable import TenantEmulator

/// The address check and the masked label (`challenge_target_label`, `login_hint`): visible-ASCII addresses
/// take a byte-level path, the rest the general one; both must give what the user sees, the same way.
@Suite struct EmailAddressTests {
    @Test("plausible addresses, ASCII or not", arguments: [
        ("jane.doe@contoso.com", true), ("a@b.c", true), ("jörg@müller.de", true), ("o'neil+tag@mail.contoso.co.uk", true),
        ("a@b", false), ("@b.c", false), ("a@@b.c", false), ("a@b@c.d", false), ("a@b..c", false), ("a@.b", false),
        ("a@b.c.", false), ("a b@c.d", false), ("a@b.c\t", false), ("jörg@müller", false), ("", false),
    ])
    func plausibility(address: String, plausible: Bool) {
        #expect(EmailAddress.isPlausible(address) == plausible)
    }

    @Test("masked labels keep the first letter, the host's ends and the rest of the domain", arguments: [
        ("jane.doe@contoso.com", "j***@c*****o.com"), ("ab@xy.co.uk", "a***@**.co.uk"), ("a@b.c", "a***@*.c"),
        ("jörg@müller.de", "j***@m****r.de"), ("ünal@ab.de", "ü***@**.de"), ("@contoso.com", "***"), ("jane", "***"),
    ])
    func masking(address: String, label: String) {
        #expect(EmailAddress.masked(address) == label)
    }
}
