import AccountFlow
@testable import FlowRunner
import Foundation
@testable import ScenarioFiles
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

    /// The other way round: every suberror or error the wire reads as a step the tenant asks for, and every endpoint
    /// whose `oob` challenge sends a code, has its catalogue step, so a forgotten catalogue line fails here.
    @Test func everyStepTheWireKnowsIsInTheCatalogue() throws {
        let declarations = ServerStep.allCases.map(\.declaration)
        func answer(_ fields: String, at endpoint: NativeAuthEndpoint, status: Int) -> ValidatedResponse {
            let body = #"{"continuation_token": "t", "challenge_target_label": "a***@b.c", "challenge_target": "a@b.c", "#
                + #""challenge_channel": "email", "code_length": 8, "required_attributes": [{"name": "city"}], "# + fields + "}"
            return ResponseValidator.validate(endpoint: endpoint, status: status, headers: [:], body: Data(body.utf8))
        }
        for suberror in Suberror.known {
            let asked = answer(#""error": "invalid_grant", "suberror": "\#(suberror.wireValue)""#, at: .token, status: 400)
            guard case .rejected(let error) = asked, case .nextStep = error.kind else { continue }
            #expect(declarations.contains { $0.ask == .suberror(suberror) }, "\(suberror) asks for a step the catalogue lacks")
        }
        for code in OAuthErrorCode.known where code != .verificationRequired {  // a legacy answer the console reports as a failure
            let asked = answer(#""error": "\#(code.wireValue)""#, at: .signUpContinue, status: 400)
            guard case .rejected(let error) = asked, case .nextStep = error.kind else { continue }
            #expect(declarations.contains { $0.ask == .error(code) }, "\(code) asks for a step the catalogue lacks")
        }
        for endpoint in NativeAuthEndpoint.allCases {
            guard case .codeRequired = answer(#""challenge_type": "oob""#, at: endpoint, status: 200) else { continue }
            #expect(declarations.contains { $0.ask == .challenge(.oob) && $0.endpoint == endpoint }, "\(endpoint): a code step the catalogue lacks")
        }
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
