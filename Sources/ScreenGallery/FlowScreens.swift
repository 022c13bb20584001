import AccountFlow
import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// Flow states for every AccountFlow screen, reached the way the console reaches them where the
/// reducer makes that easy (framework answers, ticks), with fictional values.
public enum FlowScreens {
    /// The header bar of every screen: an emulator tenant.
    public static let header = HeaderInfo(tenant: "contoso (email-password)", authority: "http://127.0.0.1:8443", mode: "emulator")
    /// Times on the account screen read in UTC, whatever the machine's zone.
    public static let settings = FlowSettings(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
    public static let start = Date(timeIntervalSince1970: 1_800_000_000)
    public static let details = ServerDetails(error: "invalid_grant", code: 50181, correlationID: "c0ffee00-0000-4000-8000-000000000001", status: 400)
    public static let delivery = CodeDelivery(sentTo: "a***@c*****o.example", channel: .email, codeLength: 8, resendInterval: 30)
    public static let emailMethod = AuthMethod(id: "m-email", channel: .email, loginHint: "a***@c*****o.example")
    public static let smsMethod = AuthMethod(id: "m-sms", channel: .sms, loginHint: "+44*******890")
    public static let registerEmail = AuthMethod(id: "email", channel: .email, loginHint: "ada@contoso.example")
    public static let registerSMS = AuthMethod(id: "sms", channel: .sms)

    /// Tokens the framework returned; none of them may reach the screen.
    public static let idToken = "eyJhbGciOiJSUzI1NiJ9.eyJuYW1lIjoiQWRhIn0.c2lnbmF0dXJlLWlk"
    public static let accessToken = "eyJhbGciOiJSUzI1NiJ9.eyJzY3AiOiJvcGVuaWQifQ.c2lnbmF0dXJlLWFjY2Vzcw"
    public static let refreshToken = "1.AQoA-refresh-token-value-0123456789"

    public static let account = SignedInAccount(TophhieAuthResult(
        idToken: idToken, accessToken: accessToken, refreshToken: refreshToken,
        expiresOn: start.addingTimeInterval(3600), scopes: ["openid", "profile", "offline_access"],
        account: TophhieAccount(
            objectID: "7d2f0c4e-1b9a-4f55-9c1e-3a5b6c7d8e9f", tenantID: "0a1b2c3d-4e5f-6789-abcd-ef0123456789",
            username: "ada@contoso.example", displayName: "Ada Lovelace",
            claims: ["name": "Ada Lovelace", "preferred_username": "ada@contoso.example",
                     "exp": "1800003600", "iss": "http://127.0.0.1:8443/contoso/v2.0", "aud": "11111111-2222-3333-4444-555555555555"])))

    /// Twelve attributes: a toggle, a choice list, a custom extension, a regex that does not compile,
    /// and fields that will hold CJK text and an emoji.
    public static let appID = "0a1b2c3d4e5f67890a1b2c3d4e5f6789"
    public static let twelveAttributes: [RequiredAttribute] = [
        RequiredAttribute(name: "givenName", type: "string", required: true, regex: nil),
        RequiredAttribute(name: "surname", type: "string", required: true, regex: nil),
        RequiredAttribute(name: "displayName", type: "string", required: true, regex: nil),
        RequiredAttribute(name: "jobTitle", type: "string", required: false, regex: nil),
        RequiredAttribute(name: "extension_\(appID)_newsletter", type: "boolean", required: false, regex: nil),
        RequiredAttribute(name: "extension_\(appID)_tier", type: "string", required: true, regex: "^(Gold|Silver|Bronze)$"),
        RequiredAttribute(name: "extension_\(appID)_loyaltyNumber", type: "int", required: false, regex: nil),
        RequiredAttribute(name: "extension_\(appID)_memberCode", type: "string", required: false, regex: "^([A-Z]{2}[0-9]+$"),
        RequiredAttribute(name: "streetAddress", type: "string", required: false, regex: nil),
        RequiredAttribute(name: "city", type: "string", required: true, regex: nil),
        RequiredAttribute(name: "postalCode", type: "string", required: true, regex: "^[0-9]{5}$"),
        RequiredAttribute(name: "country", type: "string", required: true, regex: nil),
    ]

    // MARK: Interactive stack

    public static let devicePrompt = DeviceCodePrompt(
        userCode: "BCDF-GHJK", verificationURI: "https://microsoft.com/devicelogin",
        expiresOn: start.addingTimeInterval(900), interval: 5)
    /// An authorization request as MSAL sends it: PKCE challenge, state and nonce make it long.
    public static let browserPrompt = BrowserPrompt(
        authorizationURL: "https://contoso.ciamlogin.com/0a1b2c3d-4e5f-6789-abcd-ef0123456789/oauth2/v2.0/authorize"
            + "?client_id=11111111-2222-3333-4444-555555555555&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A53117"
            + "&scope=openid%20profile%20offline_access&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
            + "&code_challenge_method=S256&state=af0ifjsldkj&nonce=n-0S6_WzA2Mj&prompt=select_account",
        redirectURI: "http://localhost:53117", browserOpened: false)
    /// India Standard Time: a fixed zone half an hour off any whole-hour one, so local time is visibly applied.
    public static let kolkata = TimeZone(secondsFromGMT: 5 * 3600 + 1800) ?? .current

    /// Waiting for the device-code sign-in, reached through the reducer, `elapsed` seconds after the code came.
    public static func deviceCode(elapsed: TimeInterval, status: DeviceCodeProgress? = nil) -> FlowState {
        var state = FlowState(settings: settings)
        _ = state.reduce(.menuChosen(.deviceCodeSignIn))
        _ = state.reduce(.deviceCodeIssued(.success(devicePrompt)))
        _ = state.reduce(.tick(start.addingTimeInterval(elapsed)))
        if let status { _ = state.reduce(.deviceCodeProgress(status)) }
        return state
    }

    public static func browserWait() -> FlowState {
        var state = FlowState(settings: settings)
        _ = state.reduce(.menuChosen(.browserSignIn))
        _ = state.reduce(.browserSignInStarted(.success(browserPrompt)))
        return state
    }

    /// Restored at start-up from a token cache file that holds two accounts, shown in IST.
    /// The restored account signed out from its account screen, one other account left in the cache.
    public static func signedOut() -> FlowState {
        var state = restored()
        _ = state.reduce(.menuChosen(.account))
        _ = state.reduce(.signOutRequested)
        _ = state.reduce(.signedOut(.success(SignOutSummary(
            username: "ada@contoso.example",
            endSessionURL: "https://contoso.ciamlogin.com/0a1b2c3d-4e5f-6789-abcd-ef0123456789/oauth2/v2.0/logout"
                + "?post_logout_redirect_uri=http%3A%2F%2Flocalhost",
            remainingAccounts: 1, tokenStore: "/home/ada/.config/tophhie/tokens.json"))))
        return state
    }

    public static func restored() -> FlowState {
        var cached = account
        cached.cachedAccountCount = 2
        cached.tokenStore = "/home/ada/.local/state/tophhie/msal_token_cache.json"
        var state = FlowState(settings: FlowSettings(timeZone: kolkata))
        _ = state.reduce(.tick(start.addingTimeInterval(60)))
        _ = state.reduce(.accountRestored(cached))
        return state
    }

    public static func home(signedIn: Bool) -> FlowState {
        FlowState(settings: settings, signedIn: signedIn ? account : nil)
    }

    public static func signIn() -> FlowState {
        FlowState(settings: settings, step: .signInStart(SignInForm()), origin: nil)
    }

    public static func signUp(_ settings: FlowSettings = settings) -> FlowState {
        FlowState(settings: settings, step: .signUpStart(SignUpForm(settings: settings)))
    }

    public static func codeEntry(_ purpose: CodePurpose = .signUp, delivery: CodeDelivery = delivery) -> FlowState {
        FlowState(settings: settings, step: .codeEntry(CodeEntry(purpose: purpose, delivery: delivery)))
    }

    public static func newPassword(_ purpose: PasswordPurpose = .resetPassword) -> FlowState {
        FlowState(settings: settings, step: .newPassword(NewPasswordForm(purpose: purpose)))
    }

    public static func attributes() -> FlowState {
        FlowState(settings: settings, step: .attributes(AttributeForm(twelveAttributes)))
    }

    public static func mfaPicker() -> FlowState {
        FlowState(settings: settings, step: .methodPicker(MethodPicker(purpose: .mfa, methods: [emailMethod, smsMethod])))
    }

    public static func registrationPicker() -> FlowState {
        FlowState(settings: settings, step: .methodPicker(MethodPicker(purpose: .registration, methods: [registerEmail, registerSMS])))
    }

    public static func phoneContact() -> FlowState {
        FlowState(settings: settings, step: .contactEntry(ContactEntry(
            method: registerSMS, availableMethods: [registerEmail, registerSMS], countryCode: "44")))
    }

    /// Field case 001 (docs/field-cases.md): the app sent `password redirect`; the server answered `challenge_type=redirect`.
    public static func webFallback() -> FlowState {
        let narrow = FlowSettings(challengeTypes: [.password, .redirect], capabilities: [])
        var state = FlowState(settings: narrow, step: .signInStart(SignInForm(email: "ada@contoso.example")),
                              pending: .signingIn)
        let reason = "The client does not support the challenge types required by the user flow."
        _ = state.reduce(.signInAdvanced(.failure(.browserRequired(reason: reason, details))))
        return state
    }
}
