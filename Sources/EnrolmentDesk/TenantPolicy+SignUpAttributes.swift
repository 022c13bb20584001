import TenantEmulator
import TophhieCloudAuthentication

extension TenantPolicy {
    /// The user flow's sign-up attributes, required and optional, each with its type, pattern (a choice list
    /// as its regex) and label, as the embedded console's sign-up screen and `tophhie enrol` read them.
    package var signUpRequiredAttributes: [RequiredAttribute] {
        signUp.attributes.map {
            RequiredAttribute(name: $0.name, type: $0.type.rawValue, required: $0.required, regex: $0.effectiveRegex,
                              label: $0.label == $0.name ? nil : $0.label)
        }
    }
}
