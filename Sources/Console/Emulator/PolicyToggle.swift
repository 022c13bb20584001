import TenantEmulator

/// A two-valued policy setting the operator flips from the emulator panel: its row's name and words, and the
/// ``PolicyPatch`` that flips it (scenarios and the control API set the same patch's keys).
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

    /// The patch that flips this knob.
    func flipped(in policy: TenantPolicy) -> PolicyPatch {
        var patch = PolicyPatch()
        switch self {
        case .mfa: patch.set(\.mfa.required, !policy.mfa.required)
        case .passwordReset: patch.set(\.passwordReset.enabled, !policy.passwordReset.enabled)
        case .signUpMethod: patch.set(\.signUp.method, policy.signUp.method == .emailPassword ? .emailOtp : .emailPassword)
        case .attributeRequired(let attribute):
            patch.attributes = [PolicyPatch.AttributeChange(name: attribute, required: !isRequired(attribute, in: policy))]
        }
        return patch
    }

    private func isRequired(_ attribute: String, in policy: TenantPolicy) -> Bool {
        policy.signUp.attributes.first { $0.name == attribute }?.required ?? false
    }
}
