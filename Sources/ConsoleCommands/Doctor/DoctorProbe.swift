import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// The requests `tophhie doctor` sends, through the same transport as the console (so `--ca-file` and the
/// proxy settings apply), and what it reads from the answers. Nothing secret is sent; the continuation token
/// a sign-up start may return is dropped unread.
struct DoctorProbe: Sendable {
    let transport: any HTTPTransport
    let authority: Authority
    let clientID: String

    /// What a native-auth start answered.
    struct Answer: Sendable {
        var status: Int
        /// `error`, `suberror`, `error_codes[0]` of an error answer.
        var error: String?
        var suberror: String?
        var code: Int?
        var description: String?
        /// A 200 with `challenge_type=redirect` (the web fallback, docs/protocol.md §N1.6).
        var redirected: Bool
        var redirectReason: String?
    }

    /// A sentence for a probe that got no answer, as the console says it (server text made printable).
    func describe(_ failure: TransportFailure) -> String {
        PrintableText.make(failure.sentence(host: authority.url.host ?? "the tenant"))
    }

    /// `GET {authority}/v2.0/.well-known/openid-configuration`.
    func discovery() async throws(TransportFailure) -> HTTPResponse {
        try await transport.send(HTTPRequest(url: authority.endpoint("/v2.0/.well-known/openid-configuration"), method: "GET",
                                             timeout: 15))
    }

    /// A start request for `username` with these challenge types and capabilities.
    func start(_ endpoint: NativeAuthEndpoint, username: String, challengeTypes: [ChallengeType],
               capabilities: [Capability]) async throws(TransportFailure) -> Answer {
        var form = FormBody()
        form.set(.clientID, clientID)
        form.set(.username, username)
        form.set(.challengeType, list: challengeTypes)
        if !capabilities.isEmpty { form.set(.capabilities, list: capabilities) }
        let response = try await transport.send(HTTPRequest(url: authority.endpoint(endpoint.path),
                                                            headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                            body: form.encoded, timeout: 15))
        let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: response.body)
        let body = response.status == 200 ? try? JSONDecoder().decode(ResponseBody.self, from: response.body) : nil
        return Answer(status: response.status, error: envelope?.error.wireValue, suberror: envelope?.suberror?.wireValue,
                      code: envelope?.errorCodes?.first, description: envelope?.errorDescription,
                      redirected: body?.challengeType == .redirect, redirectReason: body?.redirectReason)
    }
}
