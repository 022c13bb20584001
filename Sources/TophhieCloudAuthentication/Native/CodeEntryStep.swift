import Synchronization

/// A step waiting for a one-time code: where it went, how long it is, and a resend.
///
/// Source: docs/protocol.md §N3.2, §N3.6 step B, §N3.7 step B, §N4.2, §N5.2 (resend = the same
/// challenge call again with the latest continuation token).
public protocol CodeEntryStep: Sendable {
    /// The latest delivery (updated by `resendCode()`).
    var delivery: CodeDelivery { get }
    /// Sends a new code; the previous one stops working. Uses the latest continuation token; after a
    /// failed resend the step keeps the token it had.
    /// - Returns: the new delivery, with the server's `interval` before another resend.
    /// - Throws: `NativeAuthError` (e.g. `.throttled`, `.expiredFlow`, `.networkFailure`).
    func resendCode() async throws -> CodeDelivery
}

extension CodeEntryStep {
    /// The masked address or number the code went to.
    public var sentTo: String { delivery.sentTo }
    /// Digits in the code.
    public var codeLength: Int { delivery.codeLength }
    /// `email` or `sms`.
    public var channel: ChallengeChannel { delivery.channel }
    /// Seconds before a resend is sensible, when the server said.
    public var resendInterval: Int? { delivery.resendInterval }
}

/// A code step backed by a `LiveChallenge`: its delivery, and a mirror that shows where the code went but no token.
protocol LiveCodeStep: CodeEntryStep, CustomReflectable {
    var live: LiveChallenge { get }
}

extension LiveCodeStep {
    /// The latest delivery; replaced by each successful `resendCode()`.
    public var delivery: CodeDelivery { live.delivery }
    /// Where the code went; no token.
    public var customMirror: Mirror { Mirror(self, children: ["delivery": delivery]) }
}

/// A step whose state is a continuation token and the flow it continues: it reflects as its type alone, so no
/// token is printed.
protocol TokenOnlyStep: CustomReflectable {}

extension TokenOnlyStep {
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// The live challenge behind a code step: the latest token and delivery, replaced on resend.
final class LiveChallenge: Sendable {
    private let state: Mutex<CodeChallenge>
    private let endpoint: NativeAuthEndpoint
    private let resendCall: @Sendable (_ latestToken: String) async throws -> ValidatedResponse

    init(_ challenge: CodeChallenge, endpoint: NativeAuthEndpoint, resend: @escaping @Sendable (String) async throws -> ValidatedResponse) {
        state = Mutex(challenge)
        self.endpoint = endpoint
        resendCall = resend
    }

    /// A challenge resent by calling `endpoint` again with the latest token, the `types` given (else the configured
    /// ones) and the MFA method's `methodID`.
    convenience init(
        _ challenge: CodeChallenge, endpoint: NativeAuthEndpoint, context: NativeAuthContext, types: [ChallengeType]? = nil,
        methodID: String? = nil
    ) {
        self.init(challenge, endpoint: endpoint) { token in
            try await context.challenge(endpoint, token: token, types: types, methodID: methodID)
        }
    }

    var token: String { state.withLock { $0.continuationToken } }
    var delivery: CodeDelivery { state.withLock { CodeDelivery($0) } }

    func resend() async throws -> CodeDelivery {
        let response = try await resendCall(token)
        guard case .codeRequired(let challenge) = response else {
            throw NativeAuthError.from(response, at: endpoint)
        }
        state.withLock { $0 = challenge }
        return CodeDelivery(challenge)
    }
}
