import Localization
import TophhieCloudAuthentication

// The framework's sentences stay English for app developers (`errorDescription`); the person at the screen reads the
// catalogue's, chosen by the typed error. `LiteralScanTests` pins that the flow never shows `errorDescription`.

extension PasswordRule {
    /// The catalogue's sentence for the rule the server applied.
    var screenMessage: String {
        switch self {
        case .tooWeak: tr("password.rule.tooWeak")
        case .tooShort: tr("password.rule.tooShort")
        case .tooLong: tr("password.rule.tooLong")
        case .recentlyUsed: tr("password.rule.recentlyUsed")
        case .banned: tr("password.rule.banned")
        case .invalid: tr("password.rule.invalid")
        }
    }
}

extension NativeAuthError {
    /// The catalogue's sentence for this refusal. `invalidInput` says "that input" here; a step whose one input is
    /// the email says ``emailRefused`` (the server's) or the email field's own advice (the framework's) instead. A network failure keeps the transport's sentence (naming the host) inside the catalogue's.
    var screenMessage: String {
        switch self {
        case .userAlreadyExists: tr("error.userAlreadyExists")
        case .invalidPassword(let rule, _): rule.screenMessage
        case .invalidCode: tr("error.invalidCode")
        case .invalidAttributes(let names): tr("error.invalidAttributes", ["names": names.joined(separator: ", ")])
        case .invalidCredentials: tr("error.invalidCredentials")
        case .userNotFound: tr("error.userNotFound")
        case .invalidInput(_, let details) where details == .local: tr("error.inputNotSent")
        case .invalidInput: tr("error.inputRefused")
        case .noMatchingAuthMethod: tr("error.noMatchingAuthMethod")
        case .passwordRequired: tr("signIn.hasPassword")
        case .browserRequired: tr("error.browserRequired")
        case .methodBlocked: tr("error.methodBlocked")
        case .expiredFlow: tr("error.expiredFlow")
        case .userHasNoPassword: tr("error.userHasNoPassword")
        case .passwordChangeRequired: tr("error.passwordChangeRequired")
        case .mfaRequiredForRefresh: tr("error.mfaRequiredForRefresh")
        case .refreshTokenExpired: tr("error.refreshTokenExpired")
        case .unauthorizedClient: tr("error.unauthorizedClient")
        case .nativeAuthDisabled: tr("error.nativeAuthDisabled")
        case .invalidClient: tr("error.invalidClient")
        case .throttled(_, let details) where details.code == AADSTSCode.cannotGenerateMoreCodes
            || details.errorDescription?.hasPrefix("AADSTS\(AADSTSCode.cannotGenerateMoreCodes):") == true:
            tr("error.tooManyCodes")
        case .throttled(let seconds?, _): tr("error.throttled.wait", ["seconds": seconds])
        case .throttled(nil, _): tr("error.throttled")
        case .networkFailure(let what): tr("failure.network", ["detail": what])
        case .unexpectedResponse: tr("error.unexpectedResponse")
        case .invalidConfiguration: tr("error.invalidConfiguration")
        case .server(let details) where (details.status ?? 0) >= 500: tr("error.serverFault")
        case .server: tr("error.serverRefused")
        case .furtherStepRequired(.strongAuthRegistrationRequired): tr("error.furtherStep.registration")
        case .furtherStepRequired: tr("error.furtherStep")
        }
    }

    /// The server's refusal of the email where a flow starts (90100 naming the username).
    static var emailRefused: String { tr("error.emailRefused") }
}

extension PasswordResetError {
    /// The catalogue's sentence for this refusal (as ``NativeAuthError/screenMessage``).
    var screenMessage: String {
        switch self {
        case .resetFailed: tr("error.resetFailed")
        case .pollTimedOut: tr("reset.pollTimedOut")
        case .userNotFound, .userHasNoPassword, .invalidCode, .invalidPassword, .other: nativeAuthError.screenMessage
        }
    }
}
