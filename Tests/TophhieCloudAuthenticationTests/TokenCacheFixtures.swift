import Foundation
import TestSupport
@testable import TophhieCloudAuthentication

/// Inputs and helpers shared by the TokenCache* tests.
enum TokenCacheFixtures {
    static let home = "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
    static let environment = "contoso.ciamlogin.com"
    static let client = "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b"
    static let realm = "9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
    static let clientInfo = "eyJ1aWQiOiJlN2Q2YzViNC1hMzkyLTQ4MTctOWYwZS0xZDJjM2I0YTU5NjgiLCJ1dGlkIjoiOWEzYzZlNTItMWYwZC00YjdhLThjMmUtNWQ0ZjNiMmExYzAwIn0"
    static let idToken = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsImtpZCI6ImNvbnRvc28tdGVzdC1rZXktMSJ9.eyJhdWQiOiI0ZjFlMmQzYy01YjZhLTQ5NzgtOGExYi0yYzNkNGU1ZjZhN2IiLCJpc3MiOiJodHRwczovLzlhM2M2ZTUyLTFmMGQtNGI3YS04YzJlLTVkNGYzYjJhMWMwMC5jaWFtbG9naW4uY29tLzlhM2M2ZTUyLTFmMGQtNGI3YS04YzJlLTVkNGYzYjJhMWMwMC92Mi4wIiwiaWF0IjoxNzY3MjI1NjAwLCJuYmYiOjE3NjcyMjU2MDAsImV4cCI6MTc2NzIyOTIwMCwibmFtZSI6IlJpdmVyIFRhbSIsIm9pZCI6ImU3ZDZjNWI0LWEzOTItNDgxNy05ZjBlLTFkMmMzYjRhNTk2OCIsInByZWZlcnJlZF91c2VybmFtZSI6InJpdmVyQGNvbnRvc28uY29tIiwic3ViIjoicTBYYjlmYWtlUGFpcndpc2VTdWJqZWN0Q29udG9zbzAxIiwidGlkIjoiOWEzYzZlNTItMWYwZC00YjdhLThjMmUtNWQ0ZjNiMmExYzAwIiwidmVyIjoiMi4wIn0.c2lnbmF0dXJlLXBsYWNlaG9sZGVy"
    static let accessSecret = "eyJ0eXAiOiJKV1QiLCJub25jZSI6InBsYWNlaG9sZGVyIn0.QVQtUExBQ0VIT0xERVI.c2ln"
    static let refreshSecret = "1.AR-PLACEHOLDER-REFRESH-TOKEN-CONTOSO"

    /// docs/protocol.md §I1.8, verbatim (MSAL Python 1.39 output).
    static let section18 = #"""
    {
        "AccessToken": {
            "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00-contoso.ciamlogin.com-accesstoken-4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b-9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00-user.read email openid profile": {
                "credential_type": "AccessToken",
                "secret": "eyJ0eXAiOiJKV1QiLCJub25jZSI6InBsYWNlaG9sZGVyIn0.QVQtUExBQ0VIT0xERVI.c2ln",
                "home_account_id": "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00",
                "environment": "contoso.ciamlogin.com",
                "client_id": "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b",
                "target": "User.Read email openid profile",
                "realm": "9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00",
                "token_type": "Bearer",
                "cached_at": "1767225600",
                "expires_on": "1767229199",
                "extended_expires_on": "1767229199"
            }
        },
        "Account": {
            "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00-contoso.ciamlogin.com-9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00": {
                "home_account_id": "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00",
                "environment": "contoso.ciamlogin.com",
                "realm": "9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00",
                "local_account_id": "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968",
                "username": "river@contoso.com",
                "authority_type": "MSSTS",
                "account_source": "urn:ietf:params:oauth:grant-type:device_code"
            }
        },
        "IdToken": {
            "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00-contoso.ciamlogin.com-idtoken-4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b-9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00-": {
                "credential_type": "IdToken",
                "secret": "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsImtpZCI6ImNvbnRvc28tdGVzdC1rZXktMSJ9.eyJhdWQiOiI0ZjFlMmQzYy01YjZhLTQ5NzgtOGExYi0yYzNkNGU1ZjZhN2IiLCJpc3MiOiJodHRwczovLzlhM2M2ZTUyLTFmMGQtNGI3YS04YzJlLTVkNGYzYjJhMWMwMC5jaWFtbG9naW4uY29tLzlhM2M2ZTUyLTFmMGQtNGI3YS04YzJlLTVkNGYzYjJhMWMwMC92Mi4wIiwiaWF0IjoxNzY3MjI1NjAwLCJuYmYiOjE3NjcyMjU2MDAsImV4cCI6MTc2NzIyOTIwMCwibmFtZSI6IlJpdmVyIFRhbSIsIm9pZCI6ImU3ZDZjNWI0LWEzOTItNDgxNy05ZjBlLTFkMmMzYjRhNTk2OCIsInByZWZlcnJlZF91c2VybmFtZSI6InJpdmVyQGNvbnRvc28uY29tIiwic3ViIjoicTBYYjlmYWtlUGFpcndpc2VTdWJqZWN0Q29udG9zbzAxIiwidGlkIjoiOWEzYzZlNTItMWYwZC00YjdhLThjMmUtNWQ0ZjNiMmExYzAwIiwidmVyIjoiMi4wIn0.c2lnbmF0dXJlLXBsYWNlaG9sZGVy",
                "home_account_id": "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00",
                "environment": "contoso.ciamlogin.com",
                "realm": "9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00",
                "client_id": "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b"
            }
        },
        "RefreshToken": {
            "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00-contoso.ciamlogin.com-refreshtoken-4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b--user.read email openid profile": {
                "credential_type": "RefreshToken",
                "secret": "1.AR-PLACEHOLDER-REFRESH-TOKEN-CONTOSO",
                "home_account_id": "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00",
                "environment": "contoso.ciamlogin.com",
                "client_id": "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b",
                "target": "User.Read email openid profile",
                "last_modification_time": "1767225600"
            }
        },
        "AppMetadata": {
            "appmetadata-contoso.ciamlogin.com-4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b": {
                "client_id": "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b",
                "environment": "contoso.ciamlogin.com"
            }
        }
    }
    """#

    /// Field case 020 (docs/field-cases.md): two refresh tokens of one account whose keys and environments differ only in case, and an
    /// id token with `"credential_type": "IDToken"`.
    static let case020Client = "00000000-0000-0000-0000-0000000000c1"
    static let case020 = #"""
    {
        "Account": {
            "uid.utid-contoso.ciamlogin.com-utid": {
                "home_account_id": "uid.utid", "environment": "contoso.ciamlogin.com", "realm": "utid",
                "local_account_id": "uid", "username": "river@contoso.com", "authority_type": "MSSTS"
            }
        },
        "RefreshToken": {
            "uid.utid-Contoso.CIAMLogin.com-refreshtoken-00000000-0000-0000-0000-0000000000c1--": {
                "credential_type": "RefreshToken", "secret": "rt-old", "home_account_id": "uid.utid",
                "environment": "Contoso.CIAMLogin.com", "client_id": "00000000-0000-0000-0000-0000000000c1",
                "last_modification_time": "1700000000"
            },
            "uid.utid-contoso.ciamlogin.com-refreshtoken-00000000-0000-0000-0000-0000000000c1--": {
                "credential_type": "RefreshToken", "secret": "rt-new", "home_account_id": "uid.utid",
                "environment": "contoso.ciamlogin.com", "client_id": "00000000-0000-0000-0000-0000000000c1",
                "last_modification_time": "1800000000"
            }
        },
        "IdToken": {
            "uid.utid-contoso.ciamlogin.com-idtoken-00000000-0000-0000-0000-0000000000c1-utid---": {
                "credential_type": "IDToken", "secret": "id-token-020", "home_account_id": "uid.utid",
                "environment": "contoso.ciamlogin.com", "realm": "utid", "client_id": "00000000-0000-0000-0000-0000000000c1"
            }
        },
        "AccessToken": {},
        "AppMetadata": {}
    }
    """#

    /// The docs/protocol.md §I1.8 sign-in as a token answer.
    static var section18Answer: TokenGrant {
        TokenGrant(accessToken: Secret(accessSecret), refreshToken: Secret(refreshSecret), idToken: Secret(idToken), clientInfo: clientInfo,
                               scope: "openid profile email User.Read", expiresIn: 3599)
    }

    static let signInTime = Date(timeIntervalSince1970: 1_767_225_600)
    static let deviceCode = "urn:ietf:params:oauth:grant-type:device_code"

    /// The JSON text parsed by Foundation, independent of the code under test.
    static func foundationJSON(_ data: Data) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// The entries of one top-level member, parsed by Foundation.
    static func entries(_ member: String, in data: Data) throws -> [String: [String: Any]] {
        (try foundationJSON(data)[member] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }
    }

    /// An unsigned JWT with these claims.
    static func jwt(_ claims: [String: String]) -> String {
        func encode(_ object: [String: String]) -> String {
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return Base64URL.encode(data)
        }
        return encode(["alg": "none"]) + "." + encode(claims) + ".c2ln"
    }
}

/// A fresh folder under the temporary directory, removed by `remove()`.
struct ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("token-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Permission bits of a file.
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// Writes `text` with `mode`, as another tool would.
    func write(_ name: String, _ bytes: Data, mode: Int = 0o600) throws {
        try bytes.write(to: URL(fileURLWithPath: file(name)))
        chmod(file(name), mode_t(mode))
    }
}
