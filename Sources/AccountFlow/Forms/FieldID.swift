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

/// The field's key on a form (the terminal front names fields by string): a fixed field by its case name, an
/// attribute as `attribute:<API name>`.
extension FieldID: RawRepresentable {
    public init?(rawValue: String) {
        if rawValue.hasPrefix(Self.attributePrefix) {
            self = .attribute(String(rawValue.dropFirst(Self.attributePrefix.count)))
        } else if let fixed = Self.fixed.first(where: { $0.rawValue == rawValue }) {
            self = fixed
        } else {
            return nil
        }
    }

    public var rawValue: String {
        switch self {
        case .email: "email"
        case .password: "password"
        case .confirmPassword: "confirmPassword"
        case .code: "code"
        case .contact: "contact"
        case .countryCode: "countryCode"
        case .historyUser: "historyUser"
        case .attribute(let name): Self.attributePrefix + name
        }
    }

    private static let attributePrefix = "attribute:"
    /// Every case without a payload.
    private static let fixed: [FieldID] = [.email, .password, .confirmPassword, .code, .contact, .countryCode, .historyUser]
}
