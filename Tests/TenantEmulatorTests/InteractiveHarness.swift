import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// A PKCE pair (RFC 7636 §4.1–§4.2): a 43-character verifier and its `S256` challenge.
struct PKCE {
    let verifier: String
    let challenge: String

    init(verifier: String = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") {
        self.verifier = verifier
        challenge = Base64URL.encode(SHA256Digest.bytes(verifier))
    }
}

/// Browser- and device-style requests to an in-process emulator: GET with a query, form posts as a browser
/// sends them, and readers for the HTML pages' hidden `flow` field.
extension Harness {
    static let loopbackRedirect = "http://localhost:53682"

    func get(_ path: String, _ query: [String: String] = [:], headers: [String: String] = [:]) -> EmulatorResponse {
        emulator.handle(EmulatorRequest(method: "GET", path: path, query: query, headers: headers))
    }

    /// POSTs `application/x-www-form-urlencoded` fields to any path.
    func postForm(_ path: String, _ fields: [String: String], headers: [String: String] = [:]) -> EmulatorResponse {
        let body = fields.sorted { $0.key < $1.key }.map { "\(FormBody.escape($0.key))=\(FormBody.escape($0.value))" }.joined(separator: "&")
        return emulator.handle(EmulatorRequest(method: "POST", path: path,
                                               headers: headers.merging(["content-type": "application/x-www-form-urlencoded"]) { _, new in new },
                                               body: Data(body.utf8)))
    }

    /// `POST /devicecode`; returns the JSON answer.
    func deviceAuthorization(scope: String = "openid profile offline_access User.Read") throws -> [String: Any] {
        let response = postForm(tenantPath + "/oauth2/v2.0/devicecode", ["client_id": clientID, "scope": scope])
        guard response.status == 200, let object = response.jsonObject else { throw HarnessError.notJSON("devicecode", response.status) }
        return object
    }

    /// One device-code poll at `/token` (MSAL sends `client_info=1`).
    func poll(_ deviceCode: String) -> EmulatorResponse {
        post(.token, ["client_id": clientID, "grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": deviceCode,
                      "client_info": "1"])
    }

    /// The authorize parameters of field case 024 (docs/field-cases.md) with a PKCE `S256` challenge; `overrides` replace or (with "") drop.
    func authorizeQuery(_ pkce: PKCE = PKCE(), _ overrides: [String: String] = [:]) -> [String: String] {
        var query = ["client_id": clientID, "response_type": "code", "redirect_uri": Self.loopbackRedirect,
                     "scope": "openid profile offline_access User.Read", "state": "st-81f2", "nonce": "n-0S6_WzA2Mj",
                     "code_challenge": pkce.challenge, "code_challenge_method": "S256", "client_info": "1"]
        for (key, value) in overrides { query[key] = value.isEmpty ? nil : value }
        return query
    }

    var authorizePath: String { tenantPath + "/oauth2/v2.0/authorize" }

    /// Authorize, then the email and password pages: the final answer (a redirect, or the form_post page).
    func signInThroughAuthorize(_ query: [String: String], username: String = "jane.doe@contoso.com",
                                password: String = "Blue-Harbor-7419!", headers: [String: String] = [:]) throws -> EmulatorResponse {
        let first = get(authorizePath, query, headers: headers)
        let flow = try flowHandle(first)
        let passwordPage = postForm(authorizePath, ["flow": flow, "username": username, "action": "next"], headers: headers)
        #expect(html(passwordPage).contains(#"id="password""#))
        return postForm(authorizePath, ["flow": flow, "password": password, "action": "next"], headers: headers)
    }

    /// The query items of a redirect's `Location`.
    func redirectItems(_ response: EmulatorResponse) -> [String: String] {
        guard let location = response.headers["Location"], let components = URLComponents(string: location) else { return [:] }
        return Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    /// Redeems a code at `/token`.
    func redeem(_ code: String, verifier: String, redirectURI: String = Harness.loopbackRedirect,
                scope: String = "openid profile offline_access User.Read") -> EmulatorResponse {
        post(.token, ["client_id": clientID, "grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI,
                      "code_verifier": verifier, "scope": scope, "client_info": "1"])
    }
}

func html(_ response: EmulatorResponse) -> String { String(decoding: response.body, as: UTF8.self) }

/// The value of the page's hidden input `name` (attribute order as `HTMLPage` writes it).
func hiddenValue(_ page: String, _ name: String) -> String? {
    guard let range = page.range(of: #"name="\#(name)" value="([^"]*)""#, options: .regularExpression) else { return nil }
    let match = page[range]
    guard let start = match.range(of: #"value=""#)?.upperBound else { return nil }
    return String(match[start...].dropLast())
}

/// The hidden `flow` handle of a sign-in page.
func flowHandle(_ response: EmulatorResponse) throws -> String {
    guard let handle = hiddenValue(html(response), "flow") else { throw HarnessError.noToken("page", html(response)) }
    return handle
}

/// The `device_code` of a device authorization answer ("" when missing, which the emulator refuses).
func deviceCode(_ answer: [String: Any]) -> String { answer["device_code"] as? String ?? "" }
/// The `user_code` of a device authorization answer.
func userCode(_ answer: [String: Any]) -> String { answer["user_code"] as? String ?? "" }
