import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

extension EndToEnd {
    /// Microsoft Graph from the account screen, against a standalone emulator: the profile and an edit the
    /// tenant refuses (field case 021, docs/field-cases.md), and an operator reading a user's sign-ins page by page through a
    /// throttled page (field case 022).
    @Suite struct Graph {
        static let clientID = "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"

        /// Account screen buttons: Home, Refresh now, Show claims, Sign out, Profile, Sign-in history.
        static func press(_ run: ConsoleRun, button index: Int) {
            for _ in 0..<index { run.keys("Tab") }
            run.keys("Enter")
        }

        @Test func profileViewAndAnEditTheTenantRefuses() async throws {
            let tenant = try await StandaloneEmulator(arguments: ["--tenant", ConsoleRun.policy("graph-narrow.json")])
            defer { tenant.stop() }
            let run = try ConsoleRun(arguments: ["console", "--authority", tenant.authority, "--client-id", Self.clientID,
                                                 "--graph", tenant.control.origin + "/v1.0"], embedded: false)
            #expect(await run.waitForHome())
            await run.signIn(EndToEnd.Interactive.username, EndToEnd.Interactive.password)
            #expect(await run.wait(for: "[ Sign out ]", timeout: ConsoleRun.serverWait), "\(run.screen)")
            Self.press(run, button: 4)
            #expect(await run.wait(for: "Street address", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("not set"), "an unset property must read 'not set':\n\(run.screen)")
            run.keys("Enter")  // Edit
            #expect(await run.wait(for: "Edit profile"), "\(run.screen)")
            // An allowed field saves…
            await run.focus("City")
            run.clearField()
            run.type("Lisbon")
            run.keys("Enter")
            #expect(await run.wait(for: "Saved", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // …one this tenant does not let customers change is refused, marked in place, and kept.
            run.keys("Enter")  // Edit
            #expect(await run.wait(for: "Edit profile"), "\(run.screen)")
            // Graph's 403 names no field: the console tries each alone, saves City and marks only Job title.
            await run.focus("City")
            run.clearField()
            run.type("Porto")
            await run.focus("Job title")
            run.clearField()
            run.type("Chief Tester")
            run.keys("Enter")
            #expect(await run.wait(for: "may not change this field", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.field("Job title", shows: "Chief Tester"), "the edit must stay on screen:\n\(run.screen)")
            #expect(run.screen.components(separatedBy: "may not change this field").count == 2, "only Job title is marked:\n\(run.screen)")
            let jane = try #require(try await tenant.control.users().first { $0["email"] as? String == EndToEnd.Interactive.username })
            #expect((jane["attributes"] as? [String: String])?["city"] == "Porto", "the allowed field was saved: \(jane)")
            #expect(await run.quit() == 0)
        }

        @Test func anOperatorPagesThroughAUsersSignInsPastAThrottledPage() async throws {
            let tenant = try await StandaloneEmulator()
            defer { tenant.stop() }
            let jane = try #require(try await tenant.control.users().first { $0["email"] as? String == EndToEnd.Interactive.username })
            let janeID = try #require(jane["id"] as? String)
            // 55 wrong passwords: more than one page of 50.
            let native = NativeClient(authority: tenant.authority, clientID: Self.clientID)
            for _ in 0..<55 { try await native.failPassword(EndToEnd.Interactive.username) }

            let run = try ConsoleRun(arguments: ["console", "--authority", tenant.authority, "--client-id", Self.clientID,
                                                 "--graph", tenant.control.origin + "/v1.0"], embedded: false)
            #expect(await run.waitForHome())
            await run.signIn("ops@contoso.com", "Ops-Harbor-5521!")
            #expect(await run.wait(for: "[ Sign out ]", timeout: ConsoleRun.serverWait), "\(run.screen)")
            Self.press(run, button: 5)
            #expect(await run.wait(for: "Whose sign-ins?"), "\(run.screen)")
            run.clearField()
            run.type(janeID)
            run.keys("Enter")
            #expect(await run.wait(for: "(50 of 50 loaded, more on the server)", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Failed 50126"), "\(run.screen)")

            try await tenant.control.request("POST", "faults", body: #"{"endpoint":"/v1.0/auditLogs/signIns","kind":"http429","seconds":3}"#)
            run.keys("Tab", "Tab", "Enter")  // Filter, Load more
            #expect(await run.wait(for: "Throttled: retrying in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("of 50 loaded"), "the rows already read stay while waiting:\n\(run.screen)")
            #expect(await run.waitUntilGone("Throttled: retrying", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.waitUntilGone("[ Load more ]"), "all pages read, no more to load:\n\(run.screen)")
            for _ in 0..<8 { run.keys("PPage") }
            #expect(await run.wait(for: "(55 of 55 loaded)"), "\(run.screen)")
            #expect(await run.quit() == 0)
        }
    }
}

/// Just enough of the native-auth API to make the tenant log failed sign-ins.
struct NativeClient {
    let authority: String
    let clientID: String

    /// initiate → challenge → token with a wrong password (AADSTS50126, logged by the tenant).
    func failPassword(_ username: String) async throws {
        let started = try await post("/oauth2/v2.0/initiate", ["client_id": clientID, "username": username, "challenge_type": "oob password redirect"])
        let token = try #require(started["continuation_token"] as? String)
        let challenged = try await post("/oauth2/v2.0/challenge", ["client_id": clientID, "continuation_token": token,
                                                             "challenge_type": "oob password redirect"])
        let next = try #require(challenged["continuation_token"] as? String)
        _ = try await post("/oauth2/v2.0/token", ["client_id": clientID, "continuation_token": next, "grant_type": "password",
                                            "password": "not-the-password", "scope": "openid offline_access"])
    }

    private func post(_ path: String, _ form: [String: String]) async throws -> [String: Any] {
        let url = try #require(URL(string: authority + path))
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&").utf8)
        // The request's own timeout (10 s) ends a wait with no answer; the completion resumes this task.
        let data = await withCheckedContinuation { (done: CheckedContinuation<Data?, Never>) in
            URLSession.shared.dataTask(with: request) { data, _, _ in done.resume(returning: data) }.resume()
        }
        return (data.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]) ?? [:]
    }
}
