import TenantEmulator

/// A policy setting the operator flips from the emulator panel: each toggle reads its state from the policy
/// and says how to flip it (a `PATCH /emulator/v1/tenant` body). Scenarios set values instead (``PolicyKnob``).
enum PolicyToggle: Equatable {
    /// `mfa.required`: password sign-ins need a second factor.
    case mfa
    /// `passwordReset.enabled`: self-service password reset.
    case passwordReset
    /// `signUp.method`: email with password, or email one-time code.
    case signUpMethod
    /// `signUp.attributes[name].required`.
    case attributeRequired(String)

    /// Every knob of `policy`, in the panel's order.
    static func all(in policy: TenantPolicy) -> [PolicyToggle] {
        [.mfa, .passwordReset, .signUpMethod] + policy.signUp.attributes.map { .attributeRequired($0.name) }
    }

    /// The knob's line-mode name (`mfa`, `sspr`, `signup`, `attr:city`).
    var name: String {
        switch self {
        case .mfa: "mfa"
        case .passwordReset: "sspr"
        case .signUpMethod: "signup"
        case .attributeRequired(let attribute): "attr:\(attribute)"
        }
    }

    /// `MFA required: on`, as the panel and line mode show it.
    func describe(in policy: TenantPolicy) -> String {
        switch self {
        case .mfa: "MFA required: \(policy.mfa.required ? "on" : "off")"
        case .passwordReset: "Self-service password reset (SSPR): \(policy.passwordReset.enabled ? "on" : "off")"
        case .signUpMethod: "Sign-up method: \(policy.signUp.method == .emailPassword ? "email with password" : "email one-time code")"
        case .attributeRequired(let attribute):
            "Attribute \(attribute) at sign-up: \(isRequired(attribute, in: policy) ? "required" : "optional")"
        }
    }

    /// The body that flips this knob.
    func flipped(in policy: TenantPolicy) -> [String: Any] {
        switch self {
        case .mfa: ["mfa": ["required": !policy.mfa.required]]
        case .passwordReset: ["passwordReset": ["enabled": !policy.passwordReset.enabled]]
        case .signUpMethod:
            ["signUp": ["method": (policy.signUp.method == .emailPassword ? TenantPolicy.SignUpMethod.emailOtp : .emailPassword).rawValue]]
        case .attributeRequired(let attribute):
            ["signUp": ["attributes": [["name": attribute, "required": !isRequired(attribute, in: policy)]]]]
        }
    }

    private func isRequired(_ attribute: String, in policy: TenantPolicy) -> Bool {
        policy.signUp.attributes.first { $0.name == attribute }?.required ?? false
    }
}
