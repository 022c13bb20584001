import TophhieCloudAuthentication

/// The server wants a browser (`challenge_type=redirect`): why, and what the app declared.
public struct WebFallback: Sendable, Equatable {
    /// The server's `redirect_reason`, when sent.
    public var reason: String?
    /// Challenge types the app sent.
    public var sentChallengeTypes: [ChallengeType]
    /// Capabilities the app declared.
    public var sentCapabilities: [Capability]

    /// The server's reason (nil when none was sent) and what the app sent.
    public init(reason: String?, sentChallengeTypes: [ChallengeType], sentCapabilities: [Capability]) {
        self.reason = reason
        self.sentChallengeTypes = sentChallengeTypes
        self.sentCapabilities = sentCapabilities
    }

    /// Challenge types a native client can handle that the app did not send: the likely cause.
    public var missingChallengeTypes: [ChallengeType] {
        [ChallengeType.oob, .password].filter { !sentChallengeTypes.contains($0) }
    }

    /// Capabilities the app did not declare: a tenant needing MFA or registration redirects without them.
    public var missingCapabilities: [Capability] {
        Capability.known.filter { !sentCapabilities.contains($0) }
    }
}
