import EmulatorServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import TenantEmulator
import TestSupport
import Testing
import TophhieCloudAuthentication

/// One running emulator on loopback and one `TophhieNativeAuth` configured against it with the real
/// URLSession transport. Codes are read only through `GET /emulator/v1/outbox?to=` over HTTP, and every
/// secret the run handles (passwords, codes, tokens) is remembered so that `expectRedacted()` can check
/// that the framework's observer never saw one.
final class FrameworkRun: Sendable {
    let server: EmulatorServer
    let policy: TenantPolicy
    let auth: TophhieNativeAuth
    private let session: URLSession
    private let exchanges = Mutex<[ObservedExchange]>([])
    private let secrets = Mutex<Set<String>>([])

    /// - Parameters:
    ///   - preset: the tenant preset to serve.
    ///   - challengeTypes: what the app says it supports (`configure(challengeTypes:)`).
    ///   - capabilities: the app's capabilities; MFA and registration by default.
    ///   - dataFile: a SQLite file, for runs that restart the emulator with another policy.
    ///   - adjust: changes to the preset's policy before the emulator starts.
    init(preset: String, challengeTypes: [ChallengeType] = [.oob, .password, .redirect],
         capabilities: [Capability] = [.mfaRequired, .registrationRequired], dataFile: String? = nil,
         adjust: (inout TenantPolicy) -> Void = { _ in }) throws {
        var policy = try TenantPreset.load(preset)
        adjust(&policy)
        self.policy = policy
        server = try EmulatorServer.start(policy: policy, port: 0, dataFile: dataFile, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        // The reset poll waits between polls; the emulator's sequence does not depend on wall time.
        auth = TophhieNativeAuth(sleeper: { _ in })
        try auth.configure(clientId: policy.clients[0].clientID, authority: server.authority, capabilities: capabilities,
                           challengeTypes: challengeTypes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
        auth.observe { [weak self] exchange in self?.exchanges.withLock { $0.append(exchange) } }
    }

    /// Marks a value as secret for `expectRedacted()`.
    func remember(_ values: String?...) {
        secrets.withLock { set in for case let value? in values where !value.isEmpty { set.insert(value) } }
    }

    /// Remembers the tokens of a result and returns it.
    @discardableResult
    func remember(_ result: TophhieAuthResult) -> TophhieAuthResult {
        remember(result.accessToken, result.idToken, result.refreshToken)
        return result
    }

    /// The newest code sent to `target`, read through `GET /emulator/v1/outbox?to=` over loopback HTTP.
    func code(to target: String) async throws -> String {
        var components = URLComponents(string: "\(server.origin)/emulator/v1/outbox")!
        components.percentEncodedQuery = "to=" + FormBody.escape(target)
        let (data, response) = try await session.data(from: components.url!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let messages = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let code = try #require(messages.last?["code"] as? String, "no code in the outbox for \(target)")
        remember(code)
        return code
    }

    /// `GET /emulator/v1/users`: the stored user with `email`.
    func storedUser(_ email: String) async throws -> [String: Any] {
        let (data, _) = try await session.data(from: URL(string: "\(server.origin)/emulator/v1/users")!)
        let users = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try #require(users.first { ($0["email"] as? String)?.lowercased() == email.lowercased() })
    }

    /// Advances the emulator's virtual clock.
    func advance(seconds: Int) async throws {
        var request = URLRequest(url: URL(string: "\(server.origin)/emulator/v1/clock")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"advanceSeconds": \#(seconds)}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    /// Everything the observer saw, as one text per exchange.
    var observedTexts: [String] {
        exchanges.withLock { list in
            list.map { exchange in
                ([exchange.url.absoluteString, exchange.responseBody] + exchange.requestForm.map { "\($0.key)=\($0.value)" }
                    + exchange.requestHeaders.map { "\($0.key): \($0.value)" } + exchange.responseHeaders.map { "\($0.key): \($0.value)" })
                    .joined(separator: "\n")
            }
        }
    }

    /// Checks that the redacted observer saw the run and never a password, code or token of it.
    func expectRedacted(sourceLocation: SourceLocation = #_sourceLocation) {
        let texts = observedTexts
        #expect(!texts.isEmpty, "the observer saw no exchange", sourceLocation: sourceLocation)
        let known = secrets.withLock { $0 }
        #expect(!known.isEmpty, sourceLocation: sourceLocation)
        for secret in known {
            for text in texts where text.contains(secret) {
                Issue.record("a secret (\(secret.count) characters) reached the observer:\n\(text)", sourceLocation: sourceLocation)
            }
        }
        #expect(texts.contains { $0.contains(Secret.marker) }, sourceLocation: sourceLocation)
        // Secrets the test never sees (continuation tokens) must be redacted where they travel.
        let sensitive: Set<String> = ["password", "new_password", "oob", "continuation_token", "refresh_token",
                                      "access_token", "id_token"]
        for exchange in exchanges.withLock({ $0 }) {
            for (key, value) in exchange.requestForm where sensitive.contains(key) {
                #expect(value == Secret.marker, "request \(key) in \(exchange.url.path)", sourceLocation: sourceLocation)
            }
            let body = (try? JSONSerialization.jsonObject(with: Data(exchange.responseBody.utf8))) as? [String: Any] ?? [:]
            for (key, value) in body where sensitive.contains(key) {
                #expect(value as? String == Secret.marker, "response \(key) of \(exchange.url.path)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    func stop() {
        session.invalidateAndCancel()
        server.stop()
    }

    // MARK: Driving flows with the framework

    /// Valid values for the preset's attributes: free text gets non-ASCII values where the tenant's regex allows
    /// them (field case 004, docs/field-cases.md), choice lists their first choice, booleans `true`.
    func attributeValues(for names: [String]? = nil) -> [String: String] {
        var values: [String: String] = [:]
        for attribute in policy.signUp.attributes where names?.contains(attribute.name) ?? true {
            values[attribute.name] = Self.validValue(for: attribute)
        }
        return values
    }

    static func validValue(for attribute: TenantPolicy.Attribute) -> String? {
        if let choices = attribute.choices, let first = choices.first { return first }
        let lower = attribute.name.lowercased()
        var candidates: [String]
        switch attribute.type {
        case .boolean: candidates = ["true"]
        case .int: candidates = ["1990", "42"]
        default:
            candidates = ["Zoë Ångström-Łukasiewicz", "Zoe Angstrom", "4820193746", "01310-100", "Keep going 🚀✨"]
            if lower.contains("city") { candidates.insert("São Paulo", at: 0) }
            if lower.contains("surname") { candidates.insert("Ångström-Łukasiewicz", at: 0) }
            if lower.contains("given") { candidates.insert("Zoë", at: 0) }
            if lower.contains("motto") { candidates.insert("Keep going 🚀✨", at: 0) }
        }
        guard let pattern = attribute.regex, !pattern.isEmpty else { return candidates.first }
        return candidates.first { $0.range(of: pattern, options: .regularExpression) != nil }
    }

    /// Runs the sign-up step loop the tenant chooses until it completes, answering each step.
    /// - Parameters:
    ///   - passwordAtStart: send the password with `/signup/v1.0/start` (otherwise the tenant asks for it later).
    ///   - attributesAtStart: attributes sent with `/signup/v1.0/start`.
    ///   - attributes: the answer to `attributes_required` (valid values for what is asked by default).
    /// - Returns: the sign-in-after-sign-up step and, per step, what the tenant asked for.
    func completeSignUp(email: String, password: String?, passwordAtStart: Bool = true, attributesAtStart: [String: String] = [:],
                        attributes: [String: String]? = nil) async throws -> (SignInAfterSignUpStep, [[String]]) {
        remember(password)
        let codeStep = try await auth.signUp(email: email, password: passwordAtStart ? password : nil, attributes: attributesAtStart)
        #expect(codeStep.sentTo.isEmpty == false)
        #expect(codeStep.codeLength == policy.otp.length)
        var step = try await codeStep.submitCode(try await code(to: email))
        var asked: [[String]] = []
        for _ in 0..<5 {
            switch step {
            case .passwordRequired(let passwordStep):
                asked.append(["password"])
                step = try await passwordStep.submitPassword(try #require(password, "the tenant asked for a password"))
            case .attributesRequired(let required, let attributesStep):
                asked.append(required.map(\.name))
                let values = attributes ?? attributeValues(for: required.map(\.name))
                step = try await attributesStep.submitAttributes(values)
            case .completed(let done):
                return (done, asked)
            }
        }
        throw NativeAuthError.unexpectedResponse("the sign-up loop did not end", correlationID: nil)
    }

    /// Password sign-in that expects tokens at once.
    func signInWithPassword(_ email: String, _ password: String) async throws -> TophhieAuthResult {
        remember(password)
        let step = try await auth.signIn(email: email, password: password)
        guard case .completed(let result) = step else {
            Issue.record("expected tokens, got \(step)")
            throw NativeAuthError.unexpectedResponse("no tokens", correlationID: nil)
        }
        return remember(result)
    }
}

extension NativeSignInStep {
    var completedResult: TophhieAuthResult? {
        if case .completed(let result) = self { return result }
        return nil
    }
}

/// Runs `body` against a fresh emulator and framework, stopping the server and checking redaction afterwards.
func withFrameworkRun(
    preset: String, challengeTypes: [ChallengeType] = [.oob, .password, .redirect],
    capabilities: [Capability] = [.mfaRequired, .registrationRequired], dataFile: String? = nil,
    adjust: (inout TenantPolicy) -> Void = { _ in }, checkRedaction: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (FrameworkRun) async throws -> Void
) async throws {
    let run = try FrameworkRun(preset: preset, challengeTypes: challengeTypes, capabilities: capabilities, dataFile: dataFile, adjust: adjust)
    defer { run.stop() }
    try await body(run)
    if checkRedaction { run.expectRedacted(sourceLocation: sourceLocation) }
}
