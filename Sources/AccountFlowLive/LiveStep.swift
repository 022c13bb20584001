import AccountFlow
import Localization
import TophhieCloudAuthentication

/// A framework step the effect runner keeps between requests, so ``FlowState`` never holds a continuation
/// token. The runner performs ``FlowEffect/submit(_:)``, ``FlowEffect/pickMethod(id:)`` and
/// ``FlowEffect/resendCode`` on whichever step it holds through these three operations; each framework step
/// type conforms once, beside the other steps of its flow in this folder.
///
/// An operation a step has no use for answers with the failure "no step to continue" in the event the
/// reducer expects for it, and keeps the step.
public protocol LiveStep: Sendable {
    /// Sends `input`. `progress` receives the events sent while the request is in flight (the reset's
    /// completion polls).
    func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer
    /// Asks for a challenge on the method with this `AuthMethod.id` (`nil`: let the framework choose or ask).
    func pick(_ methodID: String?) async -> LiveAnswer
    /// Asks for a new code; the previous one stops working.
    func resend() async -> LiveAnswer
}

/// What a ``LiveStep`` operation came to.
public enum LiveAnswer: Sendable {
    /// `event` for the reducer, and the step to keep for the next request (nil: none is left). A failed
    /// request keeps the step it was made on: the framework leaves it usable.
    case answered(FlowEvent, keep: (any LiveStep)?)
    /// Signed in: the runner keeps what a refresh needs and stores the tokens, then sends `event` with the
    /// account's summary. No step is left.
    case signedIn(TophhieAuthResult, event: @Sendable (SignedInAccount) -> FlowEvent)
}

extension LiveStep {
    public func submit(_ input: StepInput, progress: @escaping @Sendable (FlowEvent) -> Void) async -> LiveAnswer {
        .answered(.signInAdvanced(.failure(LiveStepError.noStep)), keep: self)
    }

    public func pick(_ methodID: String?) async -> LiveAnswer {
        .answered(.mfaChallengeAnswered(.failure(LiveStepError.noStep)), keep: self)
    }

    public func resend() async -> LiveAnswer {
        .answered(.codeResent(.failure(LiveStepError.noStep)), keep: self)
    }
}

extension LiveStep where Self: CodeEntryStep {
    /// Every step that takes a code can send a new one.
    public func resend() async -> LiveAnswer {
        .answered(.codeResent(await .catching { try await resendCode() }), keep: self)
    }
}

/// The failures of a request the console cannot make.
public enum LiveStepError {
    /// The runner holds no step that takes this request (the flow ended, or the step is of another kind).
    public static var noStep: NativeAuthError { .unexpectedResponse(tr("failure.noStep"), correlationID: nil) }
}

extension Result where Failure == NativeAuthError {
    /// The value of `work`, or its error as a `NativeAuthError` (a reset's error as the same failure; anything
    /// else as `.networkFailure`).
    public static func catching(_ work: () async throws -> Success) async -> Self {
        do { return .success(try await work()) }
        catch let error as NativeAuthError { return .failure(error) }
        catch let error as PasswordResetError { return .failure(error.nativeAuthError) }
        catch { return .failure(.networkFailure(error.localizedDescription)) }
    }
}

extension Result where Failure == PasswordResetError {
    /// The value of `work`, or its error as a `PasswordResetError` (others as `.other`).
    public static func catching(_ work: () async throws -> Success) async -> Self {
        do { return .success(try await work()) }
        catch let error as PasswordResetError { return .failure(error) }
        catch let error as NativeAuthError { return .failure(.other(error)) }
        catch { return .failure(.other(.networkFailure(error.localizedDescription))) }
    }
}
