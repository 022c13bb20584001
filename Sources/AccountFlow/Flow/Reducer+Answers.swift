import Localization
import TophhieCloudAuthentication

extension FlowState {
    /// A code was sent for `purpose`: its screen.
    mutating func codeSent(_ purpose: CodePurpose, _ delivery: CodeDelivery) -> [FlowEffect] {
        step = .codeEntry(newCodeEntry(purpose, delivery))
        return []
    }

    mutating func mfaChallengeAnswered(_ outcome: MFAChallengeOutcome) -> [FlowEffect] {
        switch outcome {
        case .codeSent(let delivery):
            return codeSent(.mfa, delivery)
        case .selectionRequired(let methods):
            if let stop = guardLoop("mfa.selectionRequired:" + methods.map(\.id).joined(separator: ",")) { return stop }
            step = .methodPicker(MethodPicker(purpose: .mfa, methods: methods))
            return []
        }
    }

    mutating func registrationAnswered(_ outcome: RegistrationOutcome) -> [FlowEffect] {
        switch outcome {
        case .codeSent(let delivery): codeSent(.registration, delivery)
        case .completed(let account): complete(account)
        }
    }

    /// A new code: the old one's typing and wrong tries go (wrong tries count against a code, and this one is new).
    mutating func codeResent(_ delivery: CodeDelivery) -> [FlowEffect] {
        guard case .codeEntry(var entry) = step else { return [] }
        entry.delivery = delivery
        entry.code = ""
        entry.codeError = nil
        entry.notice = tr("code.resent", ["target": delivery.sentTo])
        entry.wrongAttempts = 0
        entry.resend = Countdown(seconds: delivery.resendInterval ?? 0, startedAt: now)
        step = .codeEntry(entry)
        return []
    }

    mutating func resetAdvanced(_ progress: ResetProgress) -> [FlowEffect] {
        switch progress {
        case .newPasswordRequired: step = .newPassword(NewPasswordForm(purpose: .resetPassword))
        case .passwordChanged: step = .resetDone
        }
        return []
    }

    mutating func signUpAdvanced(_ progress: SignUpProgress, to request: PendingRequest) -> [FlowEffect] {
        switch progress {
        case .passwordRequired(let answer):
            // Password accounts send the password at sign-up start; the password step sends it too.
            if settings.passwordAccounts || request == .sendingPassword {
                return askedAgain(sent: tr("stop.what.password"), answer: answer.description)
            }
            if let stop = guardLoop("signUp.passwordRequired") { return stop }
            step = .newPassword(NewPasswordForm(purpose: .signUp))
        case .attributesRequired(let attributes, let answer):
            if request == .sendingAttributes, case .attributes(let form) = step {
                let given = form.values
                let again = attributes.filter { given[$0.name] != nil }
                if !again.isEmpty {
                    let names = again.map { "\($0.name)=\(given[$0.name] ?? "")" }.joined(separator: ", ")
                    return askedAgain(sent: names, answer: tr("stop.askingFor", [
                        "answer": answer.description, "names": again.map(\.name).joined(separator: ", "),
                    ]))
                }
            }
            if let stop = guardLoop("signUp.attributesRequired:" + attributes.map(\.name).joined(separator: ",")) {
                return stop
            }
            step = .attributes(AttributeForm(attributes))
        case .completed:
            // Enrolment mode signs in too, once, for the new account's object id (see enrolledAfterSignIn).
            origin?.signingIn = true
            step = .readyToSignIn
            pending = .signingIn
            return [.submit(.proceed)]
        }
        return []
    }

    /// A code screen whose resend countdown starts now (or at the next tick when none arrived yet).
    func newCodeEntry(_ purpose: CodePurpose, _ delivery: CodeDelivery) -> CodeEntry {
        CodeEntry(purpose: purpose, delivery: delivery, resend: Countdown(seconds: delivery.resendInterval ?? 0, startedAt: now))
    }

    /// A refresh answered. Errors that need the user (field case 005 (docs/field-cases.md): MFA switched on since the sign-in; an
    /// expired refresh token) start an interactive sign-in for the same email, which then meets
    /// `mfa_required` as any sign-in does.
    mutating func tokensRefreshed(_ result: Result<SignedInAccount, NativeAuthError>) -> [FlowEffect] {
        switch result {
        case .success(var account):
            account.refreshedAt = now
            // How the account came here is the flow's to know; a refresh does not change it.
            account.source = signedIn?.source ?? account.source
            step = .signedIn(account, showingClaims: showingClaims)
            signedIn = account
            return []
        case .failure(let error):
            // `invalid_grant` on a refresh means the refresh token is invalid, expired or revoked
            // (RFC 6749 §5.2): like the cases the framework names, only a new sign-in helps.
            let message: String? = switch error {
            case .refreshTokenExpired(let details) where details.status == nil && details.errorDescription != nil:
                // A reason found here, not a server's: the account left the shared cache (signed out in another window).
                tr("error.signedOutElsewhere")
            case .mfaRequiredForRefresh, .refreshTokenExpired, .passwordChangeRequired: error.screenMessage
            case .server(let details) where details.error == OAuthErrorCode.invalidGrant.wireValue:
                NativeAuthError.refreshTokenExpired(details).screenMessage
            case .userAlreadyExists, .invalidPassword, .invalidCode, .invalidAttributes, .invalidCredentials,
                 .userNotFound, .invalidInput, .noMatchingAuthMethod, .passwordRequired, .browserRequired,
                 .methodBlocked, .expiredFlow, .userHasNoPassword, .unauthorizedClient, .nativeAuthDisabled,
                 .invalidClient, .throttled, .networkFailure, .unexpectedResponse, .invalidConfiguration,
                 .server, .furtherStepRequired: nil
            }
            if let message {
                let email = signedIn?.username ?? ""
                signedIn = nil
                origin = FlowOrigin(kind: .signIn, email: email)
                step = .signInStart(SignInForm(email: email, message: message))
            } else if case .signedIn = step {
                step = .failure(FailureReport(
                    message: error.screenMessage,
                    detail: error.operatorDetail, retryStep: step, retryRefreshes: true))
            }
            return []
        }
    }

    /// Signed in: keep only the account summary; every secret of the flow is gone with its steps.
    /// Enrolment mode keeps not even that.
    mutating func complete(_ account: SignedInAccount) -> [FlowEffect] {
        if settings.enrolmentMode {
            return personDone(.enrolmentSignedIn(email: account.username ?? origin?.email ?? "")) + [.forgetAccount]
        }
        step = .signedIn(account)
        signedIn = account
        origin = nil
        loopGuard = LoopGuard()
        return [.forgetSession]
    }

    /// Enrolment mode signs a new account in only to learn its object id (the console watching the flow reads it
    /// from the tokens' answer): tokens, a second factor or method to register the tenant asks for, or a failure
    /// all end the person as enrolled — the account exists either way — and the tokens are forgotten at once.
    /// Source: docs/protocol.md §N4.6 (sign-in after sign-up answers as a sign-in does).
    mutating func enrolledAfterSignIn() -> [FlowEffect] {
        personDone(.enrolled(email: origin?.email ?? "")) + [.forgetAccount]
    }

    /// Enrolment mode: the person at the terminal is done; nothing of theirs stays for the next one.
    private mutating func personDone(_ confirmation: FlowStep) -> [FlowEffect] {
        step = confirmation
        signedIn = nil
        origin = nil
        loopGuard = LoopGuard()
        return [.forgetSession]
    }
}
