import Foundation
import Testing
@testable import TenantEmulator

/// The policy keys of the Graph subset: `operators`, `graph.premium`, and the presets' operator.
@Suite("Graph policy")
struct GraphPolicyTests {
    func parse(_ change: (inout [String: Any]) -> Void) throws -> TenantPolicy {
        var json = PolicyValidationTests.base()
        change(&json)
        return try TenantPolicy.parse(try JSONSerialization.data(withJSONObject: json), file: "graph.json")
    }

    @Test("defaults: premium, no operators; both keys read; bad values refused naming the key")
    func keys() throws {
        let minimal = try parse { _ in }
        #expect(minimal.graph.premium && minimal.operators.isEmpty)
        let set = try parse { $0["graph"] = ["premium": false]; $0["operators"] = ["Ops@Contoso.com"] }
        #expect(!set.graph.premium && set.isOperator("ops@contoso.com") && !set.isOperator("jane.doe@contoso.com"))
        #expect(throws: PolicyError.self) { try parse { $0["operators"] = ["not an email"] } }
        #expect(throws: PolicyError.self) { try parse { $0["graph"] = ["premium": "yes"] } }
        #expect(throws: PolicyError.self) { try parse { $0["graph"] = ["licence": true] } }
    }

    @Test("every preset lists ops@contoso.com as operator, a seed user with a password; the tenant summary shows the keys",
          arguments: TenantPreset.names)
    func presetOperator(_ name: String) throws {
        let policy = try TenantPreset.load(name)
        #expect(policy.operators == [GraphFixture.ops] && policy.graph.premium)
        #expect(policy.users.first { $0.email == GraphFixture.ops }?.password == GraphFixture.opsPassword)
        let harness = try Harness(preset: name)
        let summary = try #require(harness.control("GET", "tenant").jsonObject)
        #expect(summary["operators"] as? [String] == [GraphFixture.ops] && (summary["graph"] as? [String: Any])?["premium"] as? Bool == true)
    }
}
