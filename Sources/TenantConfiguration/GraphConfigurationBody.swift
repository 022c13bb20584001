import Foundation

/// Writes snapshot values as the Graph answers of each ``GraphConfigurationRead``, in the documented shapes that
/// ``GraphConfigurationAnswer`` reads: the emulator serves its policy through these, so a snapshot of the emulator
/// goes through the same reader as one of a tenant.
public enum GraphConfigurationBody {
    /// The identity providers' Graph objects (`builtInIdentityProvider`) by id.
    static let providers: [String: (name: String, type: String)] = [
        "EmailPassword-OAUTH": ("Email with password", "EmailPassword"),
        "EmailOtpSignup-OAUTH": ("Email one-time passcode", "EmailOTP"),
    ]

    /// `GET /identity/authenticationEventsFlows`: `flows` with their ids; `definitions` gives each collected
    /// attribute's `identityUserFlowAttribute` (listed under `onAttributeCollection.attributes`).
    public static func signUpFlows(_ flows: [(id: String, flow: SignUpFlow)], definitions: [UserFlowAttribute]) -> [String: Any] {
        ["value": flows.map { id, flow in signUpFlow(id: id, flow, definitions: definitions) }]
    }

    private static func signUpFlow(id: String, _ flow: SignUpFlow, definitions: [UserFlowAttribute]) -> [String: Any] {
        let inputs: [[String: Any]] = flow.attributes.map { input in
            ["attribute": input.attribute, "label": input.label, "inputType": input.inputType,
             "defaultValue": input.defaultValue ?? NSNull(), "hidden": input.hidden, "editable": input.editable,
             "writeToDirectory": true, "required": input.required, "validationRegEx": input.validationRegEx ?? NSNull(),
             "options": input.options.map { ["label": $0.label, "value": $0.value] }]
        }
        let attributes = flow.attributes.compactMap { input in definitions.first { $0.id == input.attribute }.map(userFlowAttribute) }
        let identityProviders: [[String: Any]] = flow.identityProviders.map { id in
            let known = providers[id]
            return ["@odata.type": "#microsoft.graph.builtInIdentityProvider", "id": id, "displayName": known?.name ?? id,
                    "identityProviderType": known?.type ?? id, "state": NSNull()]
        }
        return [
            "@odata.type": GraphConfigurationAnswer.signUpFlowType, "id": id, "displayName": flow.name,
            "description": flow.description ?? NSNull(), "priority": 50,
            "conditions": ["applications": ["includeAllApplications": false, "includeApplications": [Any]()]],
            "onInteractiveAuthFlowStart": ["@odata.type": "#microsoft.graph.onInteractiveAuthFlowStartExternalUsersSelfServiceSignUp",
                                           "isSignUpAllowed": flow.signUpAllowed],
            "onAuthenticationMethodLoadStart": ["@odata.type": "#microsoft.graph.onAuthenticationMethodLoadStartExternalUsersSelfServiceSignUp",
                                                "identityProviders": identityProviders],
            "onAttributeCollection": ["@odata.type": "#microsoft.graph.onAttributeCollectionExternalUsersSelfServiceSignUp",
                                      "attributeCollectionPage": ["customStringsFileId": NSNull(),
                                                                  "views": [["title": NSNull(), "description": NSNull(), "inputs": inputs]]],
                                      "attributes": attributes],
            "onUserCreateStart": ["@odata.type": "#microsoft.graph.onUserCreateStartExternalUsersSelfServiceSignUp", "userTypeToCreate": "member"],
        ]
    }

    /// `GET …/conditions/applications/includeApplications`.
    public static func appIDs(_ ids: [String]) -> [String: Any] {
        ["value": ids.map { ["appId": $0] }]
    }

    /// `GET /identity/userFlowAttributes`.
    public static func userFlowAttributes(_ attributes: [UserFlowAttribute]) -> [String: Any] {
        ["value": attributes.map(userFlowAttribute)]
    }

    private static func userFlowAttribute(_ attribute: UserFlowAttribute) -> [String: Any] {
        ["id": attribute.id, "displayName": attribute.displayName, "description": attribute.description ?? NSNull(),
         "userFlowAttributeType": attribute.kind, "dataType": attribute.dataType]
    }

    /// `GET …/authenticationMethodConfigurations/email` (`email: true`) or `/sms`.
    public static func method(_ setting: MethodSetting, email: Bool) -> [String: Any] {
        var body: [String: Any] = [
            "@odata.type": email ? "#microsoft.graph.emailAuthenticationMethodConfiguration" : "#microsoft.graph.smsAuthenticationMethodConfiguration",
            "id": email ? "Email" : "Sms", "state": setting.state,
            "includeTargets": setting.includeTargets.map { ["targetType": "group", "id": $0] },
        ]
        if email { body["allowExternalIdToUseEmailOtp"] = setting.allowExternalIdToUseEmailOtp ?? "default" }
        return body
    }

    /// `GET /applications?$select=appId,isFallbackPublicClient,publicClient,spa,web`: every URI as a public client's.
    public static func applications(_ apps: [AppRegistration]) -> [String: Any] {
        ["value": apps.map { app -> [String: Any] in
            ["appId": app.appId, "isFallbackPublicClient": app.isFallbackPublicClient, "publicClient": ["redirectUris": app.redirectUris],
             "spa": ["redirectUris": [String]()], "web": ["redirectUris": [String]()]]
        }]
    }

    /// `GET /beta/applications?$select=appId,nativeAuthenticationApisEnabled`.
    public static func nativeAuthentication(_ settings: [(appId: String, setting: String)]) -> [String: Any] {
        ["value": settings.map { ["appId": $0.appId, "nativeAuthenticationApisEnabled": $0.setting] }]
    }

    /// `GET /identity/conditionalAccess/policies`: each policy granting access with `mfa`, with its id.
    public static func mfaPolicies(_ policies: [(id: String, policy: MFAPolicy)]) -> [String: Any] {
        ["value": policies.map { id, policy -> [String: Any] in
            ["id": id, "displayName": policy.name, "state": policy.state,
             "conditions": ["applications": ["includeApplications": policy.includeApplications, "excludeApplications": policy.excludeApplications],
                            "users": ["includeUsers": policy.includeUsers, "excludeUsers": policy.excludeUsers]],
             "grantControls": ["operator": "OR", "builtInControls": ["mfa"]]]
        }]
    }
}
