/// AADSTS numbers (`error_codes[0]`) that clients and the emulator branch on.
///
/// Clients switch on `error` / `suberror` first and only on the few codes MSAL checks.
/// Source: native-auth API reference §7.3.
public enum AADSTSCode {
    public static let userNotFound = 50034
    public static let invalidCredentials = 50126
    public static let userHasNoPassword = 500222
    public static let invalidRequestParameter = 90100
    public static let passwordChangeRequired = 50142
    public static let mfaRequired = 50076
    public static let registrationRequired = 50079
    public static let invalidAuthenticationType = 400002
    public static let invalidVerificationContact = 901001
    public static let methodBlocked = 550024
    public static let credentialRequired = 55103
    public static let attributesRequired = 55106
    public static let attributeValidationFailed = 55107
    public static let verificationRequired = 55108
    public static let userAlreadyExists = 1003037
    public static let passwordTooWeak = 399246
    public static let continuationTokenExpired = 552003
    public static let expiredToken = 55112
    public static let continuationTokenInvalid = 55200
    public static let invalidOOBValue = 50181
    public static let challengeTypeLacksRedirect = 901007
    public static let nativeAuthDisabled = 550021
    public static let confidentialClient = 550022
    public static let introspectRequired = 550025
    public static let unauthorizedClient = 700016
    public static let refreshTokenExpired = 700082
    public static let domainMismatch = 500210
}
