import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import EmulatorServer
import NativeAuthWire
import Synchronization
import TenantEmulator
import Testing
import TestSupport

/// The `tophhie emulator` command as a user runs it: first line, outbox lines, signals, exit codes, durability.
@Suite("tophhie emulator command", .serialized)
struct CommandLineTests {
    /// POSTs a form to the running process.
    func post(_ authority: String, _ endpoint: NativeAuthEndpoint, _ fields: [String: String]) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: authority + endpoint.path)!)
        request.httpMethod = "POST"
        request.httpBody = Data(fields.map { "\(FormBody.escape($0.key))=\(FormBody.escape($0.value))" }.joined(separator: "&").utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    func get(_ url: String) async throws -> Any {
        let (data, _) = try await URLSession.shared.data(from: URL(string: url)!)
        return try JSONSerialization.jsonObject(with: data)
    }

    /// A complete email-OTP sign-up through the process; true when the emulator acknowledged the account.
    @discardableResult
    func signUp(_ emulator: EmulatorProcess, _ username: String) async throws -> Bool {
        try await signUp(authority: emulator.authority, origin: emulator.origin, username)
    }

    /// The same, by the process's authority and origin (which, unlike the process, cross into tasks).
    func signUp(authority: String, origin: String, _ username: String) async throws -> Bool {
        let start = try await post(authority, .signUpStart, ["client_id": clientID, "username": username, "challenge_type": allTypes,
                                                                      "attributes": #"{"displayName":"Durable"}"#])
        let challenge = try await post(authority, .signUpChallenge, ["client_id": clientID, "challenge_type": allTypes,
                                                                              "continuation_token": start["continuation_token"] as? String ?? ""])
        let outbox = try await get("\(origin)/emulator/v1/outbox?to=\(FormBody.escape(username))") as? [[String: Any]]
        let done = try await post(authority, .signUpContinue, ["client_id": clientID, "grant_type": "oob",
                                                                        "continuation_token": challenge["continuation_token"] as? String ?? "",
                                                                        "oob": outbox?.last?["code"] as? String ?? ""])
        return done["continuation_token"] != nil && done["error"] == nil
    }

    @Test("first line is the authority; outbox lines are masked; codes only with --show-codes; SIGTERM exits 0")
    func outputAndSignals() async throws {
        let emulator = try await EmulatorProcess.start(["--tenant", "email-otp", "--port", "0", "--hash-iterations", "10"])
        #expect(emulator.authority.range(of: #"^http://127\.0\.0\.1:[0-9]+/a1b2c3d4-0e1f-4a2b-8c3d-4e5f6a7b8c9d$"#, options: .regularExpression) != nil)
        try await signUp(emulator, "line.test@contoso.com")
        let line = try await emulator.nextLine()
        #expect(line == "outbox: email l***@c*****o.com signUp", "no code and no full address without --show-codes")
        #expect(await emulator.stop(with: SIGTERM) == 0)

        let showing = try await EmulatorProcess.start(["--tenant", "email-otp", "--hash-iterations", "10", "--show-codes"])
        try await signUp(showing, "codes@contoso.com")
        let shown = try await showing.nextLine()
        #expect(shown.range(of: #"^outbox: email c\*\*\*@c\*\*\*\*\*o\.com signUp code [0-9]{8}$"#, options: .regularExpression) != nil, "\(shown)")
        #expect(await showing.stop(with: SIGINT) == 0)
    }

    @Test("--host other than 127.0.0.1 warns on stderr (tested with another loopback address)")
    func hostWarning() async throws {
        let emulator = try await EmulatorProcess.start(["--host", "127.0.0.2", "--hash-iterations", "10"])
        #expect(emulator.authority.hasPrefix("http://127.0.0.2:"))
        #expect(await emulator.stop(with: SIGTERM) == 0)
        #expect(await emulator.standardError().contains("warning: listening on 127.0.0.2"))
    }

    @Test("--host 0.0.0.0: the control API needs the bearer token kept in --control-token-file (0600); stderr says so")
    func controlTokenOffLoopback() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("control-token").path
        let emulator = try await EmulatorProcess.start(["--host", "0.0.0.0", "--control-token-file", file, "--hash-iterations", "10"])
        let token = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(token.count == 43)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        let url = URL(string: "http://127.0.0.1:\(URL(string: emulator.authority)?.port ?? 0)/emulator/v1/users")!
        let (_, refused) = try await URLSession.shared.data(from: url)
        #expect((refused as? HTTPURLResponse)?.statusCode == 401)
        var request = URLRequest(url: url)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (_, admitted) = try await URLSession.shared.data(for: request)
        #expect((admitted as? HTTPURLResponse)?.statusCode == 200)
        #expect(await emulator.stop(with: SIGTERM) == 0)
        let said = await emulator.standardError()
        #expect(said.contains("reachable by others") && said.contains(file) && !said.contains(token), "\(said)")

        // A token file others can read is refused before anything listens.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let loose = try EmulatorProcess(["--host", "0.0.0.0", "--control-token-file", file])
        await loose.process.exited()
        #expect(loose.process.terminationStatus == 2)
        #expect(await loose.standardError().contains("chmod 600"))
    }

    @Test("a bad policy file or bad usage exits 2 with one message naming file and key")
    func badPolicy() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"tenant": {"name": "x", "id": "5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"}, "clients": [{"clientId": "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"}], "otp": {"length": 99}}"#.utf8).write(to: file)
        let bad = try EmulatorProcess(["--tenant", file.path])
        await bad.process.exited()
        #expect(bad.process.terminationStatus == 2)
        let message = await bad.standardError()
        #expect(message.contains(file.path) && message.contains("otp.length") && message.contains("from 4 to 10"), "\(message)")

        let usage = try EmulatorProcess(["--port", "seventy"])
        await usage.process.exited()
        #expect(usage.process.terminationStatus == 2)
    }

    @Test("with --data, every sign-up answered before kill -9 is there after a restart")
    func durability() async throws {
        let database = ScratchDatabase()
        defer { withExtendedLifetime(database) {} }
        let arguments = ["--tenant", "email-otp", "--data", database.path, "--hash-iterations", "10"]
        let first = try await EmulatorProcess.start(arguments)
        let usernames = (1...5).map { "durable\($0)@contoso.com" }
        for username in usernames { #expect(try await signUp(first, username), "\(username) was not signed up") }
        let keyBefore = (try await get("\(first.authority)/discovery/v2.0/keys") as? [String: Any])?["keys"] as? [[String: Any]]
        #expect(await first.stop(with: SIGKILL) != 0)

        let second = try await EmulatorProcess.start(arguments)
        let users = try await get("\(second.origin)/emulator/v1/users") as? [[String: Any]]
        let emails = Set(users?.compactMap { $0["email"] as? String } ?? [])
        #expect(Set(usernames).isSubset(of: emails), "lost: \(Set(usernames).subtracting(emails))")
        // The same signing key is kept, so tokens from before the restart stay verifiable.
        let keyAfter = (try await get("\(second.authority)/discovery/v2.0/keys") as? [String: Any])?["keys"] as? [[String: Any]]
        #expect(keyBefore?.first?["kid"] as? String != nil)
        #expect(keyAfter?.first?["kid"] as? String == keyBefore?.first?["kid"] as? String)
        #expect(await second.stop(with: SIGTERM) == 0)
    }

    /// The sign-ups the emulator acknowledged, shared by the load's tasks.
    final class Acknowledged: Sendable {
        private let list = Mutex<[String]>([])
        func add(_ username: String) { list.withLock { $0.append(username) } }
        var count: Int { list.withLock { $0.count } }
        var usernames: [String] { list.withLock { $0 } }
    }

    @Test("with --data, kill -9 under concurrent sign-ups loses no acknowledged account")
    func durabilityUnderLoad() async throws {
        let database = ScratchDatabase()
        defer { withExtendedLifetime(database) {} }
        let arguments = ["--tenant", "email-otp", "--data", database.path, "--hash-iterations", "10"]
        let first = try await EmulatorProcess.start(arguments)
        let acknowledged = Acknowledged()
        let wanted = 200
        // Eight clients sign up in a loop; the kill comes while their next requests are in flight.
        let (authority, origin) = (first.authority, first.origin)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    for index in 0..<1000 where acknowledged.count < wanted {
                        let username = "load\(client)-\(index)@contoso.com"
                        if (try? await signUp(authority: authority, origin: origin, username)) == true {
                            acknowledged.add(username)
                        }
                    }
                }
            }
            while acknowledged.count < wanted, first.process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
            #expect(await first.stop(with: SIGKILL) != 0)
            try await group.waitForAll()
        }

        let second = try await EmulatorProcess.start(arguments)
        let users = try await get("\(second.origin)/emulator/v1/users") as? [[String: Any]]
        let emails = Set(users?.compactMap { $0["email"] as? String } ?? [])
        let kept = acknowledged.usernames
        #expect(kept.count >= wanted)
        #expect(Set(kept).isSubset(of: emails), "lost \(Set(kept).subtracting(emails).count) of \(kept.count)")
        #expect(await second.stop(with: SIGTERM) == 0)
    }

    /// `0.0.0.0` binds every address but no client can send to it: the emulator names a usable authority for each
    /// local address instead, loopback first (the line scripts read), and each answers discovery (issue #37).
    @Test("--host 0.0.0.0 prints one usable authority per local IPv4 address, loopback first; each answers discovery")
    func everyAddressPrintsUsableAuthorities() async throws {
        let server = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), host: "0.0.0.0",
                                              hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        let inProcess = server.authorities
        server.stop()
        // Required: with no usable first line the process prints fewer lines than read below.
        try #require(inProcess.first?.absoluteString.hasPrefix("http://127.0.0.1:") == true, "\(inProcess)")
        let emulator = try await EmulatorProcess.start(["--host", "0.0.0.0", "--hash-iterations", "10"])
        var authorities = [emulator.authority]
        while authorities.count < inProcess.count {
            let line = try await emulator.nextLine()
            #expect(line.hasPrefix("listening on "), "\(line)")
            authorities.append(String(line.dropFirst("listening on ".count)))
        }
        #expect(authorities.first?.hasPrefix("http://127.0.0.1:") == true, "\(authorities)")
        for authority in authorities {
            let url = try #require(URL(string: authority + "/v2.0/.well-known/openid-configuration"))
            #expect(url.host != "0.0.0.0")
            let (_, response) = try await URLSession.shared.data(from: url)
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(authority)")
        }
        #expect(await emulator.stop(with: SIGTERM) == 0)
    }
}
