import Foundation
import Testing
@testable import MailboxCodes

/// The code a person would read in the mail, whatever MIME wraps it in.
@Suite struct ReceivedMessageTests {
    private func code(in raw: String) -> String? {
        CodePattern.standalone(digits: 8).code(in: ReceivedMessage(Array(raw.utf8)).text)
    }

    @Test func quotedPrintableWithASoftBreakInsideTheCode() throws {
        let raw = "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            + "Your code is: 1234=\r\n5678 =E2=80=94 valid 10 minutes\r\n"
        #expect(code(in: raw) == "12345678")
    }

    @Test func base64InsideMultipartMixedInsideAlternative() throws {
        let inner = Data("Order 8675309 shipped. Your code is: 44556677".utf8).base64EncodedString(options: .lineLength64Characters)
        let raw = """
        Content-Type: multipart/mixed; boundary="outer"\r
        \r
        preamble\r
        --outer\r
        Content-Type: multipart/alternative; boundary=inner\r
        \r
        --inner\r
        Content-Type: text/plain; charset="UTF-8"\r
        Content-Transfer-Encoding: base64\r
        \r
        \(inner)\r
        --inner--\r
        --outer--\r
        """
        #expect(code(in: raw) == "44556677")
    }

    @Test func anHTMLOnlyBodyIsReadAsItsText() throws {
        let raw = "Content-Type: text/html\r\n\r\n<html><head><style>p{color:#123456}</style></head><body>"
            + "<p>Your&nbsp;code is:</p><table><tr><td><b>9081&#55;726</b></td></tr></table><!-- 11111111 --></body></html>"
        #expect(code(in: raw) == "90817726")
    }

    @Test func aMultipartWithoutItsBoundarySaysSo() {
        let message = ReceivedMessage(Array("Content-Type: multipart/alternative; boundary=gone\r\n\r\nno parts here\r\n".utf8))
        #expect(message.problem == "the message ends before its MIME structure does")
    }

    /// The code's message is found for the address however the tenant or the mail server wrote it: letter case,
    /// Unicode normal form, full case folding (field case 038).
    @Test func aRecipientIsTheSameAddressWrittenAnotherWay() {
        let message = ReceivedMessage(Array("To: Jo <JO.STRASSE@Contoso.com>, \"E\u{301}mile\" <E\u{301}MILE@contoso.com>\r\n\r\nbody".utf8))
        #expect(message.isAddressed(to: "jo.straße@contoso.com"))
        #expect(message.isAddressed(to: "émile@contoso.com"))
        #expect(!message.isAddressed(to: "emile@contoso.com"), "an accent is not a letter case")
    }

    @Test func aYearIsNotACode() {
        #expect(code(in: "Subject: x\r\n\r\n© 2026 Contoso. No code today.\r\n") == nil)
    }

    @Test func latin1AndAnAttachmentAreReadAsAMailProgramWould() {
        let raw = "Content-Type: multipart/mixed; boundary=m\r\n\r\n--m\r\nContent-Type: text/plain; charset=iso-8859-1\r\n"
            + "Content-Transfer-Encoding: quoted-printable\r\n\r\nVotre code =E0 usage unique : 48213907\r\n--m\r\n"
            + "Content-Type: text/plain\r\nContent-Disposition: attachment; filename=invoice.txt\r\n\r\nInvoice 20260314\r\n--m--\r\n"
        let text = ReceivedMessage(Array(raw.utf8)).text
        #expect(text.hasPrefix("Votre code à usage unique : 48213907") && !text.contains("20260314"), "\(text)")
    }

    @Test func headersUnfoldAndRecipientsAreAddresses() {
        let message = ReceivedMessage(Array("To: \"QA\"\r\n <QA+run42@Contoso.com>, other@contoso.com\r\nSubject: =?utf-8?B?VmVyaWZ5IOKckw==?=\r\nDate: Wed, 2 Dec 2026 10:00:01 +0000 (UTC)\r\n\r\nbody".utf8))
        #expect(message.recipients == ["QA+run42@Contoso.com", "other@contoso.com"])
        #expect(message.subject == "Verify ✓")
        #expect(message.date == Date(timeIntervalSince1970: 1_796_205_601))
    }

    @Test func aPasswordInTheMailboxURLIsRefusedWithoutEchoingIt() {
        #expect(throws: MailboxFailure.configuration("the mailbox URL holds a password: give it in an environment variable or a file instead")) {
            try MailboxLocation("imaps://qa:hunter2@mail.contoso.com/INBOX")
        }
        #expect(throws: MailboxFailure.configuration("plain imap:// is refused for mail.contoso.com: use imaps://")) {
            try MailboxLocation("imap://qa@mail.contoso.com/INBOX")
        }
        #expect((try? MailboxLocation("imaps://qa%40contoso.com@127.0.0.1:9993/INBOX"))?.description == "imaps://qa%40contoso.com@127.0.0.1:9993/INBOX")
    }
}
