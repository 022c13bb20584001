import Synchronization

/// Password reset takes the new password, then polls until the service has applied it.
///
/// Polling reuses the token from `/submit` on every call, waits `poll_interval` (clamped to 1–15 s)
/// between polls and gives up after `maxPolls`. Source: docs/protocol.md §N5.4, §N5.5, §N8.
public final class ResetPasswordNewPasswordStep: TokenOnlyStep, Sendable {
    /// Polls at most this many times before `PasswordResetError.pollTimedOut`.
    public static let maxPolls = 10

    let context: NativeAuthContext
    let username: String
    /// The token for `/submit`: after a password refused while polling, the `/submit` token (docs/protocol.md §N5.5).
    private let token: Mutex<String>

    init(context: NativeAuthContext, username: String, continuationToken: String) {
        self.context = context
        self.username = username
        token = Mutex(continuationToken)
    }

    /// Sets the new password and waits for the reset to complete.
    /// - Parameters:
    ///   - password: the new password.
    ///   - progress: called before each poll with the poll number (1-based) and the last status seen.
    /// - Returns: the step that signs in with the new password.
    /// - Throws: `PasswordResetError.invalidPassword` (retry on this step), `.resetFailed`, `.pollTimedOut`, `.other`.
    public func submitPassword(
        _ password: String, progress: (@Sendable (_ poll: Int, _ lastStatus: PollStatus?) -> Void)? = nil
    ) async throws -> SignInAfterResetStep {
        guard !password.isEmpty else { throw PasswordResetError.other(.invalidInput("Enter a password.", .local)) }
        var form = context.form(continuing: token.withLock { $0 })
        form.set(.newPassword, password)
        let submitted = try await resetCall(.resetPasswordSubmit, form, context: context)
        guard case .pollRequired(let pollToken, let interval) = submitted else {
            throw PasswordResetError(NativeAuthError.from(submitted, at: .resetPasswordSubmit))
        }
        let wait = Double(min(max(interval, 1), 15))
        var lastStatus: PollStatus?
        for poll in 1...Self.maxPolls {
            progress?(poll, lastStatus)
            if poll > 1 { try await context.sleeper(wait) }
            let response = try await resetCall(.resetPasswordPollCompletion, context.form(continuing: pollToken), context: context)
            switch response {
            case .pollInProgress:
                lastStatus = .inProgress
            case .pollSucceeded(let signInToken):
                return SignInAfterResetStep(context: context, username: username, continuationToken: signInToken)
            case .pollFailed:
                throw PasswordResetError.resetFailed(.local)
            case .rejected(let error):
                if case .invalidPassword = error.kind { token.withLock { $0 = pollToken } }
                throw PasswordResetError(NativeAuthError.from(error, at: .resetPasswordPollCompletion))
            case .started, .passwordRequired, .codeRequired, .preverified, .selectionRequired, .completed,
                 .pollRequired, .tokens, .redirect, .unexpected:
                throw PasswordResetError(NativeAuthError.from(response, at: .resetPasswordPollCompletion))
            }
        }
        throw PasswordResetError.pollTimedOut
    }
}
