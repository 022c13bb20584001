import Foundation
import TophhieCloudAuthentication

/// Something that happened: the user acted, time passed, or a framework call answered.
///
/// Answers carry framework-independent summaries (see `FrameworkSummaries.swift` for the mappings).
public enum FlowEvent: Sendable, Equatable {
    // MARK: User
    /// A home-menu entry was chosen.
    case menuChosen(MenuItem)
    /// The field's whole new value (not one keystroke); secrets are redacted in `description`.
    case fieldEdited(FieldID, String)
    /// Focus left the field: it is validated, so mistakes show before submit.
    case fieldLeft(FieldID)
    /// Enter or the default action: check locally, then send the step's request.
    case submitted
    /// A method was chosen on the picker, by its `AuthMethod.id`.
    case methodPicked(id: String)
    /// On sign-in start: sign in with a one-time code even if a password was typed.
    case useCodeInstead
    /// Asks for a new code; refused with a notice while the countdown runs.
    case resendRequested
    /// Start screens go home, contact entry returns to the picker, other server steps restart the flow.
    case backRequested
    /// Esc: cancels the request in flight, or else the flow (secrets are forgotten).
    case cancelRequested
    /// On a failure: back to its retry step; a failed token refresh is also repeated.
    case retryRequested
    /// The current flow again from its first screen, with its email kept.
    case restartRequested
    /// Sign in or Reset password, offered where the server says the account exists or its password must
    /// change: that flow's first screen with the email kept; the flow in progress is forgotten.
    case otherFlowChosen(FlowKind)
    /// To the home menu, forgetting the flow and its secrets.
    case homeRequested
    /// Enrolment mode: an empty sign-up screen for the next person.
    case enrolAnotherRequested
    /// On the account screen: exchange the refresh token for new tokens.
    case refreshRequested
    /// On the account screen: show or hide the id-token claims.
    case claimsToggled
    /// On the account screen: sign the account out of the console.
    case signOutRequested
    /// On the account screen: make the next cached account the current one.
    case switchAccountRequested
    /// On the account screen: read the profile.
    case profileRequested
    /// On the profile screen: edit the self-writable properties.
    case profileEditRequested
    /// On the account screen: choose whose sign-in history to read.
    case historyRequested
    /// The history user form was submitted (as ``submitted`` does): read the first page.
    case historyUserChosen
    /// On the history list: read the next page.
    case historyMoreRequested
    /// On the history list: show only these rows.
    case historyFilterChanged(HistoryFilter)
    /// On the history list: show the row with this event id in full.
    case historyRowOpened(id: String)
    /// On the account screen: read the tenant's snapshot (its configuration through Graph).
    case tenantRequested
    /// On the tenant screen: write the snapshot read last to its file.
    case tenantSaveRequested
    /// Time passed (the runner ticks about once a second); drives resend countdowns and, in enrolment
    /// mode, the idle reset.
    case tick(Date)
    /// A key was pressed, any key (even one that does nothing on the screen): in enrolment mode the idle
    /// countdown starts again. Sent before the key's own events.
    case keyPressed
    /// The terminal was resized; entered data survives (rendering is the renderer's business).
    case resized

    // MARK: Framework answers
    /// `signUp(email:password:attributes:)` answered with the code step's delivery.
    case signUpStarted(Result<CodeDelivery, NativeAuthError>)
    /// A sign-up step (`submitCode`, `submitPassword`, `submitAttributes`) answered.
    case signUpAdvanced(Result<SignUpProgress, NativeAuthError>)
    /// `signIn(…)`, a code or verification step, or `SignInAfterSignUpStep/Reset.signIn()` answered.
    case signInAdvanced(Result<SignInProgress, NativeAuthError>)
    /// `MFARequiredStep.requestChallenge` / `MFASelectionStep.requestChallenge` answered.
    case mfaChallengeAnswered(Result<MFAChallengeOutcome, NativeAuthError>)
    /// `StrongAuthRegistrationStep.register(_:verificationContact:)` answered.
    case registrationAnswered(Result<RegistrationOutcome, NativeAuthError>)
    /// `resendCode()` on the current code step answered.
    case codeResent(Result<CodeDelivery, NativeAuthError>)
    /// `resetPassword(email:)` answered.
    case resetStarted(Result<CodeDelivery, PasswordResetError>)
    /// `ResetPasswordCodeStep.submitCode` or `ResetPasswordNewPasswordStep.submitPassword` answered.
    case resetAdvanced(Result<ResetProgress, PasswordResetError>)
    /// `refreshTokens(refreshToken:)` answered (docs/protocol.md §N6).
    case tokensRefreshed(Result<SignedInAccount, NativeAuthError>)
    /// The reset is polling (`progress` callback of `submitPassword`); the request stays in flight.
    case resetPollProgress(poll: Int)
    /// The device-code sign-in got its code (the request stays in flight), or could not start.
    case deviceCodeIssued(Result<DeviceCodePrompt, InteractiveFailure>)
    /// The device-code polling changed state; the request stays in flight.
    case deviceCodeProgress(DeviceCodeProgress)
    /// The browser sign-in is listening and the browser was (or could not be) opened; the request stays in
    /// flight. A failure means it could not start.
    case browserSignInStarted(Result<BrowserPrompt, InteractiveFailure>)
    /// The browser or device-code sign-in ended (the request is over).
    case interactiveSignInFinished(Result<SignedInAccount, InteractiveFailure>)
    /// At start-up, before any input: the token cache holds this account and its tokens still work.
    /// Ignored in enrolment mode.
    case accountRestored(SignedInAccount)
    /// ``FlowEffect/signOut`` answered.
    case signedOut(Result<SignOutSummary, InteractiveFailure>)
    /// ``FlowEffect/switchAccount`` answered.
    case accountSwitched(Result<SignedInAccount, InteractiveFailure>)
    /// ``FlowEffect/loadProfile`` answered.
    case profileLoaded(Result<ProfileSummary, GraphFailure>)
    /// ``FlowEffect/saveProfile(_:)`` answered: the profile read again after the 204, or why it was refused.
    case profileSaved(Result<ProfileSummary, GraphFailure>)
    /// ``FlowEffect/loadHistory(user:top:)`` or ``FlowEffect/loadMoreHistory`` answered (after any
    /// throttling waits).
    case historyLoaded(Result<HistoryPage, GraphFailure>)
    /// The history read was throttled: the runner waits `seconds` (`Retry-After`, or its own back-off)
    /// before asking again; the request stays in flight.
    case historyWaiting(seconds: Int)
    /// ``FlowEffect/loadTenant`` answered.
    case tenantLoaded(Result<TenantSummary, GraphFailure>)
    /// ``FlowEffect/saveTenant`` answered with the file's path, or why it could not be written.
    case tenantSaved(Result<String, GraphFailure>)
}
