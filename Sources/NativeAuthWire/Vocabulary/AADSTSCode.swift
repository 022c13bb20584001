/// AADSTS numbers (`error_codes[0]`) that clients and the emulator branch on.
///
/// Clients switch on `error` / `suberror` first and only on the few codes MSAL checks.
/// Source: docs/protocol.md §N7.3.
public enum AADSTSCode {
    /// User account does not exist, on `/token` (`invalid_grant`). Source: docs/protocol.md §N3.5, §N7.3.
    public static let userNotFound = 50034
    /// Invalid username or password; the password can be retried with the same token. Source: docs/protocol.md §N3.5, §N7.3.
    public static let invalidCredentials = 50126
    /// The user has no password (`invalid_request` on reset start): an email-OTP account. Source: docs/protocol.md §N5.1, §N7.3.
    public static let userHasNoPassword = 500222
    /// Invalid request parameter; MSAL tells username from client_id by the description text. Source: docs/protocol.md §N4.1, §N7.3.
    public static let invalidRequestParameter = 90100
    /// Conditional Access requires a password change before signing in. Source: docs/protocol.md §N3.5, §N6, §N7.3.
    public static let passwordChangeRequired = 50142
    /// MFA became required, on a refresh: cannot be satisfied silently. Source: docs/protocol.md §N6, §N7.3.
    public static let mfaRequired = 50076
    /// Not in docs/protocol.md: the number the emulator sends with suberror `registration_required`.
    public static let registrationRequired = 50079
    /// Invalid authentication type, e.g. a password grant for an email-OTP user (MSAL Android). Source: docs/protocol.md §N3.5, §N7.3.
    public static let invalidAuthenticationType = 400002
    /// "Cannot generate more one time passcodes": the service will not send another code to this address for a
    /// while (challenge and resend, every flow); `invalid_request`, no suberror. Seen in the native-auth SDKs'
    /// end-to-end suites; not in docs/protocol.md.
    public static let cannotGenerateMoreCodes = 701014
    /// Invalid verification contact on `/register/v1.0/challenge` (e.g. `+123`). Source: docs/protocol.md §N3.7 step B, §N7.3.
    public static let invalidVerificationContact = 901001
    /// Method blocked as risky (SMS), with `access_denied` + `provider_blocked_by_rep`. Source: docs/protocol.md §N3.6, §N3.7, §N7.3.
    public static let methodBlocked = 550024
    /// `credential_required`: the sign-up needs a password. Source: docs/protocol.md §N4.3, §N7.3.
    public static let credentialRequired = 55103
    /// `attributes_required`: the sign-up needs attributes. Source: docs/protocol.md §N4.3, §N7.3.
    public static let attributesRequired = 55106
    /// Not in docs/protocol.md: the number the emulator sends with `attribute_validation_failed`.
    public static let attributeValidationFailed = 55107
    /// Not in docs/protocol.md: the number the emulator sends with `verification_required`.
    public static let verificationRequired = 55108
    /// `user_already_exists` on sign-up. Source: docs/protocol.md §N4.1, §N7.3.
    public static let userAlreadyExists = 1003037
    /// `password_too_weak`. Source: docs/protocol.md §N4.1, §N7.3.
    public static let passwordTooWeak = 399246
    /// Continuation token expired, as the documentation numbers it. Source: docs/protocol.md §N7.3.
    public static let continuationTokenExpired = 552003
    /// `expired_token` as the documented exchanges carry it (fixtures `signup-continue-expired-token`,
    /// `signin-challenge-expired-token`, after MSAL's mock), and as the emulator sends it; the
    /// reference's table numbers it 552003 (``continuationTokenExpired``).
    public static let expiredToken = 55112
    /// Continuation token invalid (the mock API used 55000). Source: docs/protocol.md §N7.3.
    public static let continuationTokenInvalid = 55200
    /// Not in docs/protocol.md: the number the emulator sends with `invalid_oob_value`.
    public static let invalidOOBValue = 50181
    /// `challenge_type` lacks `redirect` (the documentation reuses the number in unrelated examples). Source: docs/protocol.md §N7.3.
    public static let challengeTypeLacksRedirect = 901007
    /// Not in docs/protocol.md: the number the emulator sends with `nativeauthapi_disabled`.
    public static let nativeAuthDisabled = 550021
    /// Confidential client not supported by native auth (`invalid_client`). Source: docs/protocol.md §N7.3, issue objc#2654.
    public static let confidentialClient = 550022
    /// Not in docs/protocol.md: the number the emulator sends with `introspect_required` (legacy MFA).
    public static let introspectRequired = 550025
    /// Not in docs/protocol.md: the number the emulator sends with `unauthorized_client`.
    public static let unauthorizedClient = 700016
    /// Not in docs/protocol.md: the number the emulator sends for an expired refresh token; the
    /// validator reads it as `expiredToken` only for `grant_type=refresh_token`.
    public static let refreshTokenExpired = 700082
}
