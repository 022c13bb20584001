import Foundation
import NativeAuthWire
import Testing
import TestSupport
@testable import TenantEmulator

/// The emulator's answers have the shape of the real service's documented exchanges (fixtures README, rule 2).
@Suite("Documented exchanges")
struct FixtureShapeTests {
    static let fixtures: [Fixture] = (try? RepositoryFiles.nativeAuthFixtures()) ?? []

    @Test("every fixture is either reproduced or skipped with a reason")
    func everyFixtureIsAccountedFor() throws {
        #expect(Self.fixtures.count > 60, "fixtures not found under Tests/Fixtures/native-auth")
        let unaccounted = Self.fixtures.map(\.name).filter { scenarios[$0] == nil && skippedFixtures[$0] == nil }
        #expect(unaccounted.isEmpty, "no scenario for: \(unaccounted)")
        let both = Self.fixtures.map(\.name).filter { scenarios[$0] != nil && skippedFixtures[$0] != nil }
        #expect(both.isEmpty)
    }

    @Test("same status, keys, JSON types, error, suberror, first code and vocabulary", arguments: fixtures.filter { scenarios[$0.name] != nil })
    func answerHasTheDocumentedShape(_ fixture: Fixture) throws {
        let scenario = try #require(scenarios[fixture.name])
        let endpoint = try #require(fixture.endpoint)
        let (harness, form) = try scenario(fixture)
        let response = harness.post(endpoint, form)
        #expect(response.status == fixture.status, "status")
        let expected = try #require(try JSONSerialization.jsonObject(with: fixture.body) as? [String: Any])
        let actual = try #require(response.jsonObject, "answer is not a JSON object")
        #expect(JSONShape(actual) == JSONShape(expected), "shape\n  emulator: \(JSONShape(actual))\n  fixture:  \(JSONShape(expected))")
        for key in ["error", "suberror", "challenge_type", "status", "challenge_channel", "token_type"] {
            #expect(actual[key] as? String == expected[key] as? String, "\(key)")
        }
        #expect((actual["error_codes"] as? [Int])?.first == (expected["error_codes"] as? [Int])?.first, "first error code")
    }
}
