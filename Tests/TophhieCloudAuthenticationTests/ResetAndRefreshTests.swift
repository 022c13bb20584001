import Foundation
import TestSupport
import Testing
import TophhieCloudAuthentication

/// Password reset with bounded polling (docs/protocol.md §N5) and the refresh-token grant (§N6).
@Suite struct ResetAndRefreshTests {
    static let resetTypes = "oob redirect"

    static func resetStart() -> [Step] {
        [
            Step(.resetPasswordStart, form: ["client_id": Kit.clientID, "username": Kit.email, "challenge_type": resetTypes,
                                             "capabilities": Kit.capabilities], response: Kit.token("r1")),
            Step(.resetPasswordChallenge, form: Kit.continuing("r1", ["challenge_type": resetTypes]), response: Kit.oob("r2")),
            Step(.resetPasswordContinue, form: Kit.continuing("r2", ["grant_type": "oob", "oob": "87654321"]),
                 response: .json(200, #"{"continuation_token":"r3","expires_in":600}"#)),
        ]
    }

    static func poll(_ status: String, token: String? = nil) -> Step {
        let tokenField = token.map { #","continuation_token":"\#($0)""# } ?? ""
        return Step(.resetPasswordPollCompletion, form: Kit.continuing("r4"), response: .json(200, #"{"status":"\#(status)"\#(tokenField)}"#))
    }

    /// Polls reuse the `/submit` token, wait `poll_interval` between polls, then sign in.
    @Test func resetPollsUntilSucceededThenSignsIn() async throws {
        let server = ScriptedTransport(Self.resetStart() + [
            Step(.resetPasswordSubmit, form: Kit.continuing("r3", ["new_password": "Copper-Meadow-5530!"]),
                 response: .json(200, #"{"continuation_token":"r4","poll_interval":2}"#)),
            Self.poll("not_started"), Self.poll("in_progress"), Self.poll("succeeded", token: "r5"),
            Step(.token, form: Kit.tokenRequest("r5", grant: "continuation_token", ["username": Kit.email, "challenge_type": Kit.challengeTypes]),
                 response: Kit.tokens()),
        ])
        let sleeps = SleepLog()
        let codeStep = try await Kit.auth(server, sleeps: sleeps).resetPassword(email: Kit.email)
        let passwordStep = try await codeStep.submitCode("87654321")
        let signIn = try await passwordStep.submitPassword("Copper-Meadow-5530!")
        guard case .completed = try await signIn.signIn() else { Issue.record("not signed in"); return }
        #expect(sleeps.all == [2, 2])
        #expect(server.mismatches == [])
    }

    @Test func pollingIsBounded() async throws {
        let polls = Array(repeating: Self.poll("in_progress"), count: ResetPasswordNewPasswordStep.maxPolls)
        let server = ScriptedTransport(Self.resetStart() + [
            Step(.resetPasswordSubmit, form: Kit.continuing("r3", ["new_password": "pw-1"]),
                 response: .json(200, #"{"continuation_token":"r4","poll_interval":99}"#)),
        ] + polls)
        let sleeps = SleepLog()
        let step = try await Kit.auth(server, sleeps: sleeps).resetPassword(email: Kit.email).submitCode("87654321")
        await #expect(throws: PasswordResetError.pollTimedOut) { _ = try await step.submitPassword("pw-1") }
        #expect(sleeps.all.allSatisfy { $0 == 15 })
        #expect(server.mismatches == [])
    }

    /// A password refused while polling returns to the new-password step with the `/submit` token.
    @Test func passwordRefusedWhilePollingIsRetriedWithTheSubmitToken() async throws {
        let server = ScriptedTransport(Self.resetStart() + [
            Step(.resetPasswordSubmit, form: Kit.continuing("r3", ["new_password": "Old-Password-1"]),
                 response: .json(200, #"{"continuation_token":"r4","poll_interval":1}"#)),
            Step(.resetPasswordPollCompletion, form: Kit.continuing("r4"),
                 response: Kit.error("invalid_grant", suberror: "password_recently_used", code: 399246)),
            Step(.resetPasswordSubmit, form: Kit.continuing("r4", ["new_password": "New-Password-2"]),
                 response: .json(200, #"{"continuation_token":"r4","poll_interval":1}"#)),
            Self.poll("failed"),
        ])
        let step = try await Kit.auth(server).resetPassword(email: Kit.email).submitCode("87654321")
        await #expect(throws: PasswordResetError.invalidPassword(.recentlyUsed, details("invalid_grant", "password_recently_used", 399246))) {
            _ = try await step.submitPassword("Old-Password-1")
        }
        await #expect(throws: PasswordResetError.resetFailed(.local)) { _ = try await step.submitPassword("New-Password-2") }
        #expect(server.mismatches == [])
    }

    @Test func resetStartErrorsAreTyped() async throws {
        let start = ["client_id": Kit.clientID, "username": Kit.email, "challenge_type": Self.resetTypes, "capabilities": Kit.capabilities]
        let server = ScriptedTransport([
            Step(.resetPasswordStart, form: start, response: Kit.error("invalid_request", code: 500222)),
            Step(.resetPasswordStart, form: start, response: Kit.error("user_not_found", code: 50034)),
        ])
        let auth = try Kit.auth(server)
        await #expect(throws: PasswordResetError.userHasNoPassword(details("invalid_request", nil, 500222))) {
            _ = try await auth.resetPassword(email: Kit.email)
        }
        await #expect(throws: PasswordResetError.userNotFound(details("user_not_found", nil, 50034))) {
            _ = try await auth.resetPassword(email: Kit.email)
        }
    }

    static func refresh(_ response: HTTPResponse) -> Step {
        Step(.token, form: ["client_id": Kit.clientID, "grant_type": "refresh_token", "refresh_token": Kit.refreshToken,
                            "scope": Kit.scope, "client_info": "true"], response: response)
    }

    @Test func refreshRotatesTheRefreshToken() async throws {
        let server = ScriptedTransport([Self.refresh(Kit.tokens(refresh: "1.rotated"))])
        let result = try await Kit.auth(server).refreshTokens(refreshToken: Kit.refreshToken)
        #expect(result.refreshToken == "1.rotated")
        #expect(server.mismatches == [])
    }

    /// Field case 005 (docs/field-cases.md) and its kind: every refresh error that needs the user is mapped distinctly.
    @Test func refreshErrorsThatNeedTheUserAreDistinct() async throws {
        let server = ScriptedTransport([
            Self.refresh(Kit.error("invalid_grant", code: 50076)),
            Self.refresh(Kit.error("invalid_grant", code: 700082)),
            Self.refresh(Kit.error("invalid_request", code: 50142)),
            Self.refresh(Kit.error("invalid_grant", code: 9002313)),
        ])
        let auth = try Kit.auth(server)
        await #expect(throws: NativeAuthError.mfaRequiredForRefresh(details("invalid_grant", nil, 50076))) {
            _ = try await auth.refreshTokens(refreshToken: Kit.refreshToken)
        }
        await #expect(throws: NativeAuthError.refreshTokenExpired(details("invalid_grant", nil, 700082))) {
            _ = try await auth.refreshTokens(refreshToken: Kit.refreshToken)
        }
        await #expect(throws: NativeAuthError.passwordChangeRequired(details("invalid_request", nil, 50142))) {
            _ = try await auth.refreshTokens(refreshToken: Kit.refreshToken)
        }
        await #expect(throws: NativeAuthError.server(details("invalid_grant", nil, 9002313))) {
            _ = try await auth.refreshTokens(refreshToken: Kit.refreshToken)
        }
    }
}
