import Foundation
import Synchronization
import Testing
import TophhieCloudAuthentication

/// Field case 023 (docs/field-cases.md): device-code polling that honours `slow_down`, survives a proxy's 502, and never outlives
/// `expires_in`. Scripted tenant, virtual time.
@Suite struct DeviceCodePollingTests {
    /// Answers discovery and the device authorization, then the scripted polls in order.
    static func tenant(deviceAnswer: String = #"{"device_code":"dc-1","user_code":"ABCD-EFGH","verification_uri":"https://microsoft.com/devicelogin","expires_in":900,"interval":5,"message":"To sign in, open the page https://microsoft.com/devicelogin and enter the code ABCD-EFGH."}"#,
                       polls: [HTTPResponse]) -> ScriptedTenant {
        let queue = Mutex(polls)
        return ScriptedTenant { request in
            if request.method == "GET" { return InteractiveKit.json(200, InteractiveKit.discovery) }
            if request.url.path.hasSuffix("/devicecode") { return InteractiveKit.json(200, deviceAnswer) }
            return queue.withLock { $0.isEmpty ? InteractiveKit.error("authorization_pending", code: 70016) : $0.removeFirst() }
        }
    }

    @Test func slowDownAddsFiveSecondsForGoodAndA502KeepsPolling() async throws {
        let html = HTTPResponse(status: 502, headers: ["Content-Type": "text/html"], body: Data("<html>Bad Gateway</html>".utf8))
        let tenant = Self.tenant(polls: [InteractiveKit.error("authorization_pending", code: 70016), InteractiveKit.error("slow_down"),
                                         html, InteractiveKit.error("authorization_pending", code: 70016), InteractiveKit.tokens()])
        let time = VirtualTime()
        let auth = try InteractiveKit.auth(tenant, time: time)
        let step = try await auth.startDeviceCodeSignIn()
        let progress = Mutex<[DeviceCodeProgress]>([])
        let result = try await step.waitForSignIn { update in progress.withLock { $0.append(update) } }

        #expect(result.account.username == "river@contoso.com")
        // A wait before each poll: the gaps between the five polls are 5, 10, 10, 10 s.
        #expect(time.sleeps == [5, 5, 10, 10, 10])
        #expect(progress.withLock { $0 } == [.waiting(interval: 5), .slowedDown(interval: 10), .serverBusy(consecutive: 1), .waiting(interval: 10)])
        let polls = tenant.forms("/token")
        #expect(polls.count == 5)
        #expect(polls.allSatisfy { $0["grant_type"] == "urn:ietf:params:oauth:grant-type:device_code" && $0["device_code"] == "dc-1" })
        #expect(auth.currentAccount?.username == "river@contoso.com")
    }

    @Test func aThrottledPollWaitsTheRetryAfterAndGoesOn() async throws {
        let throttled = HTTPResponse(status: 429, headers: ["Retry-After": "12"], body: Data(#"{"error":"temporarily_unavailable"}"#.utf8))
        let time = VirtualTime()
        let progress = Mutex<[DeviceCodeProgress]>([])
        let auth = try InteractiveKit.auth(Self.tenant(polls: [throttled, InteractiveKit.tokens()]), time: time)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn { update in progress.withLock { $0.append(update) } }
        // 12 s between the throttled poll and the next, as Retry-After said.
        #expect(time.sleeps == [5, 7, 5])
        #expect(progress.withLock { $0 } == [.serverBusy(consecutive: 1)])
    }

    @Test func aThrottledPollWaitsAnHTTPDateRetryAfter() async throws {
        // The poll is sent at 00:00:05 (virtual time); the server asks for 00:00:17, 12 s later.
        let throttled = HTTPResponse(status: 429, headers: ["Retry-After": "Thu, 01 Jan 2026 00:00:17 GMT"],
                                     body: Data(#"{"error":"temporarily_unavailable"}"#.utf8))
        let time = VirtualTime(Date(timeIntervalSince1970: 1_767_225_600))
        let auth = try InteractiveKit.auth(Self.tenant(polls: [throttled, InteractiveKit.tokens()]), time: time)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
        #expect(time.sleeps == [5, 7, 5])
    }

    @Test func theServicesWorkforcePageIsReplacedByTheTenantsOwn() async throws {
        let auth = try InteractiveKit.auth(Self.tenant(polls: []), time: VirtualTime())
        let step = try await auth.startDeviceCodeSignIn()
        #expect(step.userCode == "ABCD-EFGH")
        #expect(step.serviceVerificationURI == "https://microsoft.com/devicelogin")
        #expect(step.verificationURI.absoluteString == "https://contoso.ciamlogin.com/common/oauth2/deviceauth")
        #expect(step.message == "To sign in, open the page https://contoso.ciamlogin.com/common/oauth2/deviceauth and enter the code ABCD-EFGH.")
        #expect(!"\(step)".contains("dc-1"))
    }

    @Test(arguments: [#""interval":"abc","#, ""])
    func aMissingOrNonNumericIntervalMeansFiveSeconds(_ interval: String) async throws {
        let answer = #"{"device_code":"dc-1","user_code":"ABCD-EFGH","verification_uri":"https://contoso.ciamlogin.com/common/oauth2/deviceauth",\#(interval)"expires_in":900}"#
        let time = VirtualTime()
        let auth = try InteractiveKit.auth(Self.tenant(deviceAnswer: answer, polls: [InteractiveKit.tokens()]), time: time)
        let step = try await auth.startDeviceCodeSignIn()
        #expect(step.interval == 5)
        _ = try await step.waitForSignIn()
        #expect(time.sleeps == [5])
    }

    @Test func pollingNeverOutlivesExpiresIn() async throws {
        let answer = #"{"device_code":"dc-1","user_code":"ABCD-EFGH","verification_uri":"https://x.example/device","expires_in":12,"interval":5}"#
        let tenant = Self.tenant(deviceAnswer: answer, polls: [])
        let time = VirtualTime()
        let auth = try InteractiveKit.auth(tenant, time: time)
        let step = try await auth.startDeviceCodeSignIn()
        await #expect(throws: AuthError.deviceCodeExpired) { try await step.waitForSignIn() }
        #expect(time.sleeps == [5, 5, 2])
        #expect(tenant.forms("/token").count == 2)
    }

    @Test func expiredTokenAndDeclinedEndTheWaitWithTheirOwnErrors() async throws {
        let expired = try InteractiveKit.auth(Self.tenant(polls: [InteractiveKit.error("expired_token", code: 70020)]), time: VirtualTime())
        await #expect(throws: AuthError.deviceCodeExpired) { try await expired.startDeviceCodeSignIn().waitForSignIn() }

        let declined = try InteractiveKit.auth(Self.tenant(polls: [InteractiveKit.error("access_denied")]), time: VirtualTime())
        do {
            _ = try await declined.startDeviceCodeSignIn().waitForSignIn()
            Issue.record("a declined sign-in must throw")
        } catch let error as AuthError {
            guard case .authorizationDeclined = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func fiveFailedPollsInARowGiveUp() async throws {
        let busy = HTTPResponse(status: 503, body: Data("busy".utf8))
        let tenant = Self.tenant(polls: Array(repeating: busy, count: 6))
        let auth = try InteractiveKit.auth(tenant, time: VirtualTime())
        do {
            _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
            Issue.record("endless 503s must end the wait")
        } catch let error as AuthError {
            guard case .networkFailure = error else { Issue.record("got \(error)"); return }
        }
        #expect(tenant.forms("/token").count == 5)
    }
}
