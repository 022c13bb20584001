import AccountFlow
@testable import Console
@testable import FlowRunner
import Foundation
import Launcher
import TerminalUI
import TestSupport
import TophhieCloudAuthentication
import Testing

/// The trace inspector tells the trace as a story: exchanges under the user action that caused them, each
/// with its reason, the username masked.
@Suite struct TraceStoryTests {
    /// Jane has second factors on the mfa tenant: her sign-in goes initiate, challenge, token 400
    /// mfa_required, introspect, all under one heading, each exchange with why it went so.
    @Test func aSignInIsOneGroupWithAReasonPerStep() async throws {
        let flow = try FlowOnEmulator(preset: "mfa")
        await flow.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
        let groups = flow.trace.story(of: flow.trace.all)
        let signIn = try #require(groups.last, "\(groups.map(\.heading))")
        #expect(signIn.heading.hasPrefix("Sign in as j***@c*****o.com → initiate, challenge, token 400 mfa_required, introspect"),
                "\(signIn.heading)")
        let rows = signIn.exchanges.map(TraceStory.row)
        #expect(rows.contains { $0.hasPrefix("token 400 mfa_required: the tenant asks for a second factor") }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("challenge: the tenant asks for the password") }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("initiate: the tenant knows the username") }, "\(rows)")

        // The inspector draws the heading, then the rows under it; the username is never shown whole.
        let workbench = Workbench(trace: flow.trace, emulator: nil, hasOutbox: false)
        workbench.open(ConsoleKeys.inspectTrace, size: Size(width: 120, height: 24))
        var buffer = Buffer(size: Size(width: 120, height: 24))
        _ = workbench.draw(over: &buffer, formCursor: nil, outbox: [])
        let screen = buffer.lines().joined(separator: "\n")
        assertSnapshot(WorkbenchFixture.normalised(TestBackend.snapshot(buffer, cursor: nil)), named: "inspector-story-mfa-sign-in")
        #expect(screen.contains("Sign in as j***@c*****o.com → initiate, challenge, token 400 mfa_required"), "\(screen)")
        #expect(screen.contains("  token 400 mfa_required: the tenant asks for a second factor"), "\(screen)")
        #expect(!screen.contains("jane.doe"), "\(screen)")
        #expect(!screen.contains("Blue-Harbor"), "\(screen)")
    }

    /// The next thing the user does starts a new group; a code the user types never names one.
    @Test func theNextActionStartsANewGroup() async throws {
        let flow = try FlowOnEmulator(preset: "mfa")
        await flow.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
        await flow.send(.cancelRequested, .homeRequested)
        await flow.signIn("nobody@contoso.com", "Whatever-1234!")
        let headings = flow.trace.story(of: flow.trace.all).map(\.heading)
        #expect(headings.count == 2, "\(headings)")
        #expect(headings.last?.hasPrefix("Sign in as n***@c*****o.com → initiate 400 user_not_found") == true, "\(headings)")
        let last = try #require(flow.trace.story(of: flow.trace.all).last?.exchanges.last)
        #expect(TraceStory.reason(last) == "no account has this username")
    }

    /// A Graph read refreshes the tokens at the tenant's `/token` outside native auth: that reads as a refresh, not as
    /// a sign-in (the inspector said "signed in" under "Read the profile").
    @Test func aSilentRefreshBeforeGraphIsNotASignIn() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10/oauth2/v2.0/token"))
        func exchange(grant: String) -> ObservedExchange {
            ObservedExchange(startedAt: Date(), duration: 0.01, request: HTTPRequest(url: url, body: Data("grant_type=\(grant)&client_id=x".utf8)),
                             response: HTTPResponse(status: 200, body: Data("{}".utf8)), failure: nil)
        }
        #expect(TraceStory.reason(exchange(grant: "refresh_token")) == "new tokens for the refresh token")
        #expect(TraceStory.reason(exchange(grant: "authorization_code")) == "tokens issued: signed in")
    }

    /// Every password-policy suberror the wire documents reads as the refused password, named: a new one placed
    /// elsewhere in the story's switch fails here.
    @Test func everyPasswordPolicySuberrorReadsAsTheRefusedPassword() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/contoso.onmicrosoft.com/oauth2/v2.0/token"))
        for suberror in Suberror.known where suberror.wireValue.hasPrefix("password_") {
            let body = Data(#"{"error": "invalid_grant", "suberror": "\#(suberror.wireValue)"}"#.utf8)
            let exchange = ObservedExchange(startedAt: Date(), duration: 0.01, request: HTTPRequest(url: url),
                                            response: HTTPResponse(status: 400, body: body), failure: nil)
            #expect(TraceStory.reason(exchange) == "the tenant refused the password (\(suberror))")
        }
    }

    /// Exchanges made before the user did anything (the start-up restore) sit under "Console start-up".
    @Test func exchangesBeforeAnyActionAreTheStartUp() {
        #expect(TraceStory.groups([], action: { _ in nil }).isEmpty)
        #expect(TraceStory.masked("jane.doe@contoso.com") == "j***@c*****o.com")
        #expect(TraceStory.masked("a@b.io") == "a***@*.io")
        #expect(TraceStory.masked("not an address") == "***")
        #expect(TraceStory.action(for: .submitted, effects: [.startSignIn(email: "jane.doe@contoso.com", password: "x")])
                == "Sign in as j***@c*****o.com")
        #expect(TraceStory.action(for: .signInAdvanced(.failure(.passwordRequired)), effects: [.pickMethod(id: nil)]) == nil,
                "an answer continues the action in flight")
    }
}
