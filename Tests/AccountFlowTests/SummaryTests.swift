import Foundation
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// The framework → summary mappings keep what screens need and drop every secret.
@Suite struct SummaryTests {
    @Test func signedInAccountDropsTheTokens() {
        let account = TophhieAccount(objectID: "oid-1", tenantID: "tid-1", username: Sample.email, displayName: "Ada",
                                     claims: ["name": "Ada"])
        let result = TophhieAuthResult(idToken: "id.token.secret", accessToken: "access-secret", refreshToken: "refresh-secret",
                                       expiresOn: Sample.start, scopes: ["openid"], account: account)
        let summary = SignedInAccount(result)
        #expect(summary == SignedInAccount(username: Sample.email, displayName: "Ada", objectID: "oid-1", tenantID: "tid-1",
                                           claims: ["name": "Ada"], accessTokenExpiresOn: Sample.start, scopes: ["openid"],
                                           canRefresh: true))
        let dump = String(describing: summary)
        #expect(!dump.contains("secret"))
    }

    @Test func passwordResetErrorsMapToNativeAuthErrors() {
        #expect(PasswordResetError.invalidCode(Sample.details).nativeAuthError == .invalidCode(Sample.details))
        #expect(PasswordResetError.other(.expiredFlow(Sample.details)).nativeAuthError == .expiredFlow(Sample.details))
        #expect(PasswordResetError.resetFailed(Sample.details).nativeAuthError == .server(Sample.details))
    }

    @Test func effectDescriptionsRedactSecrets() {
        let effects: [FlowEffect] = [
            .startSignUp(email: Sample.email, password: "pw-secret", attributes: ["city": "Lisbon"]),
            .startSignIn(email: Sample.email, password: "pw-secret"), .submit(.code("code-secret")),
            .submit(.password("pw-secret")), .submit(.attributes(["city": "Lisbon"])),
            .submit(.contact(methodID: "sms", contact: "+447700900123")),
        ]
        for effect in effects {
            let text = effect.description
            #expect(!text.contains("secret") && !text.contains("+44") && !text.contains("Lisbon"), "\(text)")
        }
    }

    /// AccountFlow stays free of the terminal and the network: no curses, no FoundationNetworking.
    @Test func accountFlowImportsNeitherCursesNorNetworking() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/AccountFlow")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for forbidden in ["import FoundationNetworking", "import CNcursesw", "import CursesBackend", "import TerminalUI"] {
                #expect(!text.contains(forbidden), "\(file.lastPathComponent) has \(forbidden)")
            }
            checked += 1
        }
        #expect(checked > 20)
    }
}
