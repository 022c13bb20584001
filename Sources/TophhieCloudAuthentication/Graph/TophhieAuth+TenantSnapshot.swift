import Foundation
import TenantConfiguration

extension TophhieAuth {
    /// Reads the tenant's configuration through Microsoft Graph (``GraphConfigurationRead``, each with a token of
    /// its own scope for `account`, an operator): sign-up flows and the apps each serves, attribute definitions,
    /// the email OTP and SMS methods, the application registrations (v1.0) and their native-auth setting (beta),
    /// and the conditional access policies requiring MFA.
    ///
    /// Kept: the apps a flow serves or with native authentication `all` (every app when neither could be read),
    /// and the MFA policies naming one of them or `All`. A read refused with 400, 403 or 404, or whose scope the
    /// operator has not consented to, becomes that part's `.notRead(why)`; the others are still read.
    /// - Parameters:
    ///   - account: the operator; `currentAccount` by default.
    ///   - onWait: told the seconds of each 429/503 wait before it starts.
    /// - Returns: the snapshot, stable: two reads of an unchanged tenant encode to the same bytes.
    /// - Throws: `GraphError.unexpectedResponse` naming the read and member when a 2xx answer is not the documented
    ///   shape; `.auth` when a sign-in is needed; `.throttled`, `.server`, `.networkFailure`, `.unauthorized`.
    /// Source: docs/tenant-snapshot.md.
    public func tenantSnapshot(account: TophhieAccount? = nil,
                               onWait: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> TenantSnapshot {
        let reader = SnapshotReader(auth: self, account: account, onWait: onWait)
        var flowIDs: [String] = []
        var flows = try await reader.part(.signUpFlows) { () -> [SignUpFlow] in
            let read = try await reader.pages(.signUpFlows, GraphConfigurationAnswer.signUpFlows)
            flowIDs = read.map(\.id)
            return read.map(\.flow)
        }
        if var read = flows.value {
            for (index, id) in zip(read.indices, flowIDs) {
                let path = GraphConfigurationRead.flowApplications.path.replacingOccurrences(of: "{id}", with: Self.percentEncoded(id))
                let inline = read[index].applications.value ?? []
                read[index].applications = try await reader.part(.flowApplications) {
                    Array(Set(try await reader.pages(.flowApplications, path: path, GraphConfigurationAnswer.appIDs) + inline)).sorted()
                }
            }
            flows = .read(read)
        }
        let attributes = try await reader.part(.userFlowAttributes) {
            try await reader.pages(.userFlowAttributes, GraphConfigurationAnswer.userFlowAttributes).sorted { $0.id < $1.id }
        }
        let email = try await reader.part(.emailOtp) { try await reader.object(.emailOtp, GraphConfigurationAnswer.method) }
        let sms = try await reader.part(.sms) { try await reader.object(.sms, GraphConfigurationAnswer.method) }
        let apps = try await reader.part(.applications) { try await reader.pages(.applications, GraphConfigurationAnswer.applications) }
        let native = try await reader.part(.nativeAuthentication) {
            Dictionary(try await reader.pages(.nativeAuthentication, GraphConfigurationAnswer.nativeAuthentication).map { ($0.appId, $0.setting) },
                       uniquingKeysWith: { first, _ in first })
        }
        let policies = try await reader.part(.mfaPolicies) { try await reader.pages(.mfaPolicies, GraphConfigurationAnswer.mfaPolicies) }

        // The native-auth apps: those a flow serves or that enable the native-auth APIs; unknown when neither was read.
        var nativeApps: Set<String>?
        if flows.value != nil || native.value != nil {
            var ids = Set((native.value ?? [:]).filter { $0.value == "all" }.keys)
            for flow in flows.value ?? [] { ids.formUnion(flow.applications.value ?? []) }
            nativeApps = ids
        }
        func kept(_ appId: String) -> Bool { nativeApps?.contains(appId) ?? true }
        return TenantSnapshot(
            signUpFlows: flows.map { $0.sorted { $0.name < $1.name } },
            userFlowAttributes: attributes, emailOtp: email, sms: sms,
            applications: apps.map { $0.filter { kept($0.appId) }.sorted { $0.appId < $1.appId } },
            nativeAuthentication: native.map { $0.filter { kept($0.key) } },
            mfaPolicies: policies.map { list in
                list.filter { policy in
                    policy.includeApplications.contains("All") || policy.includeApplications.contains(where: kept)
                }.sorted { $0.name < $1.name }
            })
    }
}
