import Foundation
@testable import ScenarioFiles
import Testing

/// A scenario file's `tenant.mailbox` and `{"code": "mailbox"}`: each mistake is a file error naming its JSON
/// path, and a password put in the URL is never echoed.
@Suite struct MailboxScenarioFileTests {
    private static let tenant = #""authority": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", "clientId": "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48""#
    private static let steps = #"[{"start": {"flow": "signUp", "email": "qa+run1@contoso.com"}}, {"answer": {"code": "mailbox"}}]"#

    private func problem(mailbox: String?, steps: String = MailboxScenarioFileTests.steps) -> String? {
        let box = mailbox.map { #", "mailbox": \#($0)"# } ?? ""
        let text = #"{"tenant": {\#(Self.tenant)\#(box)}, "scenarios": [{"name": "s", "steps": \#(steps)}]}"#
        do {
            _ = try ScenarioFileParser().parse(Data(text.utf8), path: "m.json")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aGoodMailboxParses() {
        #expect(problem(mailbox: #"{"url": "imaps://qa%40contoso.com@imap.contoso.com/INBOX", "passwordEnv": "QA_MAILBOX", "afterReading": "delete"}"#) == nil)
    }

    @Test func mistakesNameTheirPath() {
        let inURL = problem(mailbox: #"{"url": "imaps://qa:hunter2@imap.contoso.com/INBOX", "passwordEnv": "QA"}"#) ?? ""
        #expect(inURL.contains("tenant.mailbox.url") && inURL.contains("holds a password") && !inURL.contains("hunter2"), "\(inURL)")
        let both = problem(mailbox: #"{"url": "imaps://qa@imap.contoso.com/INBOX", "passwordEnv": "QA", "passwordFile": "p"}"#) ?? ""
        #expect(both.contains("exactly one of passwordEnv"), "\(both)")
        let pattern = problem(mailbox: #"{"url": "imaps://qa@imap.contoso.com/INBOX", "passwordEnv": "QA", "pattern": "(["}"#) ?? ""
        #expect(pattern.contains("tenant.mailbox.pattern"), "\(pattern)")
        let noMailbox = problem(mailbox: nil) ?? ""
        #expect(noMailbox.contains("\"mailbox\" needs the tenant's \"mailbox\""), "\(noMailbox)")
    }
}
