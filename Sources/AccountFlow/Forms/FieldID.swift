/// Names a field on any screen, so input events can say which field they belong to.
public enum FieldID: Sendable, Hashable {
    /// The email on the sign-in, sign-up and reset start screens.
    case email
    /// The password on sign-in and sign-up, or the new password.
    case password
    /// The password typed a second time.
    case confirmPassword
    /// The one-time code.
    case code
    /// The email address or phone number being registered as a strong authentication method.
    case contact
    /// The country calling code used for national phone numbers (digits, no `+`).
    case countryCode
    /// The user whose sign-in history is read: a user principal name or object id.
    case historyUser
    /// A tenant attribute or a Graph profile property, by its API name (`displayName`, `extension_<appid>_loyaltyNumber`).
    case attribute(String)
}
