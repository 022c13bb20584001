import Foundation
import Testing
import TestSupport
@testable import MailboxCodes

/// The reader against a real Dovecot over IMAPS: each bad mailbox is a clear sentence within the deadline,
/// and the password is in none of them.
@Suite(.serialized) struct MailboxReaderTests {
    private static func reader(_ server: DovecotServer, url: String? = nil, passwordFile: String? = nil) throws -> MailboxReader {
        try MailboxReader(MailboxSettings(location: try MailboxLocation(url ?? server.url), password: .file(passwordFile ?? server.passwordFile),
                                          caFile: server.caFile, pollInterval: 0.2))
    }

    private static func message(to address: String, date: Date = Date(), contentType: String = "text/plain; charset=utf-8",
                                encoding: String = "7bit", body: String) -> String {
        "From: Contoso <no-reply@emulator.invalid>\r\nTo: \(address)\r\nSubject: Your account verification code\r\n"
            + "Date: \(rfc5322(date))\r\nMIME-Version: 1.0\r\nContent-Type: \(contentType)\r\nContent-Transfer-Encoding: \(encoding)\r\n\r\n\(body)\r\n"
    }

    private static func rfc5322(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    private func result(_ work: () async throws(MailboxFailure) -> String) async -> Result<String, MailboxFailure> {
        do throws(MailboxFailure) {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }

    private func failure(_ work: () async throws(MailboxFailure) -> String) async -> MailboxFailure? {
        if case .failure(let error) = await result(work) { error } else { nil }
    }

    @Test func theNewestMessageToThePlusAddressIsTakenAndFlaggedSeen() async throws {
        try await DovecotServer.with { server in
        let asked = Date()
        try server.deliver(Self.message(to: "qa+run7@contoso.com", date: asked.addingTimeInterval(-3600), body: "Your code is: 11111111"))
        try server.deliver(Self.message(to: "qa+run8@contoso.com", date: asked, body: "Your code is: 22222222"))
        try server.deliver(Self.message(to: "qa+run7@contoso.com", date: asked, body: "Your code is: 33333333"))
        let reader = try Self.reader(server)
        let code = try await reader.code(for: "qa+run7@contoso.com", requestedAt: asked, deadline: Date().addingTimeInterval(20), digits: 8)
        #expect(code == "33333333")
        // Taken once: the next code for the same address waits for a newer message.
        let again = await failure { () throws(MailboxFailure) in
            try await reader.code(for: "qa+run7@contoso.com", requestedAt: asked, deadline: Date().addingTimeInterval(1.5), digits: 8)
        }
        #expect(again?.description.hasPrefix("no new message to qa+run7@contoso.com arrived in \(server.url) within") == true)
        }
    }

    @Test func aRefusingMailboxIsSaidInWordsAtOnce() async throws {
        let closed = try RefusingPort()
        defer { withExtendedLifetime(closed) {} }
        let port = closed.port
        let reader = try MailboxReader(MailboxSettings(location: try MailboxLocation("imaps://qa@127.0.0.1:\(port)/INBOX"),
                                                       password: .environment("TOPHHIE_TEST_MAILBOX")),
                                       environment: ["TOPHHIE_TEST_MAILBOX": DovecotServer.password])
        let started = ContinuousClock.now
        let problem = await failure { () throws(MailboxFailure) in
            try await reader.code(for: "qa@contoso.com", requestedAt: Date(), deadline: Date().addingTimeInterval(20), digits: 8)
        }
        guard case .unreachable(let mailbox, _)? = problem else { Issue.record("got \(String(describing: problem))"); return }
        #expect(mailbox == "imaps://qa@127.0.0.1:\(port)/INBOX")
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(!(problem?.description.contains(DovecotServer.password) ?? true))
    }

    @Test func aWrongPasswordIsALoginRefusal() async throws {
        try await DovecotServer.with { server in
        let wrong = server.folder + "/wrong-password"
        try Data("not-the-password\n".utf8).write(to: URL(fileURLWithPath: wrong))
        let reader = try Self.reader(server, passwordFile: wrong)
        let problem = await failure { () throws(MailboxFailure) in
            try await reader.code(for: "qa@contoso.com", requestedAt: Date(), deadline: Date().addingTimeInterval(20), digits: 8)
        }
        #expect(problem?.description == "the mailbox \(server.url) refused the login of qa@contoso.com (wrong password or user name?)")
        }
    }

    /// 10 000 messages, 9 900 of them read, 50 unread old ones to the same address (fetched and passed over).
    @Test func tenThousandOldMessagesDoNotHideTheCode() async throws {
        try await DovecotServer.with { server in
        let asked = Date()
        for index in 0..<10_000 {
            let to = index % 2 == 0 ? "qa+old@contoso.com" : "someone\(index)@contoso.com"
            try server.deliver(Self.message(to: to, date: asked.addingTimeInterval(-7200), body: "Your code is: \(String(format: "%08d", index))"),
                               seen: index % 100 != 0)
        }
        try server.deliver(Self.message(to: "qa+old@contoso.com", date: asked, body: "Your code is: 90909090"))
        let code = try await Self.reader(server).code(for: "qa+old@contoso.com", requestedAt: asked, deadline: Date().addingTimeInterval(30), digits: 8)
        #expect(code == "90909090")
        }
    }

    @Test func aMessageWithNoCodeAndAMalformedOneAreClearErrors() async throws {
        try await DovecotServer.with { server in
        let asked = Date()
        try server.deliver(Self.message(to: "qa+nocode@contoso.com", date: asked, body: "Welcome to Contoso!"))
        let reader = try Self.reader(server)
        let none = await failure { () throws(MailboxFailure) in
            try await reader.code(for: "qa+nocode@contoso.com", requestedAt: asked, deadline: Date().addingTimeInterval(20), digits: 8)
        }
        #expect(none?.description == "the message to qa+nocode@contoso.com (subject \"Your account verification code\") holds no code matching "
                + CodePattern.standalone(digits: 8).source)
        try server.deliver(Self.message(to: "qa+broken@contoso.com", date: asked, contentType: "multipart/alternative; boundary=lost",
                                        body: "--other\r\nYour c0de is: ????"))
        let broken = await failure { () throws(MailboxFailure) in
            try await reader.code(for: "qa+broken@contoso.com", requestedAt: asked, deadline: Date().addingTimeInterval(20), digits: 8)
        }
        #expect(broken?.description.hasSuffix("(malformed MIME: the message ends before its MIME structure does)") == true)
        }
    }

    /// Field case 039's mails, delivered one by one (dated now) and read over IMAPS as a scenario step reads them.
    @Test func theFieldMailsGiveTheirCodeAndAMailWithoutOneIsNamed() async throws {
        try await DovecotServer.with { server in
        let reader = try Self.reader(server)
        for fixture in ["html-only-styled", "quoted-printable-split", "alternative-with-footer", "no-code"] {
            let asked = Date()
            let raw = String(decoding: try RepositoryFiles.mail(fixture), as: UTF8.self)
            try server.deliver(raw.replacingOccurrences(of: #"(?m)^Date: [^\r\n]*"#, with: "Date: \(Self.rfc5322(asked))", options: .regularExpression))
            let read = await result { () throws(MailboxFailure) in
                try await reader.code(for: "qa+m@contoso.com", requestedAt: asked, deadline: Date().addingTimeInterval(20), digits: 8)
            }
            if fixture == "no-code" {
                #expect(read == .failure(.noCode(address: "qa+m@contoso.com", subject: "Welcome to Contoso — your account is ready",
                                                 pattern: CodePattern.standalone(digits: 8).source, detail: nil)))
            } else {
                #expect(read == .success("48213907"), "\(fixture)")
            }
        }
        }
    }

    @Test func anHTMLOnlyQuotedPrintableMessageGivesItsCode() async throws {
        try await DovecotServer.with { server in
        let asked = Date()
        try server.deliver(Self.message(to: "qa+html@contoso.com", date: asked, contentType: "text/html; charset=utf-8", encoding: "quoted-printable",
                                        body: "<p style=3D\"x\">Your code is:</p><div><b>5566=\r\n7788</b></div>"))
        let code = try await Self.reader(server).code(for: "qa+html@contoso.com", requestedAt: asked, deadline: Date().addingTimeInterval(20), digits: 8)
        #expect(code == "55667788")
        }
    }
}
