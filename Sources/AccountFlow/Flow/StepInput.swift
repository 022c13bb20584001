import TophhieCloudAuthentication

/// What the user gives the live native-auth step in ``FlowEffect/submit(_:)``: the one submit every step
/// takes, so a new step that asks for a code, a password or attributes needs no new effect.
///
/// Codes and passwords are ``Secret``s; `description` also hides the contact and lists attributes by name only.
public enum StepInput: Sendable, Equatable, CustomStringConvertible {
    /// A one-time code (sign-up, sign-in, MFA or registration verification, password reset).
    case code(Secret)
    /// A new password (sign-up's `credential_required` step, the reset's new password).
    case password(Secret)
    /// Attribute values by API name (sign-up's `attributes_required` step).
    case attributes([String: String])
    /// The strong authentication method to register, by id, and its verification contact: an email or an
    /// E.164 number (docs/protocol.md §N3.7 step B).
    case contact(methodID: String, contact: String)
    /// Nothing typed, only "go on": the sign-in a finished sign-up or reset offers with its continuation token, or
    /// any step that asks the user to confirm and nothing more.
    case proceed

    public var description: String {
        switch self {
        case .code(let code): "code(\(code))"
        case .password(let password): "password(\(password))"
        case .attributes(let values): "attributes(\(values.keys.sorted()))"
        case .contact(let methodID, _): "contact(methodID: \(methodID), contact: \(Secret.marker))"
        case .proceed: "proceed"
        }
    }
}
