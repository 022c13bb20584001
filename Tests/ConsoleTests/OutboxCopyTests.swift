import AccountFlow
@testable import FlowRunner
import Foundation
import Testing
import TenantEmulator

/// Issue 37: the outbox offers Ctrl-O only a code the emulator still accepts. A code whose wrong tries ran out
/// only ever answers "That code isn't right": the pane marks it and Ctrl-O says so instead of copying it.
@Suite struct OutboxCopyTests {
    @Test func aCodeWhoseTriesRanOutIsMarkedAndNotCopied() async throws {
        let flow = try FlowOnEmulator(preset: "email-otp") { $0.otp.maxAttempts = 2; $0.otp.resendIntervalSeconds = 0 }
        let email = "alex.kim@contoso.com"
        await flow.send(.menuChosen(.signIn))
        await flow.fill(.email, email)
        await flow.send(.submitted)
        guard case .codeEntry(let entry) = flow.state.step else { Issue.record("no code screen: \(flow.screen)"); return }
        let outbox = EmulatorOutbox(outbox: flow.tenant.server.emulator.outbox)
        let sentTo = entry.delivery.sentTo
        let sent = try #require(outbox.sentCodes().liveCode(sentTo: sentTo), "the live code is not offered")
        #expect(sent.code == flow.code(to: email))

        let wrong = String(sent.code.map { $0 == "0" ? "1" : "0" })
        for _ in 0..<2 {
            await flow.fill(.code, wrong)
            await flow.send(.submitted)
        }
        let codes = outbox.sentCodes()
        #expect(codes.last?.paneLine.hasSuffix("  exhausted") == true, "\(codes)")
        #expect(codes.liveCode(sentTo: sentTo) == nil, "an exhausted code is offered for copying")
        #expect(codes.noLiveCode(sentTo: sentTo) == "The newest code for \(sentTo) is exhausted and would not be accepted: ask for a new one.")
        // What copying it anyway would have done: the right digits, refused.
        await flow.fill(.code, sent.code)
        await flow.send(.submitted)
        #expect(flow.screen.title != "Signed in", "\(flow.screen)")

        await flow.send(.resendRequested)
        let fresh = try #require(outbox.sentCodes().liveCode(sentTo: sentTo), "the new code is not offered")
        #expect(fresh.id > sent.id)
        await flow.fill(.code, fresh.code)
        await flow.send(.submitted)
        #expect(flow.screen.title == "Signed in", "\(flow.screen)")
    }

    /// Found by a new operator: an hour on the emulator's clock later the code is forgotten, and Ctrl-O said no code
    /// was in the outbox "yet", as if waiting would bring one.
    @Test func aForgottenCodeIsToBeAskedForAgainNotWaitedFor() async throws {
        let flow = try FlowOnEmulator(preset: "email-otp")
        await flow.send(.menuChosen(.signIn))
        await flow.fill(.email, "alex.kim@contoso.com")
        await flow.send(.submitted)
        guard case .codeEntry(let entry) = flow.state.step else { Issue.record("no code screen: \(flow.screen)"); return }
        flow.tenant.server.emulator.clock.advance(by: 3600)
        let codes = EmulatorOutbox(outbox: flow.tenant.server.emulator.outbox).sentCodes()
        #expect(codes.isEmpty, "the emulator still holds \(codes)")
        let notice = codes.noLiveCode(sentTo: entry.delivery.sentTo)
        #expect(notice.hasSuffix("ask for a new one."), "\(notice)")
        #expect(!notice.contains("yet"), "\(notice)")
    }
}
