import Foundation
import TenantConfiguration

extension TenantPolicy {
    /// The policy that rehearses `snapshot` (``TenantRehearsal``): the inverse of ``configurationSnapshot``, so a
    /// snapshot of a policy, rehearsed and read back, gives the same snapshot.
    ///
    /// Taken: the first sign-up flow by name (its method, its page's attributes but `email`, in order, with their
    /// data type from `userFlowAttributes`), the applications (public client, redirect URIs, native auth), email OTP
    /// and SMS as MFA methods, and `mfa.required` when an enabled MFA policy covers all users and an app. The rest
    /// (password, code and token rules, password reset) keeps the emulator's defaults, with no users. What is left
    /// out is in `notes`, never silently dropped.
    /// - Throws: `PolicyError` when the result still fails the policy's checks.
    public static func rehearsal(of snapshot: TenantSnapshot) throws(PolicyError) -> TenantRehearsal {
        var notes: [String] = []
        for (part, why) in snapshot.partsNotRead { notes.append("\(part) was not read (\(why)); the emulator's default is used") }
        var policy = try TenantPreset.load(TenantPreset.defaultName)
        policy.tenant = Tenant(name: "rehearsal", id: guid(from: "tenant:" + String(decoding: snapshot.encoded(), as: UTF8.self)))
        policy.users = []
        policy.operators = []
        notes.append("not in a snapshot, so the emulator's defaults: password rules, one-time code rules, token lifetimes, "
                     + "password reset; no users")

        let flows = snapshot.signUpFlows.value ?? []
        let flow = flows.first
        for other in flows.dropFirst() { notes.append("sign-up flow '\(other.name)' not rehearsed: the emulator runs one flow ('\(flow?.name ?? "")')") }
        if flows.isEmpty, snapshot.signUpFlows.value != nil { notes.append("the tenant has no sign-up flow; the emulator's default form is used") }

        policy.clients = rehearsedClients(snapshot, notes: &notes)
        if let flow {
            policy.signUp = rehearsedSignUp(flow, definitions: snapshot.userFlowAttributes.value, notes: &notes)
            if let served = flow.applications.value, Set(served) != Set(policy.clients.map(\.clientID)) {
                notes.append("sign-up flow '\(flow.name)': the emulator's flow serves every registered app, not only \(served.count) of them")
            }
        }
        policy.mfa.methods = rehearsedMethods(snapshot, notes: &notes)
        policy.mfa.required = rehearsedMFARequired(snapshot, apps: policy.clients.map(\.clientID), notes: &notes)
        return TenantRehearsal(policy: policy, notes: notes)
    }

    private static func rehearsedClients(_ snapshot: TenantSnapshot, notes: inout [String]) -> [Client] {
        var clients: [Client] = []
        for app in snapshot.applications.value ?? [] {
            guard isGUID(app.appId) else {
                notes.append("app \(app.appId): not a GUID, left out")
                continue
            }
            let setting = snapshot.nativeAuthentication.value?[app.appId]
            var client = Client(clientID: app.appId.lowercased(), nativeAuth: setting.map { $0 == "all" } ?? true, publicClient: app.isFallbackPublicClient)
            client.redirectURIs = app.redirectUris.filter { RedirectURI($0) != nil }
            for uri in app.redirectUris where RedirectURI(uri) == nil { notes.append("app \(app.appId): redirect URI \(uri) is not one the emulator serves, left out") }
            clients.append(client)
        }
        if clients.isEmpty {
            let served = (snapshot.signUpFlows.value ?? []).flatMap { $0.applications.value ?? [] }.filter(isGUID)
            clients = Array(Set(served)).sorted().map { Client(clientID: $0.lowercased(), nativeAuth: true, publicClient: true) }
            if clients.isEmpty {
                clients = [Client(clientID: guid(from: "client"), nativeAuth: true, publicClient: true)]
                notes.append("no application in the snapshot: the emulator registers app \(clients[0].clientID)")
            }
        }
        return clients
    }

    private static func rehearsedSignUp(_ flow: SignUpFlow, definitions: [UserFlowAttribute]?, notes: inout [String]) -> SignUp {
        let subject = "sign-up flow '\(flow.name)'"
        let providers = Set(flow.identityProviders)
        var signUp = SignUp(method: providers.contains("EmailPassword-OAUTH") || !providers.contains("EmailOtpSignup-OAUTH") ? .emailPassword : .emailOtp,
                            attributes: [])
        signUp.flowName = flow.name
        if providers.isSuperset(of: ["EmailPassword-OAUTH", "EmailOtpSignup-OAUTH"]) {
            notes.append("\(subject): offers both email with password and email one-time passcode; the emulator rehearses email with password")
        }
        if !providers.contains("EmailPassword-OAUTH"), !providers.contains("EmailOtpSignup-OAUTH") {
            notes.append("\(subject): offers neither email with password nor email one-time passcode; the emulator rehearses email with password")
        }
        for provider in providers.subtracting(["EmailPassword-OAUTH", "EmailOtpSignup-OAUTH"]).sorted() {
            notes.append("\(subject): identity provider \(provider) not modelled (native authentication offers email only)")
        }
        if !flow.signUpAllowed { notes.append("\(subject): sign-up is not allowed in the tenant; the emulator still allows it") }
        for input in flow.attributes.sorted(by: { $0.order < $1.order }) where input.attribute != "email" {
            let name = input.attribute
            guard name.range(of: "^[A-Za-z][A-Za-z0-9_]{0,99}$", options: .regularExpression) != nil else {
                notes.append("\(subject): attribute \(name) has a name the emulator cannot send, left out")
                continue
            }
            let dataType = definitions?.first { $0.id == name }?.dataType ?? (input.inputType == "boolean" ? "boolean" : "string")
            let kind: AttributeKind
            switch dataType {
            case "boolean": kind = .boolean
            case "int64": kind = .int
            case "dateTime": kind = .dateTime
            case "string": kind = .string
            default:
                kind = .string
                notes.append("\(subject): \(name) has data type \(dataType); the emulator takes it as a string")
            }
            var regex = input.validationRegEx
            if let pattern = regex, (try? NSRegularExpression(pattern: pattern)) == nil {
                notes.append("\(subject): \(name)'s validation \(pattern) does not compile here, left out")
                regex = nil
            }
            var choices: [String]?
            switch input.inputType {
            case "radioSingleSelect", "checkboxSingleSelect":
                guard !input.options.isEmpty else { break }
                choices = input.options.map(\.value)
                // The emulator checks a regex before choices; one that allows anything (the portal's default) would hide them.
                if let pattern = regex, ["^.*", ".*", "^.*$"].contains(pattern) { regex = nil }
                if input.options.contains(where: { $0.label != $0.value }) {
                    notes.append("\(subject): \(name)'s options are checked by value; their labels are not shown")
                }
            case "text", "boolean": break
            default: notes.append("\(subject): \(name)'s input type \(input.inputType) is not modelled; the emulator asks for text")
            }
            if input.hidden || !input.editable || input.defaultValue != nil {
                notes.append("\(subject): \(name) is hidden, read-only or has a default value in the tenant; the emulator asks for it like any other")
            }
            signUp.attributes.append(Attribute(name: name, type: kind, required: input.required, regex: regex, label: input.label, choices: choices))
        }
        return signUp
    }

    private static func rehearsedMethods(_ snapshot: TenantSnapshot, notes: inout [String]) -> [MethodChannel] {
        var methods: [MethodChannel] = []
        if snapshot.emailOtp.value?.enabled ?? true { methods.append(.email) }
        if snapshot.sms.value?.enabled ?? true { methods.append(.sms) }
        if snapshot.emailOtp.value?.allowExternalIdToUseEmailOtp == "disabled" {
            notes.append("email OTP method: not allowed for external users in the tenant; the emulator does not model that switch")
        }
        for (name, setting) in [("email OTP", snapshot.emailOtp.value), ("SMS", snapshot.sms.value)] where setting.map({ $0.enabled && $0.includeTargets != ["all_users"] }) == true {
            notes.append("\(name) method: enabled for some groups only; the emulator enables it for everyone")
        }
        if methods.isEmpty {
            methods = [.email]
            notes.append("neither email OTP nor SMS is enabled; the emulator still offers email for MFA")
        }
        return methods
    }

    private static func rehearsedMFARequired(_ snapshot: TenantSnapshot, apps: [String], notes: inout [String]) -> Bool {
        var required = false
        for policy in snapshot.mfaPolicies.value ?? [] {
            let covers = apps.contains { policy.enforced(for: $0) }
            if covers, policy.includeUsers.contains("All"), policy.excludeUsers.isEmpty {
                required = true
                if policy.name != mfaPolicyName { notes.append("conditional access policy '\(policy.name)': rehearsed as MFA for every customer, under the name '\(mfaPolicyName)'") }
            } else {
                notes.append("conditional access policy '\(policy.name)' (\(policy.state)): the emulator models only MFA for all users, enabled; not rehearsed")
            }
        }
        return required
    }
}
