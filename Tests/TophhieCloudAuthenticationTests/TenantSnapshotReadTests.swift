import Foundation
import TenantConfiguration
import Testing
import TestSupport
import TophhieCloudAuthentication

/// `TophhieAuth.tenantSnapshot` over a scripted Graph answering with the documented shapes of
/// `Tests/Fixtures/graph-configuration/` (each cited in its README): what a snapshot keeps, a refused read as a
/// part not read, a malformed answer as an error naming the member. Source: docs/tenant-snapshot.md.
@Suite struct TenantSnapshotReadTests {
    static let folder = RepositoryFiles.packageRoot.appendingPathComponent("Tests/Fixtures/graph-configuration")

    static func fixture(_ name: String) -> Data {
        (try? Data(contentsOf: folder.appendingPathComponent(name + ".json"))) ?? Data()
    }

    /// The fixture answering `request`, by version and path; `override` answers first for the reads it names.
    static func graph(_ override: @escaping @Sendable (GraphConfigurationRead) -> HTTPResponse? = { _ in nil })
        -> @Sendable (HTTPRequest) -> HTTPResponse {
        { request in
            let path = request.url.path
            let read: GraphConfigurationRead? = switch path {
            case "/v1.0/identity/authenticationEventsFlows": .signUpFlows
            case "/v1.0/identity/authenticationEventsFlows/5b3e6c1a-2f4d-4e8b-9a7c-1d2e3f4a5b6c/conditions/applications/includeApplications": .flowApplications
            case "/v1.0/identity/userFlowAttributes": .userFlowAttributes
            case "/v1.0/policies/authenticationMethodsPolicy/authenticationMethodConfigurations/email": .emailOtp
            case "/v1.0/policies/authenticationMethodsPolicy/authenticationMethodConfigurations/sms": .sms
            case "/v1.0/applications": .applications
            case "/beta/applications": .nativeAuthentication
            case "/v1.0/identity/conditionalAccess/policies": .mfaPolicies
            default: nil
            }
            guard let read else { return GraphKit.error(404, "UnknownPath") }
            if let answer = override(read) { return answer }
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: fixture(read.rawValue))
        }
    }

    @Test func theDocumentedAnswersGiveTheTenantInItsOwnTerms() async throws {
        let kit = try await GraphKit.signedIn(graph: Self.graph())
        let snapshot = try await kit.auth.tenantSnapshot()
        #expect(snapshot.partsNotRead.isEmpty, "\(snapshot.partsNotRead)")
        let flow = try #require(snapshot.signUpFlows.value?.first)
        #expect(flow.name == "Customers" && flow.identityProviders == ["EmailPassword-OAUTH"] && flow.signUpAllowed)
        #expect(flow.applications == .read(["8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"]))
        #expect(flow.attributes.map(\.attribute) == ["email", "displayName", "city", "extension_6ea3bc85aec24b1c92ff4a117afb6621_Plan"])
        #expect(flow.attributes.map(\.order) == [1, 2, 3, 4])
        let plan = flow.attributes[3]
        #expect(plan.required && plan.inputType == "radioSingleSelect" && plan.options.map(\.value) == ["free", "premium"])
        #expect(flow.attributes[0].hidden && !flow.attributes[0].editable)
        #expect(snapshot.emailOtp.value?.state == "enabled" && snapshot.sms.value?.state == "disabled")
        // Only the native-auth app: the web app neither enables native auth nor is served by a flow.
        #expect(snapshot.applications.value?.map(\.appId) == ["8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"])
        #expect(snapshot.applications.value?.first?.redirectUris == ["http://localhost", "msauth.com.contoso.app://auth"])
        #expect(snapshot.nativeAuthentication.value == ["8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48": "all"])
        // The MFA policy, not the one blocking legacy authentication; no ids or timestamps kept.
        #expect(snapshot.mfaPolicies.value?.map(\.name) == ["MFA for customers"])
        let text = String(decoding: snapshot.encoded(), as: UTF8.self)
        #expect(!text.contains("createdDateTime") && !text.contains("5b3e6c1a") && !text.contains("2b31ac51"))
        // Each read asked for its own permission.
        let scopes = Set(kit.refreshes.compactMap { $0["scope"]?.split(separator: " ").first.map(String.init) })
        #expect(scopes == Set(GraphConfigurationRead.allCases.map(\.scope)))

        let again = try await kit.auth.tenantSnapshot()
        #expect(again.encoded() == snapshot.encoded(), "an unchanged tenant reads to the same bytes")
        #expect(try TenantSnapshot.decode(snapshot.encoded()) == snapshot)
    }

    @Test func aForbiddenReadIsAPartNotReadAndTheRestIsStillRead() async throws {
        let kit = try await GraphKit.signedIn(graph: Self.graph { read in
            switch read {
            case .mfaPolicies: GraphKit.error(403, "Authorization_RequestDenied")
            case .nativeAuthentication: GraphKit.error(400, "BadRequest")
            default: nil
            }
        })
        let snapshot = try await kit.auth.tenantSnapshot()
        #expect(snapshot.mfaPolicies == .notRead(
            "HTTP 403 Authorization_RequestDenied: the operator lacks Policy.Read.All or a directory role for it"))
        #expect(snapshot.nativeAuthentication == .notRead("HTTP 400 BadRequest: Graph beta refused the request"))
        #expect(snapshot.partsNotRead.map(\.part) == ["nativeAuthentication", "mfaPolicies"])
        // Without the beta read, the apps kept are those a flow serves.
        #expect(snapshot.applications.value?.map(\.appId) == ["8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"])
        #expect(snapshot.signUpFlows.value?.count == 1 && snapshot.emailOtp.value != nil)
        #expect(String(decoding: snapshot.encoded(), as: UTF8.self).contains(#""notRead" : "HTTP 403"#)
                || String(decoding: snapshot.encoded(), as: UTF8.self).contains(#""notRead": "HTTP 403"#))
    }

    @Test func aMalformedAnswerIsAnErrorNamingTheReadAndTheMember() async throws {
        for (read, fixture, member) in [(GraphConfigurationRead.signUpFlows, "malformed-signUpFlows-views-not-array", "views is not an array"),
                                        (.emailOtp, "malformed-emailOtp-no-state", "state is not a string")] {
            let kit = try await GraphKit.signedIn(graph: Self.graph { asked in
                asked == read ? HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Self.fixture(fixture)) : nil
            })
            do {
                _ = try await kit.auth.tenantSnapshot()
                Issue.record("\(fixture) must fail the snapshot")
            } catch let GraphError.unexpectedResponse(text) {
                #expect(text.contains(read.title) && text.contains(read.path) && text.contains(member), "\(text)")
            }
        }
        let kit = try await GraphKit.signedIn(graph: Self.graph { $0 == .sms ? InteractiveKit.json(200, "<html>") : nil })
        await #expect(throws: GraphError.unexpectedResponse("the SMS method (GET /v1.0/policies/authenticationMethodsPolicy/authenticationMethodConfigurations/sms): the answer is not JSON.")) {
            try await kit.auth.tenantSnapshot()
        }
    }

    @Test func nextLinksAreFollowedAndACollectionWithoutEndIsAPartNotRead() async throws {
        let fixtures = Self.graph()
        let first = #"{"value": [{"appId": "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48", "isFallbackPublicClient": true}], "#
            + #""@odata.nextLink": "https://graph.microsoft.com/v1.0/applications?$select=appId&$skiptoken=page2"}"#
        let second = #"{"value": [{"appId": "0f1e2d3c-4b5a-4968-8776-655443322110", "isFallbackPublicClient": false}]}"#
        let paged = try await GraphKit.signedIn(graph: { request in
            guard request.url.path == "/v1.0/applications" else { return fixtures(request) }
            return InteractiveKit.json(200, request.url.absoluteString.contains("skiptoken=page2") ? second : first)
        })
        let snapshot = try await paged.auth.tenantSnapshot()
        // Both pages were read: the second page's app is known, then left out as it uses no native auth.
        #expect(paged.graphRequests.filter { $0.url.path == "/v1.0/applications" }.count == 2)
        #expect(snapshot.applications.value?.map(\.appId) == ["8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"])

        let endless = try await GraphKit.signedIn(graph: { request in
            guard request.url.path == "/v1.0/identity/userFlowAttributes" else { return fixtures(request) }
            return InteractiveKit.json(200, #"{"value": [], "@odata.nextLink": "https://graph.microsoft.com/v1.0/identity/userFlowAttributes?$skiptoken="#
                                       + UUID().uuidString + #""}"#)
        })
        let cut = try await endless.auth.tenantSnapshot()
        #expect(cut.userFlowAttributes.reasonNotRead?.hasPrefix("more than 50 pages") == true, "\(cut.userFlowAttributes)")
        #expect(cut.signUpFlows.value != nil)
    }
}
