import AccountFlow
import Foundation
import Testing
import TenantEmulator
import TophhieCloudAuthentication

/// The console meets AADSTS701014 (no more codes for this address for now): a clear notice, nothing retried by
/// itself; on "send again" the code screen stays, since the earlier code may still work (field case 036).
@Suite struct CodeLimitFlowTests {
    static let notice = "Too many codes were requested for this address; wait a while and try again."
    let password = "Tall-Copper-Kite-42"

    func signUp(_ flow: FlowOnEmulator, _ email: String) async {
        await flow.send(.menuChosen(.signUp))
        await flow.fill(.email, email)
        await flow.fill(.password, password)
        await flow.fill(.confirmPassword, password)
        await flow.send(.submitted)
    }

    @Test("send again past the limit: the code screen stays with the notice, send again waits 120 s, the first code still signs up")
    func resendKeepsTheCodeScreen() async throws {
        let flow = try FlowOnEmulator { $0.otp.maxCodesPerAddress = 1; $0.otp.resendIntervalSeconds = 0 }
        let email = "limit.resend@contoso.com"
        await signUp(flow, email)
        let code = flow.code(to: email)
        await flow.send(.resendRequested)
        guard case .codeEntry(let entry) = flow.state.step else { Issue.record("left the code screen: \(flow.screen)"); return }
        #expect(entry.notice == Self.notice)
        #expect(entry.resend.remaining(at: flow.state.now) >= 110, "send again is held back")
        #expect(flow.tenant.server.emulator.outbox.messages(to: email).count == 1)
        await flow.fill(.code, code)
        await flow.send(.submitted)
        // Accepted: the sign-up goes on to the tenant's attributes.
        #expect(flow.screen.title == "A few more details", "the earlier code still worked: \(flow.screen)")
    }

    @Test("the first challenge past the limit ends the flow with the notice; nothing is sent again by itself")
    func firstChallengeEndsCleanly() async throws {
        let flow = try FlowOnEmulator { $0.otp.maxCodesPerAddress = 1 }
        let email = "limit.first@contoso.com"
        await signUp(flow, email)
        await flow.send(.homeRequested)
        await signUp(flow, email)
        guard case .failure(let report) = flow.state.step else { Issue.record("expected the failure screen: \(flow.screen)"); return }
        #expect(report.message == Self.notice)
        #expect(!flow.model.isWorking, "no request left in flight, none retried")
        #expect(flow.tenant.server.emulator.outbox.messages(to: email).count == 1, "the first sign-up's code only")
    }
}
