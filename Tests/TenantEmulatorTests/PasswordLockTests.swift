import Foundation
import NativeAuthWire
import Synchronization
import Testing
@testable import TenantEmulator
import TestSupport

/// PBKDF2 runs with the tenant's lock released: other requests are answered meanwhile, and a continuation
/// token is still single use when two requests carrying it check the password at the same time.
@Suite struct PasswordLockTests {
    static let password = "Slow-Hash-2026!"

    /// The default preset with jane.doe@contoso.com, whose stored hash costs about a quarter of a second (or
    /// more on a loaded machine) to check.
    static func harness() throws -> Harness {
        let harness = try Harness()
        let slow = PasswordHasher(iterations: 600_000).hash(password)
        try harness.emulator.seedUsers([.init(email: "slow@contoso.com", password: nil, passwordHash: slow, attributes: [:], methods: [])])
        return harness
    }

    static func passwordToken(_ harness: Harness) throws -> String {
        let started = try harness.token(.signInInitiate, ["client_id": clientID, "username": "slow@contoso.com", "challenge_type": allTypes])
        return try harness.token(.signInChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
    }

    /// `/token` with the password, sent straight to the emulator (from any thread).
    static func signIn(_ emulator: TenantEmulator, _ token: String) -> EmulatorResponse {
        let form = ["client_id": clientID, "continuation_token": token, "grant_type": "password", "password": password,
                    "username": "slow@contoso.com", "scope": "openid offline_access"]
        let body = form.map { "\($0.key)=\(FormBody.escape($0.value))" }.joined(separator: "&")
        return emulator.handle(EmulatorRequest(method: "POST", path: "/\(emulator.tenantID)" + NativeAuthEndpoint.token.path, body: Data(body.utf8)))
    }

    @Test("another user's initiate is answered while a password is being checked")
    func otherRequestsProceed() async throws {
        let harness = try Self.harness()
        let token = try Self.passwordToken(harness)
        let emulator = harness.emulator
        let finished = Atomic<Bool>(false)
        let signedIn = Task {
            await OffPoolWork.run {
                _ = Self.signIn(emulator, token)
                finished.store(true, ordering: .releasing)
            }
        }
        try await Task.sleep(for: .milliseconds(50))  // let the sign-in reach its hash (suspends; holds no thread)
        let other = harness.post(.signInInitiate, ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": allTypes])
        #expect(other.status == 200)
        let waited = finished.load(ordering: .acquiring)
        #expect(!waited, "initiate waited for the other request's password check")
        _ = await signedIn.value
    }

    @Test("two requests with the same continuation token and the right password: exactly one goes on")
    func tokenStaysSingleUse() async throws {
        let harness = try Self.harness()
        let token = try Self.passwordToken(harness)
        let emulator = harness.emulator
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<2 {
                group.addTask { await OffPoolWork.run { Self.signIn(emulator, token).status } }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.sorted() == [200, 400])
    }
}
