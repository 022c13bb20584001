import EmulatorServer
import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// What becomes of one-time codes, over real loopback HTTP with the clock and outbox of the control API
/// (`email-password` preset: 8 digits, 600 s, 5 wrong entries, 30 s between codes, 5 codes a flow; continuation
/// tokens live an hour here so a flow outlives its codes, as the issue's reproduction needs).
@Suite("Code lifecycle over loopback", .serialized)
struct CodeLifecycleTests {
    let username = "new.person@contoso.com"

    /// A sign-up waiting for its email code: the client and the continuation token for continue(oob).
    func pendingSignUp() async throws -> (LoopbackClient, String) {
        let client = try LoopbackClient(preset: "email-password") { $0.tokens.continuationTokenSeconds = 3600 }
        let started = try await client.post(.signUpStart, ["client_id": clientID, "username": username, "challenge_type": allTypes,
                                                           "password": "Tall-Copper-Kite-42",
                                                           "attributes": try AttributesParameter.encode(["displayName": "New Person"])])
        let challenge = try await client.post(.signUpChallenge, ["client_id": clientID, "continuation_token": started["continuation_token"] ?? "",
                                                                 "challenge_type": allTypes])
        return (client, try #require(challenge["continuation_token"]))
    }

    func enter(_ client: LoopbackClient, _ token: String, _ code: String) async throws -> LoopbackClient.Answer {
        try await client.post(.signUpContinue, ["client_id": clientID, "continuation_token": token, "grant_type": "oob", "oob": code])
    }

    func resend(_ client: LoopbackClient, _ token: String) async throws -> LoopbackClient.Answer {
        try await client.post(.signUpChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes])
    }

    func advance(_ client: LoopbackClient, _ seconds: Int) async throws {
        #expect(try await client.control("POST", "clock", body: #"{"advanceSeconds": \#(seconds)}"#).status == 200)
    }

    func outbox(_ client: LoopbackClient) async throws -> [[String: Any]] {
        try #require(try await client.control("GET", "outbox").json as? [[String: Any]])
    }

    func wrong(_ code: String) -> String { code == "00000000" ? "11111111" : "00000000" }

    @Test("4 wrong, the code expires (+601 s), resend, 1 wrong: the new code's right value is accepted")
    func aNewCodeHasItsOwnAttempts() async throws {
        let (client, token) = try await pendingSignUp()
        defer { client.stop() }
        let first = try await client.code(to: username)
        for _ in 0..<4 { #expect(try await enter(client, token, wrong(first))["suberror"] == "invalid_oob_value") }
        try await advance(client, 601)
        let resent = try await resend(client, token)
        #expect(resent.status == 200, "\(resent.body)")
        let newToken = try #require(resent["continuation_token"])
        let second = try await client.code(to: username)
        #expect(try await enter(client, newToken, wrong(second))["suberror"] == "invalid_oob_value")
        let accepted = try await enter(client, newToken, second)
        #expect(accepted.status == 200, "the fresh code was refused: \(accepted.body)")
    }

    @Test("the attempt limit still kills a code, and a flow gets at most otp.maxCodesPerFlow codes")
    func guessingStaysBounded() async throws {
        let (client, token) = try await pendingSignUp()
        defer { client.stop() }
        var current = token
        for round in 1...5 {
            let code = try await client.code(to: username)
            for _ in 0..<5 { _ = try await enter(client, current, wrong(code)) }
            #expect(try await enter(client, current, code)["suberror"] == "invalid_oob_value", "round \(round): a dead code was accepted")
            try await advance(client, 30)
            let resent = try await resend(client, current)
            if round < 5 {
                current = try #require(resent["continuation_token"], "round \(round): \(resent.body)")
            } else {
                #expect(resent.status == 400 && resent["error"] == "invalid_request", "a sixth code was sent: \(resent.body)")
                #expect((resent.body["error_codes"] as? [Int])?.first == 50196)
            }
        }
        #expect(try await outbox(client).count == 5)
    }

    @Test("the outbox says which code was used, expired, exhausted or replaced, and when each expires")
    func outboxShowsWhatBecameOfEachCode() async throws {
        let (client, token) = try await pendingSignUp()
        defer { client.stop() }
        let first = try await client.code(to: username)
        for _ in 0..<5 { _ = try await enter(client, token, wrong(first)) }
        try await advance(client, 30)
        let second = try #require(try await resend(client, token)["continuation_token"])
        try await advance(client, 601)
        let third = try #require(try await resend(client, second)["continuation_token"])
        try await advance(client, 30)
        let fourth = try #require(try await resend(client, third)["continuation_token"])
        #expect(try await enter(client, fourth, try await client.code(to: username)).status == 200)
        let messages = try await outbox(client)
        #expect(messages.map { $0["status"] as? String } == ["exhausted", "expired", "replaced", "used"], "\(messages)")
        let formatter = ISO8601DateFormatter()
        for message in messages {
            let sent = try #require((message["sentAt"] as? String).flatMap(formatter.date(from:)))
            let expires = try #require((message["expiresAt"] as? String).flatMap(formatter.date(from:)))
            #expect(expires.timeIntervalSince(sent) == 600)
        }
    }

    @Test("an unused code reads as expired once the virtual clock passes its expiry")
    func anUnusedCodeExpires() async throws {
        let (client, _) = try await pendingSignUp()
        defer { client.stop() }
        #expect(try await outbox(client).first?["status"] as? String == "sent")
        try await advance(client, 600)
        #expect(try await outbox(client).first?["status"] as? String == "expired")
    }
}
