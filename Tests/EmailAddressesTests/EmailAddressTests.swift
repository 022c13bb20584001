import EmailAddresses
import Testing

/// The one address shape and the one comparison key: what the forms, the lists and the emulator all accept,
/// and when two spellings are one person.
@Suite struct EmailAddressTests {
    @Test("well-formed addresses, ASCII or not", arguments: [
        "jane.doe@contoso.com", "a@b.c", "jörg@müller.de", "o'neil+tag@mail.contoso.co.uk", "e\u{301}mile@contoso.com",
        "émile@xn--mller-kva.de", "ann@sub-domain.contoso.com", "用户@例子.广告",
    ])
    func wellFormed(address: String) {
        #expect(EmailAddress.isWellFormed(address))
    }

    @Test("not addresses: markup after the domain, specials, controls, broken domains", arguments: [
        "x@y.z<script>", "x@y.z>", "<x@y.z", "x(y)@a.b", "x,y@a.b", "x;y@a.b", "x:y@a.b", "\"x\"@a.b", "x\\y@a.b", "x[1]@a.b",
        "a@b", "@b.c", "a@@b.c", "a@b@c.d", "a@b..c", "a@.b", "a@b.c.", "a b@c.d", "a@b.c\t", "jörg@müller", "",
        "a@b_c.d", "a@-b.c", "a@b-.c", "a@b.c d", "jane\u{1B}]0;T\u{07}@contoso.com", "jane@contoso\u{9B}31m.com",
        "ann\u{202E}moc@contoso.com", "ann@contoso.com\u{200B}", "a@b.c/", "a@b.c?x",
    ])
    func notWellFormed(address: String) {
        #expect(!EmailAddress.isWellFormed(address))
    }

    @Test("one key for every way of writing an address: case, normal form, full case folding")
    func keys() {
        // field case 038: typed, shouted and pasted decomposed.
        #expect(EmailAddress.same("émile@contoso.com", "ÉMILE@contoso.com"))
        #expect(EmailAddress.same("émile@contoso.com", "e\u{301}mile@contoso.com"))
        #expect(EmailAddress.same("E\u{301}MILE@CONTOSO.COM", "émile@contoso.com"))
        #expect(EmailAddress.key("e\u{301}mile@contoso.com") == EmailAddress.key("émile@contoso.com"))
        #expect(EmailAddress.same("STRASSE@contoso.com", "straße@contoso.com"))
        #expect(EmailAddress.key("Ann.Lee@Contoso.COM") == "ann.lee@contoso.com")
        #expect(!EmailAddress.same("emile@contoso.com", "émile@contoso.com"), "an accent is not a letter case")
    }
}
