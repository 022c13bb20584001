import Foundation
import NativeAuthWire

/// What a device-code sign-in is doing while it waits, for a progress line.
/// Source: docs/protocol.md §I4.2; RFC 8628 §3.5 (`slow_down`); field case 023 (docs/field-cases.md).
public enum DeviceCodeProgress: Sendable, Equatable {
    /// The user has not finished yet (`authorization_pending`); the next poll comes in `interval` seconds.
    case waiting(interval: Int)
    /// The server asked to slow down (`slow_down`): the interval grew by 5 seconds and stays.
    case slowedDown(interval: Int)
    /// A poll got no usable answer (a 5xx, a proxy's HTML page, no connection); polling goes on.
    /// `consecutive` counts such polls in a row.
    case serverBusy(consecutive: Int)
}

/// A device-code sign-in in progress (RFC 8628): show `userCode` and `verificationURI`, then
/// `waitForSignIn`.
///
/// For External ID the service hands out `https://microsoft.com/devicelogin`, where customer accounts fail
/// (AADSTS500208); `verificationURI` is then the tenant's own page `https://{authority host}/common/oauth2/deviceauth`
/// and `serviceVerificationURI` keeps what was sent. Source: docs/protocol.md §I4.1–§I4.3, trap T8; field case 023 (docs/field-cases.md).
public struct DeviceCodeStep: Sendable, CustomStringConvertible {
    /// The code the user types on the verification page, e.g. `ABCD-EFGH`.
    public let userCode: String
    /// Where the user signs in.
    public let verificationURI: URL
    /// `verification_uri` as the server sent it.
    public let serviceVerificationURI: String
    /// The server's instructions (`message`), if any.
    public let message: String?
    /// When the code stops working (`expires_in` after it was issued).
    public let expiresOn: Date
    /// Seconds between polls as advertised (`interval`; 5 when missing or not a number).
    public let interval: Int

    let deviceCode: String
    let scopes: [String]
    let session: InteractiveSession

    /// Consecutive failed polls (5xx, not JSON, no connection) before giving up.
    static let failureLimit = 5

    /// The code, the page and the expiry; never the device code.
    public var description: String {
        "DeviceCodeStep(userCode: \(userCode), verificationURI: \(verificationURI.absoluteString), expiresOn: \(expiresOn))"
    }

    /// Polls the token endpoint until the user finishes, then stores the tokens and makes the account current.
    ///
    /// Waits `interval` seconds before each poll; `slow_down` adds 5 seconds for good; a 5xx or unusable
    /// answer is reported as `serverBusy` and polling goes on (at most `failureLimit` in a row); never polls
    /// after `expiresOn`.
    /// - Parameter progress: called after each poll that did not end the sign-in.
    /// - Throws: `AuthError.deviceCodeExpired`, `.authorizationDeclined`, `.server` (e.g. `bad_verification_code`),
    ///   `.networkFailure` after too many failed polls, `.cancelled` when the task is cancelled.
    /// Source: docs/protocol.md §I4.2; RFC 8628 §3.4–§3.5.
    public func waitForSignIn(progress: @escaping @Sendable (DeviceCodeProgress) -> Void = { _ in }) async throws -> TophhieAuthResult {
        var interval = interval
        var failures = 0
        let metadata = try await session.metadata()
        while true {
            let remaining = expiresOn.timeIntervalSince(session.now())
            guard remaining > 0 else { throw AuthError.deviceCodeExpired }
            try await wait(min(Double(interval), remaining))
            guard session.now() < expiresOn else { throw AuthError.deviceCodeExpired }
            let answer: InteractiveClient.Answer
            do {
                answer = try await session.client.post(metadata.tokenEndpoint, form: [
                    ("client_id", session.configuration.clientID),
                    ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
                    ("device_code", deviceCode),
                    ("client_info", "1"),
                ])
            } catch is CancellationError {
                throw AuthError.cancelled
            } catch AuthError.networkFailure(let text) {
                failures += 1
                guard failures < Self.failureLimit else { throw AuthError.networkFailure(text) }
                progress(.serverBusy(consecutive: failures))
                continue
            }
            if answer.status == 429 {
                // Throttled: not the user's answer; wait what the server asks (within the code's life) and go on.
                failures += 1
                guard failures < Self.failureLimit else {
                    throw AuthError.networkFailure("The tenant kept throttling the polls (HTTP 429); the device code was abandoned.")
                }
                progress(.serverBusy(consecutive: failures))
                let retryAfter = RetryAfter.seconds(in: answer.headers, now: session.now())
                if let retryAfter, retryAfter > interval {
                    try await wait(Double(retryAfter - interval))
                }
                continue
            }
            if answer.status == 200 {
                return try await session.finishSignIn(answer, scopes: scopes, accountSource: "urn:ietf:params:oauth:grant-type:device_code",
                                                expectedNonce: nil)
            }
            let (envelope, details) = InteractiveClient.details(of: answer)
            guard let envelope, (400...499).contains(answer.status) else {
                failures += 1
                guard failures < Self.failureLimit else {
                    throw AuthError.networkFailure("The tenant kept failing (\(details)); the device code was abandoned.")
                }
                progress(.serverBusy(consecutive: failures))
                continue
            }
            failures = 0
            // `authorization_declined` and `code_expired` are device-code words outside native auth's vocabulary: matched as sent.
            switch envelope.error {
            case .authorizationPending:
                progress(.waiting(interval: interval))
            case .slowDown:
                interval += 5
                progress(.slowedDown(interval: interval))
            case .expiredToken, .unknown("code_expired"):
                throw AuthError.deviceCodeExpired
            case .accessDenied, .unknown("authorization_declined"):
                throw AuthError.authorizationDeclined(details)
            case .invalidRequest, .unauthorizedClient, .invalidClient, .unsupportedChallengeType, .userNotFound, .addressTaken,
                 .invalidGrant, .expiredRefreshToken, .credentialRequired, .attributesRequired, .verificationRequired, .invalidScope,
                 .unsupportedGrantType, .serverError, .unsupportedAuthMethod, .authNotSupported, .unknown:
                throw AuthError.server(details)
            }
        }
    }

    /// Sleeps within the code's life; cancellation ends the sign-in.
    private func wait(_ seconds: Double) async throws {
        let remaining = expiresOn.timeIntervalSince(session.now())
        guard remaining > 0 else { throw AuthError.deviceCodeExpired }
        do {
            try await session.sleeper(min(seconds, remaining))
        } catch {
            throw AuthError.cancelled
        }
    }

    /// Reads the device authorization answer.
    /// - Throws: `AuthError.unexpectedResponse` without `device_code`, `user_code` or `verification_uri`.
    init(answer data: Data, authority: Authority, issuedAt: Date, scopes: [String], session: InteractiveSession) throws {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw AuthError.unexpectedResponse("The device authorization answer is not a JSON object.")
        }
        guard let deviceCode = object["device_code"] as? String, !deviceCode.isEmpty,
              let userCode = object["user_code"] as? String, !userCode.isEmpty,
              let sent = (object["verification_uri"] ?? object["verification_url"]) as? String else {
            throw AuthError.unexpectedResponse("The device authorization answer lacks device_code, user_code or verification_uri.")
        }
        self.deviceCode = deviceCode
        self.userCode = userCode
        serviceVerificationURI = sent
        let usable = Self.usableVerificationURI(sent, authority: authority)
        verificationURI = usable
        // The service's message names the page it sent; it must not contradict the page shown instead.
        message = (object["message"] as? String).map { $0.replacingOccurrences(of: sent, with: usable.absoluteString) }
        interval = TokenGrant.seconds(object["interval"]).flatMap { $0 > 0 ? $0 : nil } ?? 5
        expiresOn = issuedAt.addingTimeInterval(TimeInterval(TokenGrant.seconds(object["expires_in"]).flatMap { $0 > 0 ? $0 : nil } ?? 900))
        self.scopes = scopes
        self.session = session
    }

    /// The service's workforce page is replaced by the tenant host's own (docs/protocol.md trap T8).
    static func usableVerificationURI(_ sent: String, authority: Authority) -> URL {
        let serviceHosts: Set<String> = ["microsoft.com", "www.microsoft.com", "login.microsoft.com"]
        if let url = URL(string: sent), let host = url.host?.lowercased(), !serviceHosts.contains(host), url.scheme != nil {
            return url
        }
        var components = URLComponents()
        components.scheme = authority.base.scheme
        components.host = authority.base.host
        components.port = authority.base.port
        components.path = "/common/oauth2/deviceauth"
        return components.url ?? authority.base
    }
}

extension DeviceCodeStep: CustomReflectable {
    /// What the user is shown; never the device code.
    public var customMirror: Mirror {
        Mirror(self, children: ["userCode": userCode, "verificationURI": verificationURI, "expiresOn": expiresOn, "interval": interval])
    }
}
