import Foundation
import NativeAuthWire

/// What a scripted request's answer must be, checked on status and body shape through the framework's own
/// validator (`ResponseValidator`: the fields the protocol makes mandatory for that endpoint and outcome).
///
/// Source: docs/protocol.md §N3–§N5 (answers per endpoint), §N1.6 (a redirect is not a success here).
public enum ExpectedAnswer: Sendable, Equatable {
    /// initiate, sign-up start, reset start: 200 with a `continuation_token`.
    case started
    /// A code was sent: 200, `challenge_type=oob`, token, channel, target label and code length.
    case codeRequired
    /// 200, `challenge_type=password` with a token.
    case passwordRequired
    /// sign-up continue finished the account: 200 with the token for `/token`.
    case signUpCompleted
    /// 200 with `access_token`, `token_type=Bearer` and `expires_in`.
    case tokens
    /// introspect: 200 with a token and at least one method.
    case selectionRequired
    /// `/token` after the first factor when MFA applies: 400 `invalid_grant` + `mfa_required` with a token.
    case mfaRequired

    /// Checks one answer.
    /// - Parameters:
    ///   - endpoint: the endpoint whose rules apply (the bare server's answers are checked as `initiate`).
    ///   - grantType: the `grant_type` sent to `/token`.
    ///   - status: the HTTP status.
    ///   - body: the answer's bytes.
    /// - Returns: the continuation token the answer carries, `nil` for `tokens`.
    /// - Throws: `AnswerMismatch` saying what came instead.
    public func check(endpoint: NativeAuthEndpoint, grantType: GrantType? = nil, status: Int, body: Data) throws(AnswerMismatch) -> String? {
        let validated = ResponseValidator.validate(endpoint: endpoint, grantType: grantType, status: status, headers: [:], body: body)
        switch (self, validated) {
        case (.started, .started(let token)), (.passwordRequired, .passwordRequired(let token)),
             (.selectionRequired, .selectionRequired(let token, _)):
            return token
        case (.codeRequired, .codeRequired(let challenge)):
            return challenge.continuationToken
        case (.signUpCompleted, .completed(let token?, _)):
            return token
        case (.tokens, .tokens):
            return nil
        case (.mfaRequired, .rejected(let error)):
            if case .nextStep(.step(.mfaRequired, let token)) = error.kind { return token }
        case (.started, _), (.codeRequired, _), (.passwordRequired, _), (.signUpCompleted, _), (.tokens, _), (.selectionRequired, _),
             (.mfaRequired, _):
            break
        }
        throw AnswerMismatch(expected: self, status: status, got: Self.describe(validated))
    }

    /// A short account of what came, without tokens (they are secrets even in a benchmark's log).
    private static func describe(_ answer: ValidatedResponse) -> String {
        switch answer {
        case .started: "a started flow"
        case .passwordRequired: "a password challenge"
        case .codeRequired: "a code challenge"
        case .preverified: "preverified"
        case .selectionRequired: "a method selection"
        case .completed(let token, _): token == nil ? "completed without a continuation token" : "completed"
        case .pollRequired, .pollInProgress, .pollSucceeded, .pollFailed: "a password-reset poll answer"
        case .tokens: "tokens"
        case .redirect(let reason): "a redirect (\(reason ?? "no reason"))"
        case .rejected(let error): "error \(error.envelope?.error.wireValue ?? "without an envelope") \(error.envelope?.firstCode.map(String.init) ?? "")"
        case .unexpected(let reason, _): "a malformed answer: \(reason)"
        }
    }
}
