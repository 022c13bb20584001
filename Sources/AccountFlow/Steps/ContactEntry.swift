import TophhieCloudAuthentication

/// Contact entry for registering a strong authentication method: an email, or a phone number that is
/// normalised to E.164 before it is sent.
public struct ContactEntry: Sendable, Equatable {
    /// The picked method: its `id` is sent, its channel decides between email and phone entry.
    public var method: AuthMethod
    /// Every method the tenant offered, so "back" returns to the picker.
    public var availableMethods: [AuthMethod]
    /// As typed; sent trimmed (email) or in E.164 (phone). Checked when left and on submit.
    public var contact: String
    /// Country calling code (digits) for national phone numbers.
    public var countryCode: String
    /// Shown on the contact field: a local check failed, or the server refused or blocked the contact.
    public var contactError: String?

    /// An empty entry by default; `countryCode` is digits without `+`, empty for none.
    public init(method: AuthMethod, availableMethods: [AuthMethod], contact: String = "", countryCode: String = "",
                contactError: String? = nil) {
        self.method = method
        self.availableMethods = availableMethods
        self.contact = contact
        self.countryCode = countryCode
        self.contactError = contactError
    }

    /// Whether the contact is a phone number (SMS or voice), normalised to E.164 before it is sent.
    public var isPhone: Bool { method.channel == .sms || method.channel == .voice }
}
