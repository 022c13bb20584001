import Localization
import TophhieCloudAuthentication

// The framework's sentences stay English for app developers (`errorDescription`); the person at the screen reads the
// catalogue's, chosen by the typed error. What the transport or the framework saw (the host, curl's reason, the
// token cache's path) goes in as it was sent: it is for the operator, and a translation would lose it.

extension AuthError {
    /// The catalogue's sentence for a browser or device-code sign-in, sign-out or account switch that failed.
    var screenMessage: String {
        switch self {
        case .notConfigured: tr("error.invalidConfiguration")
        case .invalidConfiguration(let detail): tr("interactive.invalidConfiguration", ["detail": detail])
        case .noAccount: tr("interactive.noAccount")
        case .interactionRequired: tr("error.refreshTokenExpired")
        case .mfaRequired: tr("error.mfaRequiredForRefresh")
        case .consentRequired: tr("interactive.consentRequired")
        case .deviceCodeExpired: tr("interactive.deviceCodeExpired")
        case .authorizationDeclined: tr("interactive.declined")
        case .cancelled: tr("interactive.cancelled")
        case .signedOutElsewhere: tr("interactive.signedOutElsewhere")
        case .serviceUnavailable(_, let seconds?): tr("interactive.unavailable.wait", ["seconds": seconds])
        case .serviceUnavailable(_, nil): tr("interactive.unavailable")
        case .server: tr("error.serverRefused")
        case .networkFailure(let detail): tr("failure.network", ["detail": detail])
        case .unexpectedResponse(let detail): tr("interactive.unexpectedResponse", ["detail": detail])
        case .tokenCache(let detail): tr("interactive.tokenCache", ["detail": detail])
        }
    }
}
