import Foundation
import TophhieCloudAuthentication

/// A device-code sign-in's prompt (RFC 8628 §3.2): what the user types, where, and for how long.
///
/// Built by the runner from the framework's device-code answer; the `device_code` itself (the secret the
/// console polls with) never reaches the flow.
public struct DeviceCodePrompt: Sendable, Equatable {
    /// The short code the user types on the other device (`user_code`), e.g. `"ABCD-EFGH"`.
    public var userCode: Secret
    /// Where the user types it (`verification_uri`), e.g. `"https://login.example/device"`.
    public var verificationURI: String
    /// When the code stops working (now + `expires_in`).
    public var expiresOn: Date
    /// Seconds between polls as the server first asked (`interval`, 5 when not sent).
    public var interval: Int
    /// The server's own instructions (`message`), when sent; secret, since they repeat ``userCode``.
    public var message: Secret?

    /// Memberwise; `message` defaults to `nil`.
    public init(userCode: Secret, verificationURI: String, expiresOn: Date, interval: Int, message: Secret? = nil) {
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.expiresOn = expiresOn
        self.interval = interval
        self.message = message
    }
}
