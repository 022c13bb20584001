import Foundation

/// Reads the documented Graph answers of each ``GraphConfigurationRead`` into snapshot values. Unknown members are
/// ignored (Graph adds some); a missing or mistyped member the snapshot needs is a `GraphShapeError` naming it.
/// Shapes: the example responses of each read's reference page (``GraphConfigurationRead/source``), pinned by
/// the fixtures in Tests/Fixtures/graph-configuration.
public enum GraphConfigurationAnswer {
    /// The only flow type the snapshot reads; other `authenticationEventsFlow` types are skipped.
    public static let signUpFlowType = "#microsoft.graph.externalUsersSelfServiceSignUpEventsFlow"

    /// `GET /identity/authenticationEventsFlows`: each sign-up flow with its Graph id (for the applications read).
    /// `applications` holds what the flow object lists inline (usually nothing: Graph lists them on their own path).
    public static func signUpFlows(_ data: Data) throws(GraphShapeError) -> GraphPage<(id: String, flow: SignUpFlow)> {
        try page(data) { item throws(GraphShapeError) in
            if let type = try item.optionalString("@odata.type"), type != signUpFlowType { return nil }
            return (try item.string("id"), try signUpFlow(item))
        }
    }

    private static func signUpFlow(_ item: GraphObject) throws(GraphShapeError) -> SignUpFlow {
        let providers = try item.object("onAuthenticationMethodLoadStart")?.objects("identityProviders") ?? []
        let providerIDs = try providers.map { provider throws(GraphShapeError) in try provider.string("id") }
        let signUpAllowed = try item.object("onInteractiveAuthFlowStart")?.bool("isSignUpAllowed", default: true) ?? true
        var attributes: [CollectedAttribute] = []
        let views = try item.object("onAttributeCollection")?.object("attributeCollectionPage")?.objects("views") ?? []
        for view in views {
            for input in try view.objects("inputs") {
                attributes.append(try collected(input, order: attributes.count + 1))
            }
        }
        let inline = try (item.object("conditions")?.object("applications")?.objects("includeApplications") ?? []).map {
            app throws(GraphShapeError) in try app.string("appId")
        }
        return SignUpFlow(name: try item.string("displayName"), description: try item.optionalString("description"),
                          identityProviders: Array(Set(providerIDs)).sorted(), signUpAllowed: signUpAllowed,
                          applications: .read(Array(Set(inline)).sorted()), attributes: attributes)
    }

    private static func collected(_ input: GraphObject, order: Int) throws(GraphShapeError) -> CollectedAttribute {
        let attribute = try input.string("attribute")
        let options = try input.objects("options").map { option throws(GraphShapeError) in
            let value = try option.string("value")
            return AttributeOption(label: try option.optionalString("label") ?? value, value: value)
        }
        return CollectedAttribute(attribute: attribute, order: order, label: try input.optionalString("label") ?? attribute,
                                  inputType: try input.optionalString("inputType") ?? "text",
                                  required: try input.bool("required", default: false),
                                  validationRegEx: try input.optionalString("validationRegEx").flatMap { $0.isEmpty ? nil : $0 },
                                  options: options, hidden: try input.bool("hidden", default: false),
                                  editable: try input.bool("editable", default: true),
                                  defaultValue: try input.optionalString("defaultValue"))
    }

    /// `GET …/conditions/applications/includeApplications`: the app ids.
    public static func appIDs(_ data: Data) throws(GraphShapeError) -> GraphPage<String> {
        try page(data) { item throws(GraphShapeError) in try item.string("appId") }
    }

    /// `GET /identity/userFlowAttributes`.
    public static func userFlowAttributes(_ data: Data) throws(GraphShapeError) -> GraphPage<UserFlowAttribute> {
        try page(data) { item throws(GraphShapeError) in
            let id = try item.string("id")
            return UserFlowAttribute(id: id, displayName: try item.optionalString("displayName") ?? id,
                                     kind: try item.optionalString("userFlowAttributeType") ?? "builtIn",
                                     dataType: try item.optionalString("dataType") ?? "string",
                                     description: try item.optionalString("description").flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    /// `GET …/authenticationMethodConfigurations/email` or `/sms`.
    public static func method(_ data: Data) throws(GraphShapeError) -> MethodSetting {
        let object = try GraphObject(json: data)
        let targets = try object.objects("includeTargets").map { target throws(GraphShapeError) in try target.string("id") }
        return MethodSetting(state: try object.string("state"),
                             allowExternalIdToUseEmailOtp: try object.optionalString("allowExternalIdToUseEmailOtp"),
                             includeTargets: Array(Set(targets)).sorted())
    }

    /// `GET /applications?$select=appId,isFallbackPublicClient,publicClient,spa,web` (v1.0).
    public static func applications(_ data: Data) throws(GraphShapeError) -> GraphPage<AppRegistration> {
        try page(data) { item throws(GraphShapeError) in
            var uris: Set<String> = []
            for platform in ["publicClient", "spa", "web"] {
                uris.formUnion(try item.object(platform)?.strings("redirectUris") ?? [])
            }
            return AppRegistration(appId: try item.string("appId"),
                                   isFallbackPublicClient: try item.bool("isFallbackPublicClient", default: false),
                                   redirectUris: uris.sorted())
        }
    }

    /// `GET /beta/applications?$select=appId,nativeAuthenticationApisEnabled`: app id → `all` / `none`.
    public static func nativeAuthentication(_ data: Data) throws(GraphShapeError) -> GraphPage<(appId: String, setting: String)> {
        try page(data) { item throws(GraphShapeError) in
            (try item.string("appId"), try item.optionalString("nativeAuthenticationApisEnabled") ?? "none")
        }
    }

    /// `GET /identity/conditionalAccess/policies`: the policies whose grant controls hold `mfa`.
    public static func mfaPolicies(_ data: Data) throws(GraphShapeError) -> GraphPage<MFAPolicy> {
        try page(data) { item throws(GraphShapeError) in
            guard try item.object("grantControls")?.strings("builtInControls").contains("mfa") == true else { return nil }
            let conditions = try item.object("conditions")
            let apps = try conditions?.object("applications")
            let users = try conditions?.object("users")
            return MFAPolicy(name: try item.string("displayName"), state: try item.string("state"),
                             includeApplications: try (apps?.strings("includeApplications") ?? []).sorted(),
                             excludeApplications: try (apps?.strings("excludeApplications") ?? []).sorted(),
                             includeUsers: try (users?.strings("includeUsers") ?? []).sorted(),
                             excludeUsers: try (users?.strings("excludeUsers") ?? []).sorted())
        }
    }

    /// `{"value": [object…], "@odata.nextLink": "…"}`, each object read by `read` (nil: not one the snapshot keeps).
    private static func page<Item>(_ data: Data, _ read: (GraphObject) throws(GraphShapeError) -> Item?)
        throws(GraphShapeError) -> GraphPage<Item> {
        let root = try GraphObject(json: data)
        guard root.members["value"] is [Any] else { throw GraphShapeError("the answer has no value array") }
        let (objects, next) = (try root.objects("value"), try root.optionalString("@odata.nextLink"))
        return GraphPage(items: try objects.map(read).compactMap { $0 }, nextLink: next)
    }
}
