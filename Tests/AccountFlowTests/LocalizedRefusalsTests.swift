import Localization
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// The server's refusals in the person's language: the framework's sentences are English for app developers, so the
/// screen words each typed refusal from the catalogue (issue 41: "That password is too short." under German labels).
@Suite struct LocalizedRefusalsTests {
    static let languages = Localizer.catalogueTags.filter { $0 != "en" } + ["qps"]

    /// The sign-up screen's password error after the server applied `rule`, in the language `tag`.
    static func signUpPasswordError(_ rule: PasswordRule, in tag: String) -> String? {
        Localization.with(Localizer(tag: tag)) {
            var state = FlowState(settings: FlowSettings(passwordAccounts: true))
            _ = state.reduce(.menuChosen(.signUp))
            _ = state.reduce(.fieldEdited(.email, Sample.email))
            _ = state.reduce(.fieldEdited(.password, "abc"))
            _ = state.reduce(.fieldEdited(.confirmPassword, "abc"))
            _ = state.reduce(.submitted)
            _ = state.reduce(.signUpStarted(.failure(.invalidPassword(rule, Sample.details))))
            return state.screen.fields.first { $0.id == .password }?.error
        }
    }

    @Test(arguments: languages)
    func passwordRulesAreInThePersonsLanguage(tag: String) throws {
        for rule in [PasswordRule.tooWeak, .tooShort, .tooLong, .recentlyUsed, .banned, .invalid] {
            let shown = try #require(Self.signUpPasswordError(rule, in: tag), "\(rule)")
            #expect(shown != rule.message, "\(tag): \(rule) shows the framework's English")
            #expect(shown == Localization.with(Localizer(tag: tag)) { rule.screenMessage })
        }
        if tag == "de" { #expect(Self.signUpPasswordError(.tooShort, in: tag) == "Dieses Passwort ist zu kurz.") }
    }

    /// Every refusal the flow can show, not only the password's: none is the framework's English sentence.
    @Test(arguments: languages)
    func everyRefusalIsInThePersonsLanguage(tag: String) {
        let details = Sample.details
        let errors: [NativeAuthError] = [
            .userAlreadyExists(details), .invalidCode(details), .invalidAttributes(["city"]), .invalidCredentials(details),
            .userNotFound(details), .invalidInput("The server refused that input.", details),
            .invalidInput("These values cannot be sent: city.", .local), .noMatchingAuthMethod,
            .passwordRequired, .browserRequired(reason: nil, details), .methodBlocked(details), .expiredFlow(details),
            .userHasNoPassword(details), .passwordChangeRequired(details), .mfaRequiredForRefresh(details),
            .refreshTokenExpired(details), .unauthorizedClient(details), .nativeAuthDisabled(details), .invalidClient(details),
            .throttled(retryAfter: 30, details), .throttled(retryAfter: nil, details), .unexpectedResponse("x", correlationID: nil),
            .invalidConfiguration("x"), .server(details), .networkFailure("The server 127.0.0.1 could not be reached."),
        ]
        for error in errors {
            let shown = Localization.with(Localizer(tag: tag)) { error.screenMessage }
            #expect(shown != error.errorDescription, "\(tag): \(error) shows the framework's English")
        }
        // The transport's own sentence stays inside the catalogue's, naming the host.
        let network = Localization.with(Localizer(tag: tag)) { NativeAuthError.networkFailure("The server 127.0.0.1 could not be reached.").screenMessage }
        #expect(network.contains("The server 127.0.0.1 could not be reached."), "\(tag): \(network)")
        let reset = Localization.with(Localizer(tag: tag)) { PasswordResetError.resetFailed(details).screenMessage }
        #expect(reset != PasswordResetError.resetFailed(details).errorDescription)
    }
}
