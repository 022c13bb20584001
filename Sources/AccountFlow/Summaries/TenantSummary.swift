import Localization
import TophhieCloudAuthentication

/// A tenant snapshot as the operator screen shows it: one line per sign-up flow, collected attribute, method,
/// app and MFA policy, and each part that was not read with why. Built from `TenantSnapshot`
/// (docs/tenant-snapshot.md); never a token.
public struct TenantSummary: Sendable, Equatable {
    /// `Customers: email with password; 3 apps` per flow.
    public var flows: [String]
    /// `Customers #2 city (text, required)` per collected attribute but the hidden email.
    public var attributes: [String]
    /// `Email OTP: enabled`, `SMS: disabled`.
    public var methods: [String]
    /// `8c3e2b91-…: public client, native auth all, 1 redirect URI` per app.
    public var applications: [String]
    /// `Require MFA for customers: enabled, apps All` per MFA policy.
    public var mfaPolicies: [String]
    /// `mfaPolicies: HTTP 403 …` per part not read.
    public var notRead: [String]

    public init(flows: [String], attributes: [String], methods: [String], applications: [String], mfaPolicies: [String],
                notRead: [String]) {
        self.flows = flows
        self.attributes = attributes
        self.methods = methods
        self.applications = applications
        self.mfaPolicies = mfaPolicies
        self.notRead = notRead
    }

    /// The summary of `snapshot`.
    public init(_ snapshot: TenantSnapshot) {
        let providerNames = ["EmailPassword-OAUTH": tr("tenant.provider.emailPassword"), "EmailOtpSignup-OAUTH": tr("tenant.provider.emailOtp")]
        let flows = snapshot.signUpFlows.value ?? []
        self.flows = flows.map { flow in
            let providers = flow.identityProviders.map { providerNames[$0] ?? $0 }.joined(separator: ", ")
            let apps = flow.applications.value.map { tr("tenant.flowApps", ["count": $0.count]) } ?? tr("tenant.flowAppsNotRead")
            return tr("tenant.flowLine", ["flow": flow.name, "providers": providers.isEmpty ? tr("tenant.noIdentityProvider") : providers,
                                          "apps": apps])
                + (flow.signUpAllowed ? "" : tr("tenant.signUpNotAllowed"))
        }
        attributes = flows.flatMap { flow in
            flow.attributes.filter { !$0.hidden }.map { input in
                let line = ["flow": flow.name, "order": String(input.order), "attribute": input.attribute, "type": input.inputType]
                return input.required ? tr("tenant.attributeLine.required", line) : tr("tenant.attributeLine", line)
            }
        }
        methods = [(tr("tenant.method.emailOtp"), snapshot.emailOtp), (tr("tenant.method.sms"), snapshot.sms)].compactMap { name, part in
            part.value.map { "\(name): \($0.state)" }
        }
        applications = (snapshot.applications.value ?? []).map { app in
            var traits = [app.isFallbackPublicClient ? tr("tenant.publicClient") : tr("tenant.confidentialClient")]
            if let native = snapshot.nativeAuthentication.value?[app.appId] { traits.append(tr("tenant.nativeAuth", ["value": native])) }
            traits.append(tr("tenant.redirectURIs", ["count": app.redirectUris.count]))
            return "\(app.appId): " + traits.joined(separator: ", ")
        }
        mfaPolicies = (snapshot.mfaPolicies.value ?? []).map {
            tr("tenant.mfaPolicyLine", ["name": $0.name, "state": $0.state, "apps": $0.includeApplications.joined(separator: " ")])
        }
        notRead = snapshot.partsNotRead.map { "\($0.part): \($0.why)" }
    }
}
