import AccountFlow
@testable import Console
import Foundation
import ScreenGallery
import TenantEmulator
import TestSupport
@testable import TophhieCloudAuthentication
import Testing

/// Every step of the catalogue reaches the person and the operator: a screen that takes its input, under a name a
/// scenario's `expect.step` accepts and the gallery shows; a documented exchange that asks for it, which the trace
/// tells as the step's story; and the emulator answering at its endpoint.
@Suite struct ServerStepCatalogueTests {
    @Test(arguments: ServerStep.allCases)
    func eachStepHasItsScreenScenarioStoryEmulatorGalleryAndFixture(_ step: ServerStep) throws {
        let declaration = step.declaration
        let screen = declaration.input.screen
        #expect(ScenarioFileParser.stepNames.contains(screen), "\(step): \(screen) is not a scenario step")
        #expect(Gallery.screens.contains { $0.session.state.step.name == screen }, "\(step): no gallery screen shows \(screen)")

        let fixture = try #require(try RepositoryFiles.nativeAuthFixtures().first { $0.endpoint == declaration.endpoint && Self.asks(declaration.ask, $0) },
                                   "\(step): no fixture of \(declaration.endpoint.path) asks for it")
        let url = try #require(URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com" + fixture.path))
        let exchange = ObservedExchange(startedAt: Date(), duration: 0, request: HTTPRequest(url: url), endpoint: declaration.endpoint,
                                        response: HTTPResponse(status: fixture.status, body: fixture.body), failure: nil, attempt: 1)
        let story = try #require(TraceStory.reason(exchange), "\(step): \(fixture) has no story")
        #expect(story.hasPrefix(declaration.story), "\(step): \(fixture) told as \(story)")

        let emulator = try TenantEmulator(policy: try TenantPreset.load("email-password"), hasher: PasswordHasher(iterations: 10),
                                          signingKey: TestSigningKey.shared)
        let answer = emulator.handle(EmulatorRequest(method: "POST", path: "/contoso.onmicrosoft.com" + declaration.endpoint.path))
        #expect(answer.status == 400, "\(step): the emulator does not answer at \(declaration.endpoint.path) (\(answer.status))")
    }

    /// Whether the fixture's answer asks for the step: its `error`, `suberror` or `challenge_type`.
    private static func asks(_ ask: ServerStep.Ask, _ fixture: Fixture) -> Bool {
        let body = (try? JSONSerialization.jsonObject(with: fixture.body)) as? [String: Any] ?? [:]
        return switch ask {
        case .error(let code): body["error"] as? String == code.wireValue
        case .suberror(let suberror): body["suberror"] as? String == suberror.wireValue
        case .challenge(let type): body["challenge_type"] as? String == type.wireValue
        }
    }
}
