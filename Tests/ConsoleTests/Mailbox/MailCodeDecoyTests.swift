import Testing
import TestSupport
@testable import MailboxCodes

/// The code in mail as services send it, HTML only, quoted-printable or with alternatives, and never a decoy:
/// a colour in a style, a year, an order number (field case 039; the messages are `Tests/Fixtures/mail/`).
@Suite struct MailCodeDecoyTests {
    static let code = "48213907"
    static let address = "qa+m@contoso.com"

    private static func message(_ fixture: String) throws -> ReceivedMessage {
        ReceivedMessage(try RepositoryFiles.mail(fixture))
    }

    @Test(arguments: ["html-only-styled", "quoted-printable-split", "alternative-with-footer"])
    func eachMailGivesItsCode(fixture: String) throws {
        let message = try Self.message(fixture)
        #expect(message.recipients == [Self.address])
        #expect(try MailboxReader.code(in: message, pattern: .standalone(digits: 8), address: Self.address) == Self.code)
    }

    @Test func anHTMLPartIsReadAsItsVisibleTextOnly() throws {
        // No title, style block, comment or attribute value: only what the body shows, a line per row.
        #expect(try Self.message("html-only-styled").text
                == "Your verification code\n48213907\nThe code expires in 10\u{A0}minutes.\n© 2026 Contoso Ltd.")
    }

    @Test func theAlternativesPlainTextIsReadNotItsHTML() throws {
        // The HTML alternative shows the code one digit per cell; read instead, only the order number is 8 digits.
        let text = try Self.message("alternative-with-footer").text
        #expect(text.hasPrefix("Your code: 48213907\n"))
        #expect(!text.contains("<td>") && !text.contains("4 8 2 1"))
    }

    @Test func aMailWithoutACodeFailsNamingItsSubjectAndThePattern() throws {
        let pattern = CodePattern.standalone(digits: 8)
        #expect(throws: MailboxFailure.noCode(address: Self.address, subject: "Welcome to Contoso — your account is ready",
                                              pattern: pattern.source, detail: nil)) {
            try MailboxReader.code(in: try Self.message("no-code"), pattern: pattern, address: Self.address)
        }
    }

    @Test func digitsInsideALongerTokenAreNoCandidate() {
        let pattern = CodePattern.standalone(digits: 8)
        for decoy in ["Your code: color:#20212300", "Your code: 1234567890", "Your code: A1B248213907", "Your code: 48213907X",
                      "Your code: 12345678.90 EUR", "Your code: 1,48213907", "Your code: 48213907_2"] {
            #expect(pattern.code(in: decoy) == nil, "\(decoy)")
        }
        #expect(pattern.code(in: "Your code: 48213907.") == Self.code)
        #expect(pattern.code(in: "Your code:\u{A0}(48213907)") == Self.code)
    }

    @Test func theRunNearestACodeWordWins() throws {
        let eight = CodePattern.standalone(digits: 8)
        #expect(eight.code(in: "Thanks for order 20260314.\nYour code: 48213907") == Self.code)
        #expect(eight.code(in: "48213907 is your Contoso passcode.\nOrder 20260314") == Self.code)
        #expect(eight.code(in: "Order 20260314 is waiting.\r\n\r\nYour verification code is:\r\n\r\n48213907") == Self.code)
        #expect(eight.code(in: "Ihr Bestätigungscode lautet 48213907. Bestellung 20260314") == Self.code)
        // A code word in another language: the first run of the length.
        #expect(eight.code(in: "Tu código es 48213907. Pedido 20260314") == Self.code)
        // Four-digit codes: the year is a candidate, but farther from the word.
        #expect(CodePattern.standalone(digits: 4).code(in: "© 2026 Contoso\n\nYour code is 4821") == "4821")
        // A pattern of one's own: its group is the code, the match nearest a code word is taken.
        #expect(try CodePattern(#"PIN:? ([0-9]{6})"#).code(in: "Old PIN 111111 expired.\nYour new code, PIN: 482139") == "482139")
    }
}
