import Foundation
import Localization
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// Screens are data: what a renderer gets for each step.
@Suite struct ScreenTests {
    @Test func homeOffersAccountOnlyWhenSignedIn() {
        var state = FlowState(settings: FlowSettings())
        #expect(state.screen.options.map(\.label)
            == ["Sign in", "Sign in with browser", "Sign in with a device code", "Sign up", "Reset password", "Quit"])
        state.signedIn = Sample.account
        #expect(state.screen.options.map(\.label)
            == ["Sign in", "Sign in with browser", "Sign in with a device code", "Sign up", "Reset password",
                "Account (ada@contoso.example)", "Quit"])
    }

    @Test func signUpShowsPasswordFieldsOnlyForPasswordAccounts() {
        let withPassword = FlowSettings(passwordAccounts: true)
        let screen = FlowState(settings: withPassword, step: .signUpStart(SignUpForm(settings: withPassword))).screen
        #expect(screen.fields.map(\.id) == [.email, .password, .confirmPassword])
        #expect(screen.fields[1].kind == .secret)
        #expect(screen.fields[1].note == withPassword.passwordPolicyHint)
        let otp = FlowSettings(passwordAccounts: false, upFrontAttributes: [
            RequiredAttribute(name: "extension_0a1b_loyaltyNumber", type: "int", required: false, regex: nil),
        ])
        let otpScreen = FlowState(settings: otp, step: .signUpStart(SignUpForm(settings: otp))).screen
        #expect(otpScreen.fields == [
            ScreenField(id: .email, label: "Email", kind: .email, value: ""),
            ScreenField(id: .attribute("extension_0a1b_loyaltyNumber"), label: "Loyalty number", kind: .number, value: "",
                        required: false),
        ])
    }

    @Test func signInOffersAOneTimeCodeAndBackAndCancel() {
        let screen = FlowState(settings: FlowSettings(), step: .signInStart(SignInForm())).screen
        #expect(screen.fields[1] == ScreenField(id: .password, label: "Password", kind: .secret, value: "", required: false))
        #expect(screen.actions.map(\.event) == [.submitted, .useCodeInstead, .backRequested, .cancelRequested])
    }

    @Test func codeEntryShowsWhereTheCodeWentAndItsLength() {
        let state = FlowState(settings: FlowSettings(),
                              step: .codeEntry(CodeEntry(purpose: .signUp, delivery: Sample.delivery, codeError: "x")))
        let screen = state.screen
        #expect(screen.title == "Check your email")
        #expect(screen.text == ["We sent an 8-digit code by email to a***@co***.example."])
        #expect(screen.fields == [ScreenField(id: .code, label: "Code", kind: .code(length: 8), value: "", error: "x")])
        #expect(screen.actions[1] == ScreenAction("Resend code (in 30 s)", .resendRequested, enabled: false))
    }

    @Test func newPasswordCarriesThePolicyHintAndTheServersSuberror() {
        let form = NewPasswordForm(purpose: .resetPassword, passwordError: PasswordRule.banned.message)
        let settings = FlowSettings(passwordPolicy: PasswordPolicy(minLength: 12, maxLength: 64, characterClasses: 4))
        let screen = FlowState(settings: settings, step: .newPassword(form)).screen
        #expect(screen.fields[0].error == "That password is too common. Choose another.")
        #expect(screen.fields[0].note == "12 to 64 characters, using four of: lower case, upper case, digits, symbols.")
    }

    /// The rules are kept as numbers and put into words when the screen is made: a desk's person who picked German
    /// (F12) after the console started in English reads them in German.
    @Test func thePasswordRulesAreWordedInTheLanguageShownNow() {
        let settings = FlowSettings(passwordAccounts: true)
        let state = FlowState(settings: settings, step: .signUpStart(SignUpForm(settings: settings)))
        #expect(state.screen.fields[1].note == "8 to 256 characters, using three of: lower case, upper case, digits, symbols.")
        let german = Localization.with(Localizer(tag: "de")) { state.screen.fields[1].note }
        #expect(german == "8 bis 256 Zeichen, mit drei von: Kleinbuchstaben, Großbuchstaben, Ziffern, Sonderzeichen.")
    }

    @Test func workingStatusWhileARequestIsInFlight() {
        let state = FlowState(settings: FlowSettings(), step: .signInStart(SignInForm()), pending: .signingIn)
        #expect(state.screen.status == "Signing in…")
        #expect(state.screen.isWorking)
    }

    @Test func accountScreenShowsClaimsAndLifetimesButNoTokens() {
        let state = FlowState(settings: Sample.utcSettings, step: .signedIn(Sample.account, showingClaims: true), now: Sample.start)
        let details = state.screen.details
        #expect(details.contains(ScreenDetail("Username", "ada@contoso.example")))
        #expect(details.contains(ScreenDetail("Access token expires", "09:00 (in 60 min)")))
        #expect(details.contains(ScreenDetail("ID token expires", "09:00 (in 60 min)")))
        #expect(details.contains(ScreenDetail("Claim name", "Ada")))
    }

    /// The "(optional)" advice appears only when some field is optional.
    @Test func attributesScreenMentionsOptionalFieldsOnlyWhenThereAreSome() {
        let required = RequiredAttribute(name: "displayName", type: "string", required: true, regex: nil)
        let optional = RequiredAttribute(name: "city", type: "string", required: false, regex: nil)
        let allRequired = FlowState(settings: FlowSettings(), step: .attributes(AttributeForm([required])))
        #expect(allRequired.screen.text == ["Your organisation asks for these details."])
        let someOptional = FlowState(settings: FlowSettings(), step: .attributes(AttributeForm([required, optional])))
        #expect(someOptional.screen.text.first?.hasSuffix("Fields marked (optional) may be left empty.") == true)
    }

    /// `expires_in` makes the access token's expiry a fraction of a second off the id token's whole-second
    /// `exp`: the same time reads the same.
    @Test func oneExpiryReadsTheSameForBothTokens() {
        var account = Sample.account
        account.accessTokenExpiresOn = Sample.start.addingTimeInterval(3599.7)
        let state = FlowState(settings: Sample.utcSettings, step: .signedIn(account), now: Sample.start)
        let lifetimes = state.screen.details.filter { $0.label.hasSuffix("expires") }.map(\.value)
        #expect(lifetimes == ["09:00 (in 60 min)", "09:00 (in 60 min)"])
    }

    @Test func contactEntryForSMSAsksForAPhoneNumberAndCountryCode() {
        let entry = ContactEntry(method: Sample.registerSMS, availableMethods: [Sample.registerSMS], countryCode: "44")
        let screen = FlowState(settings: FlowSettings(), step: .contactEntry(entry)).screen
        #expect(screen.title == "Add a phone number")
        #expect(screen.fields.map(\.kind) == [.phone, .number])
    }
}
