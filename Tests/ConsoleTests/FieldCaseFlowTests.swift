import AccountFlow
import Foundation
@testable import TenantEmulator
import Testing
import TophhieCloudAuthentication

/// Field cases 011–014 in docs/field-cases.md and the form and navigation faults of issue 14, each as the console's
/// flow meets them against the emulator over loopback.
@Suite(.serialized) struct FieldCaseFlowTests {
    /// The tenant refuses a username at sign-up start (AADSTS90100, "The username parameter is empty or not valid"):
    /// the email field says so, and the form keeps what was typed (a new user's trial saw a generic line, no field marked).
    /// Our address shape and the emulator's are one rule, so the refusal comes from a tenant stricter than both.
    @Test func aUsernameTheTenantRefusesIsSaidOnTheEmailField() async throws {
        let flow = try FlowOnEmulator(through: StricterUsernames())
        await flow.send(.menuChosen(.signUp))
        await flow.fill(.email, "a@b.example")
        await flow.fill(.password, "Blue-Harbor-7419!")
        await flow.fill(.confirmPassword, "Blue-Harbor-7419!")
        await flow.fill(.attribute("displayName"), "Ada")
        await flow.send(.submitted)
        #expect(flow.field(.email)?.error == "The tenant does not accept that email address. Check it and try again.", "\(flow.screen)")
        #expect(flow.field(.email)?.value == "a@b.example")
    }

    static let password = "Quiet-Lantern-2288!"
    static let tier = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_tier"

    /// Signs up `email` from the home menu up to the code screen, with what `fill` adds to the form.
    private static func signUp(_ flow: FlowOnEmulator, _ email: String, fill: (FlowOnEmulator) async -> Void = { _ in }) async {
        await flow.send(.menuChosen(.signUp))
        await flow.fill(.email, email)
        await flow.fill(.password, password)
        await flow.fill(.confirmPassword, password)
        await fill(flow)
        await flow.send(.submitted)
    }

    private static func enterCode(_ flow: FlowOnEmulator, sentTo address: String) async {
        await flow.fill(.code, flow.code(to: address))
        await flow.send(.submitted)
    }

    @Test("011: optional attributes are offered up front and sent at start; later only what the server still lists")
    func optionalAttributesUpFront() async throws {
        let flow = try FlowOnEmulator { policy in
            policy.signUp.attributes = [
                .init(name: "givenName", type: .string, required: false, regex: nil, label: "First name", choices: nil),
                .init(name: "surname", type: .string, required: true, regex: nil, label: "Surname", choices: nil),
                .init(name: "city", type: .string, required: false, regex: nil, label: "City", choices: nil),
                .init(name: Self.tier, type: .string, required: false, regex: "^(Gold|Silver)$", label: "Tier", choices: nil),
            ]
        }
        await flow.send(.menuChosen(.signUp))
        let fields = flow.screen.fields.filter { if case .attribute = $0.id { true } else { false } }
        #expect(fields.map(\.label) == ["First name", "Surname", "City", "Tier"])
        #expect(fields.map(\.required) == [false, true, false, false])
        #expect(fields.last?.kind == .picker(["Gold", "Silver"]))

        let email = "jordan.lee@contoso.com"
        await Self.signUp(flow, email) { flow in
            await flow.fill(.attribute("givenName"), "Jordan")
            await flow.fill(.attribute("city"), "Leeds")
        }
        #expect(flow.screen.title == "Check your email", "\(flow.screen)")
        await Self.enterCode(flow, sentTo: email)
        // Only the required attribute left empty is asked for now.
        #expect(flow.screen.fields.map(\.id) == [.attribute("surname")], "\(flow.screen)")
        await flow.fill(.attribute("surname"), "Lee")
        await flow.send(.submitted)
        #expect(flow.screen.title == "Signed in", "\(flow.screen)")
        let stored = flow.users()[email]?["attributes"] as? [String: String]
        #expect(stored == ["givenName": "Jordan", "city": "Leeds", "surname": "Lee"])
    }

    @Test("012: +44 (0)7700 900123 is sent and stored as +447700900123, shown before it is sent")
    func phoneNumberWithTrunkPrefix() async throws {
        let flow = try FlowOnEmulator(preset: "mfa")
        await flow.signIn("sam.lee@contoso.com", "Green-Valley-3381!")
        #expect(flow.screen.title == "Add a verification method", "\(flow.screen)")
        await flow.send(.methodPicked(id: "sms"))
        await flow.fill(.contact, "+44 7700 9OO123")
        #expect(flow.field(.contact)?.error?.contains("doesn't look right") == true, "letters are refused on the field")
        await flow.fill(.contact, "+44 7700 900123 4567 890")
        #expect(flow.field(.contact)?.error?.contains("more than 15 digits") == true)
        await flow.fill(.contact, "+44 (0)7700 900123")
        #expect(flow.field(.contact)?.error == nil)
        #expect(flow.field(.contact)?.note == "Will be sent as +447700900123.")
        await flow.send(.submitted)
        #expect(flow.screen.title == "Confirm your new method", "\(flow.screen)")
        await Self.enterCode(flow, sentTo: "+447700900123")
        #expect(flow.screen.title == "Signed in", "\(flow.screen)")
        let methods = flow.users()["sam.lee@contoso.com"]?["methods"] as? [[String: Any]] ?? []
        #expect(methods.compactMap { $0["target"] as? String } == ["+447700900123"])
    }

    @Test("013 B: surname=Lee sent, attributes_required lists surname again: one failure screen, not a loop")
    func attributesAskedAgain() async throws {
        let repeats = RepeatedAnswer()
        let flow = try FlowOnEmulator(through: repeats) { policy in
            policy.signUp.attributes = [.init(name: "surname", type: .string, required: true, regex: nil, label: "Surname", choices: nil)]
        }
        let email = "lee@contoso.com"
        await Self.signUp(flow, email)
        await Self.enterCode(flow, sentTo: email)
        #expect(flow.screen.fields.map(\.id) == [.attribute("surname")], "\(flow.screen)")
        await flow.fill(.attribute("surname"), "Lee")
        await flow.send(.submitted)
        #expect(flow.screen.title == "Something went wrong", "\(flow.screen)")
        #expect(repeats.attributeSubmissions == 1, "the console sent the same attributes again")
        let detail = flow.screen.details.first?.value ?? ""
        for part in ["surname=Lee", "attributes_required", "AADSTS55106", "correlation id"] {
            #expect(detail.contains(part), "\(part) missing: \(detail)")
        }
        #expect(flow.screen.actions.map(\.label) == ["Start again", "Home"])
        #expect(flow.users()[email] == nil)
    }

    @Test("014: an existing account offers Sign in and Reset password, each with the email kept")
    func accountExistsOffersSignIn() async throws {
        let flow = try FlowOnEmulator()
        let email = "jane.doe@contoso.com"
        await Self.signUp(flow, email)
        #expect(flow.field(.email)?.error?.contains("already exists") == true, "\(flow.screen)")
        let labels = flow.screen.actions.map(\.label)
        #expect(labels.contains("Sign in") && labels.contains("Reset password"), "\(labels)")
        await flow.send(.otherFlowChosen(.signIn))
        #expect(flow.screen.title == "Sign in")
        #expect(flow.field(.email)?.value == email)

        await flow.send(.homeRequested)
        await Self.signUp(flow, email)
        await flow.send(.otherFlowChosen(.resetPassword))
        #expect(flow.screen.title == "Reset password")
        #expect(flow.field(.email)?.value == email)
        await flow.send(.submitted)
        #expect(flow.screen.title == "Enter your reset code", "the kept email works: \(flow.screen)")
    }

    @Test("Back on “Enter your email and password” keeps the email")
    func backAfterUseCodeInsteadKeepsTheEmail() async throws {
        let flow = try FlowOnEmulator()
        await flow.send(.menuChosen(.signIn))
        await flow.fill(.email, "jane.doe@contoso.com")
        await flow.send(.useCodeInstead)
        #expect(flow.screen.text.first == "Enter your email and password.", "\(flow.screen)")
        await flow.send(.backRequested)
        #expect(flow.screen.title == "Sign in")
        #expect(flow.field(.email)?.value == "jane.doe@contoso.com")
    }

    @Test("a choice list whose values hold , and . stays a choice list, and its value is accepted")
    func choicesWithPunctuationStayChoices() async throws {
        let values = ["St. Louis", "Washington, D.C.", "Winston-Salem"]
        let flow = try FlowOnEmulator { policy in
            policy.signUp.attributes = [.init(name: "city", type: .string, required: true, regex: nil, label: "City", choices: values)]
        }
        let email = "dc@contoso.com"
        await Self.signUp(flow, email)
        await Self.enterCode(flow, sentTo: email)
        // Asked by the server, so built from the wire pattern, not from the policy.
        #expect(flow.screen.title == "A few more details", "\(flow.screen)")
        #expect(flow.field(.attribute("city"))?.kind == .picker(values))
        await flow.fill(.attribute("city"), "Washington, D.C.")
        await flow.send(.submitted)
        #expect(flow.screen.title == "Signed in", "\(flow.screen)")
        #expect((flow.users()[email]?["attributes"] as? [String: String])?["city"] == "Washington, D.C.")
    }

    @Test("a sign-up that meets the web fallback says sign-up, not sign-in")
    func webFallbackNamesTheSignUp() async throws {
        let flow = try FlowOnEmulator()
        try flow.tenant.server.emulator.handle(EmulatorRequest(
            method: "POST", path: "/emulator/v1/faults",
            body: JSONSerialization.data(withJSONObject: ["endpoint": "/signup/v1.0/start", "kind": "redirect"])))
            .expectStatus(200)
        await Self.signUp(flow, "new.person@contoso.com")
        #expect(flow.screen.title == "A browser is needed", "\(flow.screen)")
        #expect(flow.screen.text.first == "The tenant wants this sign-up to finish in a web browser.")
    }
}

/// Field case 013 (docs/field-cases.md) B's faulty server: answers a submission of attributes with the `attributes_required` it had
/// just sent, as a tenant whose user flow changed mid-flight does.
private final class RepeatedAnswer: ExchangeRewriter, @unchecked Sendable {
    // @unchecked: one request at a time (the console sends one), guarded by the lock anyway.
    private let lock = NSLock()
    private var lastAsked: EmulatorResponse?
    private(set) var attributeSubmissions = 0

    func answer(_ request: EmulatorRequest, _ forward: () -> EmulatorResponse) -> EmulatorResponse {
        let body = String(decoding: request.body, as: UTF8.self)
        if request.path.hasSuffix("/signup/v1.0/continue"), body.contains("grant_type=attributes") {
            lock.lock(); defer { lock.unlock() }
            attributeSubmissions += 1
            if let lastAsked { return lastAsked }
        }
        let answer = forward()
        if answer.jsonObject?["error"] as? String == "attributes_required" {
            lock.lock(); defer { lock.unlock() }
            lastAsked = answer
        }
        return answer
    }
}

/// A tenant that refuses every username at sign-up start, as Entra does one it finds not valid (400
/// `invalid_request`, AADSTS90100).
private struct StricterUsernames: ExchangeRewriter {
    func answer(_ request: EmulatorRequest, _ forward: () -> EmulatorResponse) -> EmulatorResponse {
        guard request.path.hasSuffix("/signup/v1.0/start") else { return forward() }
        let body = #"{"error":"invalid_request","error_description":"AADSTS90100: The username parameter is empty or not valid.","error_codes":[90100],"timestamp":"2026-12-03 10:00:00Z","trace_id":"6c0f1a2e-0000-4000-8000-000000000001","correlation_id":"6c0f1a2e-0000-4000-8000-000000000002"}"#
        return EmulatorResponse(status: 400, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}

private extension EmulatorResponse {
    func expectStatus(_ status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
    }
}
