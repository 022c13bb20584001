import Foundation
import NativeAuthWire
import TestSupport
import Testing

/// Every documented exchange in Tests/Fixtures/native-auth/ goes through the validators and must
/// arrive at the file's `expect.outcome`. A fixture added later is tested with no code change.
@Suite struct FixtureValidationTests {
    static let fixtures: [Fixture] = (try? RepositoryFiles.nativeAuthFixtures()) ?? []

    @Test func fixturesAreFound() throws {
        #expect(try RepositoryFiles.nativeAuthFixtures().count >= 70)
    }

    @Test(arguments: fixtures)
    func validatorArrivesAtDocumentedOutcome(_ fixture: Fixture) throws {
        let endpoint = try #require(fixture.endpoint, "unknown endpoint \(fixture.path)")
        let validated = ResponseValidator.validate(
            endpoint: endpoint, grantType: fixture.grantType, status: fixture.status,
            headers: fixture.headers, body: fixture.body)
        #expect(validated.outcomeName == fixture.expectedOutcome, "\(fixture.name): \(validated)")
    }

    @Test func unexpectedAnswersCarryTheCorrelationID() throws {
        let body = Data(#"{"challenge_type":"oob","continuation_token":"t"}"#.utf8)
        let validated = ResponseValidator.validate(
            endpoint: .signInChallenge, status: 200, headers: ["Client-Request-Id": "corr-1"], body: body)
        guard case .unexpected(let reason, let correlationID) = validated else {
            Issue.record("expected unexpected, got \(validated)")
            return
        }
        #expect(correlationID == "corr-1")
        #expect(reason.contains("challenge_target_label"))
    }

    @Test func redirectIsCheckedBeforeTheToken() {
        let body = Data(#"{"challenge_type":"redirect","continuation_token":"ignored","redirect_reason":"why"}"#.utf8)
        let validated = ResponseValidator.validate(endpoint: .signInInitiate, status: 200, headers: [:], body: body)
        #expect(validated == .redirect(reason: "why"))
    }

    /// Support needs the AADSTS code of a 5xx as much as of a 400 (an HTML page has none to keep).
    @Test func aServerErrorKeepsTheEnvelopeItSent() throws {
        let body = Data(#"{"error":"server_error","error_description":"AADSTS90033: A transient error has occurred.","error_codes":[90033],"correlation_id":"c0ffee00-0000-4000-8000-000000000003"}"#.utf8)
        let validated = ResponseValidator.validate(endpoint: .signInInitiate, status: 500, headers: [:], body: body)
        guard case .rejected(let error) = validated else { Issue.record("\(validated)"); return }
        #expect(error.kind == .httpStatus(500))
        #expect(error.envelope?.errorCodes == [90033])
        #expect(error.correlationID == "c0ffee00-0000-4000-8000-000000000003")
        let page = ResponseValidator.validate(endpoint: .signInInitiate, status: 502, headers: [:], body: Data("<html>".utf8))
        guard case .rejected(let pageError) = page else { Issue.record("\(page)"); return }
        #expect(pageError.envelope == nil)
    }

    @Test func throttlingHonoursRetryAfter() {
        let validated = ResponseValidator.validate(
            endpoint: .token, status: 429, headers: ["Retry-After": "7"], body: Data())
        guard case .rejected(let error) = validated else { Issue.record("\(validated)"); return }
        #expect(error.kind == .throttled(retryAfter: 7))
    }

    /// Native auth reads `Retry-After` as Graph does: an HTTP-date counts from when the answer arrived.
    @Test func throttlingHonoursAnHTTPDateRetryAfter() {
        let validated = ResponseValidator.validate(
            endpoint: .token, status: 429, headers: ["Retry-After": "Thu, 01 Jan 2026 00:00:30 GMT"], body: Data(),
            now: Date(timeIntervalSince1970: 1_767_225_600))
        guard case .rejected(let error) = validated else { Issue.record("\(validated)"); return }
        #expect(error.kind == .throttled(retryAfter: 30))
    }
}

extension ValidatedResponse {
    /// The fixture vocabulary (`expect.outcome`) for this answer.
    var outcomeName: String {
        switch self {
        case .started: "started"
        case .passwordRequired: "passwordRequired"
        case .codeRequired: "codeRequired"
        case .preverified: "preverified"
        case .selectionRequired: "selectionRequired"
        case .completed: "completed"
        case .pollRequired: "pollRequired"
        case .pollInProgress: "pollInProgress"
        case .pollSucceeded: "pollSucceeded"
        case .pollFailed: "pollFailed"
        case .tokens: "tokens"
        case .redirect: "redirect"
        case .unexpected: "unexpectedResponse"
        case .rejected(let error): error.kind.outcomeName
        }
    }
}

extension ServerError.Kind {
    var outcomeName: String {
        switch self {
        case .invalidCode: "invalidCode"
        case .invalidPassword: "invalidPassword"
        case .invalidAttributes: "invalidAttributes"
        case .nextStep(.attributesRequired): "attributesRequired"
        case .nextStep(.credentialRequired): "credentialRequired"
        case .nextStep(.verificationRequired): "verificationRequired"
        case .nextStep(.step(let step, _)): "\(step)"
        case .introspectRequired: "introspectRequired"
        case .userNotFound: "userNotFound"
        case .userAlreadyExists: "userAlreadyExists"
        case .invalidCredentials: "invalidCredentials"
        case .expiredToken: "expiredToken"
        case .authMethodBlocked: "authMethodBlocked"
        case .invalidInput: "invalidInput"
        case .userHasNoPassword: "userHasNoPassword"
        case .passwordChangeRequired: "passwordChangeRequired"
        case .interactionRequired: "interactionRequired"
        case .unauthorizedClient: "unauthorizedClient"
        case .invalidClient: "invalidClient"
        case .nativeAuthDisabled: "nativeAuthDisabled"
        case .unsupportedChallengeType: "unsupportedChallengeType"
        case .codeLimitReached: "codeLimitReached"
        case .throttled, .httpStatus, .general: "generalError"
        }
    }
}
