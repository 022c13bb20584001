import Foundation
import Synchronization
import TestSupport
import TophhieCloudAuthentication

/// Shared vocabulary of the flow tests: one tenant, one client, scripted answers.
enum Kit {
    static let clientID = "0f1e2d3c-client"
    static let authority = URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!
    static let email = "jane.doe@contoso.com"
    static let challengeTypes = "oob password redirect"
    static let capabilities = "mfa_required registration_required"
    static let scope = "User.Read openid profile offline_access"

    /// A configured instance over `transport`, whose waits are recorded instead of slept.
    static func auth(_ transport: ScriptedTransport, capabilities: [Capability] = [.mfaRequired, .registrationRequired],
                     sleeps: SleepLog = SleepLog()) throws -> TophhieNativeAuth {
        let auth = TophhieNativeAuth(transport: transport, sleeper: { seconds in sleeps.record(seconds) })
        try auth.configure(clientId: clientID, authority: authority, capabilities: capabilities)
        return auth
    }

    // MARK: Requests

    static func start(_ extra: [String: String] = [:], capabilities: String? = Kit.capabilities) -> [String: String] {
        var form = ["client_id": clientID, "username": email, "challenge_type": challengeTypes]
        form["capabilities"] = capabilities
        return form.merging(extra) { $1 }
    }

    static func continuing(_ token: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["client_id": clientID, "continuation_token": token].merging(extra) { $1 }
    }

    static func challenge(_ token: String, _ extra: [String: String] = [:]) -> [String: String] {
        continuing(token, ["challenge_type": challengeTypes].merging(extra) { $1 })
    }

    static func tokenRequest(_ token: String, grant: String, _ extra: [String: String] = [:]) -> [String: String] {
        continuing(token, ["grant_type": grant, "scope": scope, "client_info": "true"].merging(extra) { $1 })
    }

    // MARK: Answers

    static func token(_ token: String) -> HTTPResponse { .json(200, #"{"continuation_token":"\#(token)"}"#) }

    static func oob(_ token: String, channel: String = "email", label: String = "j***@c*****o.com", length: Int = 8) -> HTTPResponse {
        .json(200, #"{"continuation_token":"\#(token)","challenge_type":"oob","binding_method":"prompt","challenge_channel":"\#(channel)","challenge_target_label":"\#(label)","code_length":\#(length),"interval":30}"#)
    }

    static func passwordChallenge(_ token: String) -> HTTPResponse {
        .json(200, #"{"continuation_token":"\#(token)","challenge_type":"password"}"#)
    }

    static func error(_ error: String, suberror: String? = nil, code: Int, token: String? = nil, extra: String = "") -> HTTPResponse {
        var fields = [#""error":"\#(error)""#, #""error_description":"AADSTS\#(code): test.""#, #""error_codes":[\#(code)]"#,
                      #""correlation_id":"corr-\#(code)""#, #""trace_id":"trace""#, #""timestamp":"2026-11-30 00:00:00Z""#]
        if let suberror { fields.append(#""suberror":"\#(suberror)""#) }
        if let token { fields.append(#""continuation_token":"\#(token)""#) }
        if !extra.isEmpty { fields.append(extra) }
        return .json(400, "{" + fields.joined(separator: ",") + "}")
    }

    static let accessToken = "eyJhY2Nlc3MiOiJ0b2tlbiJ9.access.sig"
    static let refreshToken = "1.refresh-token-secret"
    static let idToken = jwt(["oid": "oid-1", "tid": "tid-1", "preferred_username": email, "name": "Jane Doe"])

    static func tokens(refresh: String = refreshToken) -> HTTPResponse {
        let info = base64URL(#"{"uid":"oid-1","utid":"tid-1"}"#)
        return .json(200, #"{"token_type":"Bearer","scope":"openid profile User.Read","expires_in":3600,"ext_expires_in":3600,"access_token":"\#(accessToken)","refresh_token":"\#(refresh)","id_token":"\#(idToken)","client_info":"\#(info)"}"#)
    }

    static func jwt(_ claims: [String: String]) -> String {
        let payload = (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data()
        return base64URL(#"{"alg":"RS256","typ":"JWT"}"#) + "." + base64URL(payload) + ".signature"
    }

    static func base64URL(_ text: String) -> String { base64URL(Data(text.utf8)) }

    static func base64URL(_ data: Data) -> String { Base64URL.encode(data) }
}

/// Records the waits a flow asked for.
final class SleepLog: Sendable {
    private let seconds = Mutex<[Double]>([])
    func record(_ value: Double) { seconds.withLock { $0.append(value) } }
    var all: [Double] { seconds.withLock { $0 } }
}

typealias Step = ScriptedTransport.Step
