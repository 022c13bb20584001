import Localization
/// The request in flight, for the "working…" indicator. Esc cancels it (``FlowEffect/cancelRequest``).
public enum PendingRequest: Sendable, Equatable {
    /// ``FlowEffect/startSignUp(email:password:attributes:)``.
    case signingUp
    /// ``FlowEffect/startSignIn(email:password:)``, or the sign-in after sign-up or reset.
    case signingIn
    /// A code submitted on the code-entry screen, whatever its purpose.
    case checkingCode
    /// A password for sign-up's `credential_required` step (``FlowEffect/submit(_:)``).
    case sendingPassword
    /// Attributes for sign-up's `attributes_required` step (``FlowEffect/submit(_:)``).
    case sendingAttributes
    /// ``FlowEffect/pickMethod(id:)``.
    case requestingCode
    /// A method and its contact to register (``FlowEffect/submit(_:)``).
    case registeringMethod
    /// ``FlowEffect/resendCode``.
    case resendingCode
    /// ``FlowEffect/startPasswordReset(email:)``.
    case startingReset
    /// The reset's new password (``FlowEffect/submit(_:)``), including its completion polls.
    case changingPassword
    /// ``FlowEffect/refreshTokens``.
    case refreshingTokens
    /// ``FlowEffect/startDeviceCodeSignIn``, until the code is issued.
    case startingDeviceCodeSignIn
    /// ``FlowEffect/startDeviceCodeSignIn``, once the code is shown: the user signs in elsewhere.
    case waitingForDeviceCode
    /// ``FlowEffect/startBrowserSignIn``, until the listener is up and the browser asked to open.
    case startingBrowserSignIn
    /// ``FlowEffect/startBrowserSignIn``, once the address is shown: the user signs in in the browser.
    case waitingForBrowser
    /// ``FlowEffect/signOut``.
    case signingOut
    /// ``FlowEffect/switchAccount``.
    case switchingAccount
    /// ``FlowEffect/loadProfile``.
    case readingProfile
    /// ``FlowEffect/saveProfile(_:)``, including the read after it.
    case savingProfile
    /// ``FlowEffect/loadHistory(user:top:)`` or ``FlowEffect/loadMoreHistory``, including throttling waits.
    case readingSignIns
    /// ``FlowEffect/loadTenant``.
    case readingTenant
    /// ``FlowEffect/saveTenant``.
    case savingTenant

    /// A browser or device-code sign-in, from its start to its end: cancelling it returns home.
    public var isInteractiveSignIn: Bool {
        switch self {
        case .startingDeviceCodeSignIn, .waitingForDeviceCode, .startingBrowserSignIn, .waitingForBrowser: true
        case .signingUp, .signingIn, .checkingCode, .sendingPassword, .sendingAttributes, .requestingCode,
             .registeringMethod, .resendingCode, .startingReset, .changingPassword, .refreshingTokens, .signingOut,
             .switchingAccount, .readingProfile, .savingProfile, .readingSignIns, .readingTenant, .savingTenant: false
        }
    }

    /// "Working" text for the status line.
    public var label: String {
        switch self {
        case .signingUp: tr("working.signingUp")
        case .signingIn: tr("working.signingIn")
        case .checkingCode: tr("working.checkingCode")
        case .sendingPassword: tr("working.sendingPassword")
        case .sendingAttributes: tr("working.sendingAttributes")
        case .requestingCode: tr("working.requestingCode")
        case .registeringMethod: tr("working.registeringMethod")
        case .resendingCode: tr("working.resendingCode")
        case .startingReset: tr("working.startingReset")
        case .changingPassword: tr("working.changingPassword")
        case .refreshingTokens: tr("working.refreshingTokens")
        case .startingDeviceCodeSignIn: tr("working.startingDeviceCodeSignIn")
        case .waitingForDeviceCode: tr("working.waitingForDeviceCode")
        case .startingBrowserSignIn: tr("working.startingBrowserSignIn")
        case .waitingForBrowser: tr("working.waitingForBrowser")
        case .signingOut: tr("working.signingOut")
        case .switchingAccount: tr("working.switchingAccount")
        case .readingProfile: tr("working.readingProfile")
        case .savingProfile: tr("working.savingProfile")
        case .readingSignIns: tr("working.readingSignIns")
        case .readingTenant: tr("working.readingTenant")
        case .savingTenant: tr("working.savingTenant")
        }
    }
}
