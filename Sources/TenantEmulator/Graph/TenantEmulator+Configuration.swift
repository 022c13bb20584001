import Foundation
import TenantConfiguration

/// The tenant configuration reads of Microsoft Graph (``GraphConfigurationRead``), read-only, answered from the
/// policy the emulator runs (``TenantPolicy/configurationSnapshot``) in Graph's documented shapes:
///
/// `GET /v1.0/identity/authenticationEventsFlows` (and `/{id}/conditions/applications/includeApplications`),
/// `/v1.0/identity/userFlowAttributes`, `/v1.0/policies/authenticationMethodsPolicy/authenticationMethodConfigurations/email`
/// and `/sms`, `/v1.0/applications`, `/beta/applications`, `/v1.0/identity/conditionalAccess/policies`.
///
/// Each needs a Graph token carrying the read's scope (else 403 `Authorization_RequestDenied`) of a user listed in
/// `operators` (else the same 403), as a directory role would. With `graph.noisyConfiguration` the answers carry
/// the noise real Graph's may (``ConfigurationNoise``). Source: docs/tenant-snapshot.md.
extension TenantEmulator {
    /// The configuration paths as the fault API names them (the flow's applications path is not faultable).
    static let configurationPaths: [String] = GraphConfigurationRead.allCases.filter { $0 != .flowApplications }
        .map { "/\($0.version)\($0.path)" }

    /// The read `loweredPath` asks for (lower case, no trailing `/`), and the flow id of an applications read.
    static func configurationRead(_ loweredPath: String) -> (read: GraphConfigurationRead, flowID: String?)? {
        if let read = GraphConfigurationRead.allCases.first(where: { "/\($0.version)\($0.path)".lowercased() == loweredPath }) {
            return (read, nil)
        }
        let parts = GraphConfigurationRead.flowApplications.path.lowercased().components(separatedBy: "{id}")
        let prefix = "/v1.0" + parts[0]
        if parts.count == 2, loweredPath.hasPrefix(prefix), loweredPath.hasSuffix(parts[1]) {
            let id = loweredPath.dropFirst(prefix.count).dropLast(parts[1].count)
            if !id.isEmpty, !id.contains("/") { return (.flowApplications, String(id)) }
        }
        return nil
    }

    /// Answers one configuration read for `caller`.
    /// - Throws: 403 without the read's scope or outside `operators`; 404 for an unknown flow id.
    func configurationAnswer(_ read: GraphConfigurationRead, flowID: String?, caller: GraphCaller) throws(GraphError) -> EmulatorResponse {
        guard caller.has(anyOf: [read.scope]) else { throw .insufficientPrivileges }
        let user = try graphUser(caller)
        guard policy.isOperator(user.email) else { throw .insufficientPrivileges }
        let snapshot = policy.configurationSnapshot
        let body: [String: Any]
        switch read {
        case .signUpFlows:
            body = GraphConfigurationBody.signUpFlows((snapshot.signUpFlows.value ?? []).map { (policy.signUpFlowID, $0) },
                                                      definitions: snapshot.userFlowAttributes.value ?? [])
        case .flowApplications:
            guard flowID == policy.signUpFlowID else {
                throw GraphError(404, "Request_ResourceNotFound", "Resource '\(flowID ?? "")' does not exist or one of its queried reference-property objects are not present.")
            }
            body = GraphConfigurationBody.appIDs(snapshot.signUpFlows.value?.first?.applications.value ?? [])
        case .userFlowAttributes: body = GraphConfigurationBody.userFlowAttributes(snapshot.userFlowAttributes.value ?? [])
        case .emailOtp: body = GraphConfigurationBody.method(snapshot.emailOtp.value ?? MethodSetting(state: "disabled", includeTargets: []), email: true)
        case .sms: body = GraphConfigurationBody.method(snapshot.sms.value ?? MethodSetting(state: "disabled", includeTargets: []), email: false)
        case .applications: body = GraphConfigurationBody.applications(snapshot.applications.value ?? [])
        case .nativeAuthentication:
            body = GraphConfigurationBody.nativeAuthentication((snapshot.nativeAuthentication.value ?? [:]).sorted { $0.key < $1.key }
                .map { (appId: $0.key, setting: $0.value) })
        case .mfaPolicies: body = GraphConfigurationBody.mfaPolicies((snapshot.mfaPolicies.value ?? []).map { (policy.mfaPolicyID, $0) })
        }
        guard policy.graph.noisyConfiguration else { return .json(200, object: body) }
        var noise = ConfigurationNoise(read, number: configurationReads.add(1, ordering: .relaxed).newValue)
        return .json(200, object: noise.answer(body))
    }
}
