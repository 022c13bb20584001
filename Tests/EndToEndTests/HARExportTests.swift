import Foundation
import Testing

extension EndToEnd {
    @Suite struct HARExport {
        /// A full sign-up with `--har FILE`: the file is HAR 1.2 and holds none of the secrets used.
        @Test func signUpExportHasNoSecrets() async throws {
            let har = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-e2e-\(UUID().uuidString).har")
            defer { try? FileManager.default.removeItem(at: har) }
            let run = try ConsoleRun(arguments: ["--har", har.path])
            #expect(await run.waitForHome())
            let email = "har.export@example.com", password = "Har-Secret-7731!"
            await run.startSignUp(email: email, password: password)
            let code = try await run.enterCode(sentTo: email, title: "Check your email")
            #expect(await run.wait(for: "A few more details", timeout: ConsoleRun.serverWait))
            run.type("Har Person")
            run.keys("Enter")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.quit() == 0)

            let data = try Data(contentsOf: har)
            let text = String(decoding: data, as: UTF8.self)
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let log = try #require(root["log"] as? [String: Any])
            #expect(log["version"] as? String == "1.2")
            #expect((log["creator"] as? [String: Any])?["name"] != nil)
            let entries = try #require(log["entries"] as? [[String: Any]])
            #expect(entries.count >= 4, "a sign-up is at least start, challenge, continue and token")
            for entry in entries {
                let request = entry["request"] as? [String: Any]
                let response = entry["response"] as? [String: Any]
                #expect(request?["method"] is String && request?["url"] is String)
                #expect(response?["status"] is Int)
            }
            let paths = entries.compactMap { ($0["request"] as? [String: Any])?["url"] as? String }
            #expect(paths.contains { $0.hasSuffix("/signup/v1.0/start") })
            #expect(paths.contains { $0.hasSuffix("/oauth2/v2.0/token") })
            // No secret in any form: plain, form-encoded, or a token (a JWT starts eyJ).
            let encodedPassword = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
            for secret in [password, encodedPassword, code] {
                #expect(!text.contains(secret), "a secret is in the HAR file")
            }
            #expect(!text.contains("eyJ"), "a token is in the HAR file")
            #expect(text.contains("continuation_token"), "the export has no token fields at all, so the check proves nothing")
            #expect(tokenValues(in: root).allSatisfy { $0 == "<redacted>" }, "\(tokenValues(in: root))")
        }

        /// Every value stored under a token-like name (`…token`), anywhere in the document or in the
        /// JSON bodies it quotes.
        private func tokenValues(in value: Any, key: String? = nil) -> [String] {
            switch value {
            case let object as [String: Any]:
                if let name = object["name"] as? String, name.hasSuffix("token"), let text = object["value"] as? String {
                    return [text]
                }
                return object.flatMap { tokenValues(in: $0.value, key: $0.key) }
            case let array as [Any]:
                return array.flatMap { tokenValues(in: $0) }
            case let text as String:
                if key?.hasSuffix("token") == true { return [text] }
                if key == "text", let data = text.data(using: .utf8), let body = try? JSONSerialization.jsonObject(with: data) {
                    return tokenValues(in: body)
                }
                return []
            default:
                return []
            }
        }
    }
}
