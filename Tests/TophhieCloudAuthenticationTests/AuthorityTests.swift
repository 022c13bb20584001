import Foundation
import TestSupport
import Testing
import TophhieCloudAuthentication

/// Field case 025 (docs/field-cases.md): one parser for every authority; endpoints built from its path with its query kept.
@Suite struct AuthorityTests {
    @Test func aQueryStaysAQueryOnEveryEndpoint() throws {
        let authority = try Authority(parsing: "https://contoso.ciamlogin.com/5f1c9a42-0000-4000-8000-000000000001?dc=ESTS-PUB-WEULR1-AZ1-FD000-TEST1")
        #expect(authority.endpoint("/oauth2/v2.0/initiate").absoluteString
            == "https://contoso.ciamlogin.com/5f1c9a42-0000-4000-8000-000000000001/oauth2/v2.0/initiate?dc=ESTS-PUB-WEULR1-AZ1-FD000-TEST1")
        #expect(authority.completionNote == nil)
    }

    @Test func aHostOnlyCIAMAuthorityIsCompletedAndSaysSo() throws {
        for text in ["https://contoso.ciamlogin.com/", "https://contoso.ciamlogin.com", " https://Contoso.ciamlogin.com// "] {
            let authority = try Authority(parsing: text)
            #expect(authority.url.absoluteString.lowercased() == "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", "\(text)")
            #expect(authority.completionNote?.contains("contoso.onmicrosoft.com") == true)
        }
    }

    @Test func otherAuthoritiesWithoutATenantPathAreRefusedWithTheShapes() {
        for text in ["https://login.contoso.com/", "https://contoso.b2clogin.com", "https://a.b.ciamlogin.com/"] {
            #expect(throws: NativeAuthError.invalidConfiguration(
                "The authority \(text) has no tenant path. Use one of: \(Authority.acceptedShapes).")) {
                try Authority(parsing: text)
            }
        }
    }

    @Test func theOtherShapesAreKeptAsGiven() throws {
        for text in ["https://contoso.ciamlogin.com/contoso.onmicrosoft.com", "https://contoso.ciamlogin.com/5f1c9a42",
                     "https://login.contoso.com/5f1c9a42", "http://127.0.0.1:8443/5f1c9a42"] {
            #expect(try Authority(parsing: text + "/").url.absoluteString == text)
        }
        #expect(throws: NativeAuthError.self) { try Authority(parsing: "http://contoso.ciamlogin.com/t") }
        #expect(throws: NativeAuthError.self) { try Authority(parsing: "ftp://contoso.ciamlogin.com/t") }
        #expect(throws: NativeAuthError.self) { try Authority(parsing: "contoso.ciamlogin.com/t") }
    }

    /// `configure` uses the same parser: the request goes to the tenant path, the query after it.
    @Test func configureSendsToTheCompletedPathWithTheQuery() async throws {
        let server = ScriptedTransport([
            Step(.signInInitiate, form: ["client_id": Kit.clientID, "username": Kit.email, "challenge_type": "oob password redirect",
                                         "capabilities": "mfa_required registration_required"],
                 response: Kit.error("user_not_found", code: 50034)),
        ])
        let auth = TophhieNativeAuth(transport: server, sleeper: { _ in })
        try auth.configure(clientId: Kit.clientID, authority: URL(string: "https://contoso.ciamlogin.com?dc=X1"),
                           capabilities: [.mfaRequired, .registrationRequired])
        #expect(auth.currentConfiguration?.parsedAuthority.completionNote != nil)
        await #expect(throws: NativeAuthError.self) { _ = try await auth.signIn(email: Kit.email, password: "pw") }
        #expect(server.requests.map(\.url.absoluteString)
            == ["https://contoso.ciamlogin.com/contoso.onmicrosoft.com/oauth2/v2.0/initiate?dc=X1"])
    }
}
