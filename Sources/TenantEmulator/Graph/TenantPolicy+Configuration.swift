import Foundation
import TenantConfiguration

/// The policy the emulator runs, as Graph would describe the tenant: what `GET /v1.0/identity/authenticationEventsFlows`
/// and the other configuration reads answer, so `tophhie tenant snapshot` against the emulator returns this.
///
/// One sign-up flow (`signUp.flowName`) offering `EmailPassword-OAUTH` or `EmailOtpSignup-OAUTH` and serving every
/// client; its page collects `email` (hidden, as Entra's flows do), then `signUp.attributes` in order (`choices` as a
/// `radioSingleSelect`, a boolean as `boolean`, else `text`). Email OTP is enabled when it signs customers up or is an
/// MFA method, SMS when it is an MFA method. `mfa.required` is one enabled conditional access policy requiring MFA
/// for all users and apps. Source: docs/tenant-snapshot.md (the emulator's Graph).
extension TenantPolicy {
    /// The name of the conditional access policy standing for `mfa.required`.
    static let mfaPolicyName = "Require MFA for customers"

    /// The snapshot of this policy (every part read).
    public var configurationSnapshot: TenantSnapshot {
        let appIds = clients.map(\.clientID).sorted()
        let flow = SignUpFlow(name: signUp.flowName, description: nil,
                              identityProviders: [signUp.method == .emailOtp ? "EmailOtpSignup-OAUTH" : "EmailPassword-OAUTH"],
                              signUpAllowed: true, applications: .read(appIds), attributes: collectedAttributes)
        let targets = ["all_users"]
        let emailEnabled = signUp.method == .emailOtp || mfa.methods.contains(.email)
        return TenantSnapshot(
            signUpFlows: .read([flow]), userFlowAttributes: .read(attributeDefinitions),
            emailOtp: .read(MethodSetting(state: emailEnabled ? "enabled" : "disabled", allowExternalIdToUseEmailOtp: "enabled",
                                          includeTargets: targets)),
            sms: .read(MethodSetting(state: mfa.methods.contains(.sms) ? "enabled" : "disabled", includeTargets: targets)),
            applications: .read(clients.map { client in
                AppRegistration(appId: client.clientID, isFallbackPublicClient: client.publicClient,
                                redirectUris: Array(Set(client.redirectURIs)).sorted())
            }.sorted { $0.appId < $1.appId }),
            nativeAuthentication: .read(Dictionary(clients.map { ($0.clientID, $0.nativeAuth ? "all" : "none") },
                                                   uniquingKeysWith: { first, _ in first })),
            mfaPolicies: .read(mfa.required ? [MFAPolicy(name: Self.mfaPolicyName, state: "enabled", includeApplications: ["All"],
                                                         excludeApplications: [], includeUsers: ["All"], excludeUsers: [])] : []))
    }

    /// The attribute collection page: `email` first, then `signUp.attributes`.
    private var collectedAttributes: [CollectedAttribute] {
        var inputs = [CollectedAttribute(attribute: "email", order: 1, label: "Email Address", inputType: "text", required: true,
                                         validationRegEx: nil, options: [], hidden: true, editable: false, defaultValue: nil)]
        for attribute in signUp.attributes {
            let choices = attribute.choices ?? []
            let inputType = !choices.isEmpty ? "radioSingleSelect" : attribute.type == .boolean ? "boolean" : "text"
            inputs.append(CollectedAttribute(attribute: attribute.name, order: inputs.count + 1, label: attribute.label, inputType: inputType,
                                             required: attribute.required, validationRegEx: attribute.regex.flatMap { $0.isEmpty ? nil : $0 },
                                             options: choices.map { AttributeOption(label: $0, value: $0) },
                                             hidden: false, editable: true, defaultValue: nil))
        }
        return inputs
    }

    /// The definitions of the collected attributes, sorted by id.
    private var attributeDefinitions: [UserFlowAttribute] {
        var definitions = [UserFlowAttribute(id: "email", displayName: "Email Address", kind: "builtIn", dataType: "string", description: nil)]
        for attribute in signUp.attributes {
            let dataType = switch attribute.type {
            case .string: "string"
            case .boolean: "boolean"
            case .int: "int64"
            case .dateTime: "dateTime"
            }
            definitions.append(UserFlowAttribute(id: attribute.name, displayName: attribute.label,
                                                 kind: attribute.name.hasPrefix("extension_") ? "custom" : "builtIn",
                                                 dataType: dataType, description: nil))
        }
        return definitions.sorted { $0.id < $1.id }
    }

    /// The Graph id of the sign-up flow: a GUID derived from the tenant and the flow's name, the same on every read.
    var signUpFlowID: String { Self.guid(from: "flow:\(tenant.id):\(signUp.flowName)") }

    /// The Graph id of the MFA conditional access policy.
    var mfaPolicyID: String { Self.guid(from: "mfa:\(tenant.id)") }

    static func guid(from text: String) -> String {
        let hex = Array(SHA256Digest.hex(text).prefix(32))
        let parts = [hex[0..<8], hex[8..<12], hex[12..<16], hex[16..<20], hex[20..<32]].map { String($0) }
        return parts.joined(separator: "-")
    }
}
