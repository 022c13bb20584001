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

extension SnapshotPart {
    /// The value transformed, or the same reason.
    func map<Other>(_ transform: (Value) -> Other) -> SnapshotPart<Other> {
        switch self {
        case .read(let value): .read(transform(value))
        case .notRead(let why): .notRead(why)
        }
    }
}

/// The Graph calls of one snapshot: a token per scope, pages followed on the same host, refusals turned into parts.
struct SnapshotReader: Sendable {
    let auth: TophhieAuth
    let account: TophhieAccount?
    let onWait: @Sendable (Int) -> Void

    /// Pages a snapshot follows at most per read.
    static let maxPages = 50

    /// Runs `read`; a refusal (400, 403, 404, consent missing) becomes `.notRead(why)`, a malformed answer an error
    /// naming the read.
    func part<Value>(_ read: GraphConfigurationRead, _ body: () async throws -> Value) async throws -> SnapshotPart<Value> {
        do {
            return .read(try await body())
        } catch let error as GraphShapeError {
            throw GraphError.unexpectedResponse("\(read.title) (GET /\(read.version)\(read.path)): \(error.reason).")
        } catch let error as GraphError {
            switch error {
            // Only the status and code go into the reason: Graph's message carries ids and times that change per read.
            case .missingPermission(let details), .notPremium(let details):
                return .notRead("HTTP 403 \(details.code ?? "Forbidden"): the operator lacks \(read.scope) or a directory role for it")
            case .badRequest(let details), .notFound(let details):
                return .notRead("HTTP \(details.status ?? 400)\(details.code.map { " \($0)" } ?? ""): Graph \(read.version) refused the request")
            case .auth(.consentRequired):
                return .notRead("the operator has not consented to \(read.scope)")
            default:
                throw error
            }
        }
    }

    /// Every item of a collection read, its next links followed (same host as the Graph endpoint).
    func pages<Item>(_ read: GraphConfigurationRead, path: String? = nil,
                     _ parse: (Data) throws(GraphShapeError) -> GraphPage<Item>) async throws -> [Item] {
        let call = try auth.graphCall(scopes: [read.scope], account: account, onWait: onWait)
        var link = try url(read, path: path, session: call.session)
        var items: [Item] = []
        for _ in 1...Self.maxPages {
            let answer = try await call.send("GET", link, resumeLink: link)
            let page = try parse(answer.body)
            items += page.items
            guard let next = page.nextLink.flatMap({ URL(string: $0) }), next != link else { return items }
            try TophhieAuth.checkSameHost(next, as: call.session.configuration.graphEndpoint)
            link = next
        }
        return items
    }

    /// One object read.
    func object<Value>(_ read: GraphConfigurationRead, _ parse: (Data) throws(GraphShapeError) -> Value) async throws -> Value {
        let call = try auth.graphCall(scopes: [read.scope], account: account, onWait: onWait)
        let answer = try await call.send("GET", try url(read, path: nil, session: call.session))
        return try parse(answer.body)
    }

    /// The configured Graph base (`…/v1.0`), its version swapped for `beta` when the read needs it.
    private func url(_ read: GraphConfigurationRead, path: String?, session: InteractiveSession) throws -> URL {
        let pathAndQuery = (path ?? read.path) + (read.query.map { "?\($0)" } ?? "")
        guard read.version == "beta" else { return try auth.graphURL(pathAndQuery, session: session) }
        var base = session.configuration.graphEndpoint.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard base.hasSuffix("/v1.0"), let url = URL(string: base.dropLast("v1.0".count) + "beta" + pathAndQuery) else {
            throw GraphError.badRequest(GraphErrorDetails(status: 400, code: "NoBetaEndpoint", message: "The Graph base \(base) does not end in /v1.0.",
                                                          requestID: nil, clientRequestID: nil, date: nil))
        }
        return url
    }
}
