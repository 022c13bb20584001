/// The body of every error answer (HTTP 400, and 401 for PKeyAuth): the full envelope.
///
/// `error` is the primary switch, refined by `suberror`; `error_codes` holds AADSTS numbers, of which
/// clients read only the first. Source: docs/protocol.md §N1.7.
public struct ErrorEnvelope: Codable, Sendable, Equatable {
    /// `error`: the OAuth-style code to switch on first; an unknown string decodes to `.unknown`.
    public var error: OAuthErrorCode
    /// `error_description`: human text, usually starting `AADSTSnnnnnn:`; branch on it only for the two
    /// 90100 cases (docs/protocol.md §N4.1).
    public var errorDescription: String?
    /// `error_codes`: AADSTS numbers; only the first counts (`firstCode`).
    public var errorCodes: [Int]?
    /// `suberror`: refines `error` (password policy, wrong code, MFA, attribute validation, blocked method).
    public var suberror: Suberror?
    /// `yyyy-mm-dd hh:mm:ssZ`.
    public var timestamp: String?
    /// `trace_id`, a GUID string.
    public var traceID: String?
    /// `correlation_id`, a GUID string; quote it to support.
    public var correlationID: String?
    /// `error_uri`: optional link to the AADSTS lookup page.
    public var errorURI: String?
    /// `continuation_token` of a "needs more input" error (`credential_required`, `attributes_required`,
    /// `verification_required`, `mfa_required`, `registration_required`) (docs/protocol.md §N1.5).
    public var continuationToken: String?
    /// `required_attributes[]`, only with `attributes_required` (docs/protocol.md §N4.5).
    public var requiredAttributes: [WireAttribute]?
    /// `unverified_attributes[]`, only with `verification_required`.
    public var unverifiedAttributes: [WireAttributeName]?
    /// `invalid_attributes[]`, only with suberror `attribute_validation_failed`.
    public var invalidAttributes: [WireAttributeName]?
    /// `inner_errors[]`; decoded as MSAL iOS does, rarely present.
    public var innerErrors: [InnerError]?
    /// `target`, decoded by MSAL iOS on password-reset errors; its meaning is undocumented.
    public var target: String?

    /// An item of `inner_errors[]`.
    public struct InnerError: Codable, Sendable, Equatable {
        /// The inner `error` string as sent (not parsed into `OAuthErrorCode`).
        public var error: String?
        /// The inner `error_description`.
        public var errorDescription: String?
        enum CodingKeys: String, CodingKey { case error, errorDescription = "error_description" }
    }

    /// Builds an envelope (the emulator's answers, tests); `innerErrors` and `target` stay nil.
    public init(
        error: OAuthErrorCode, errorDescription: String? = nil, errorCodes: [Int]? = nil, suberror: Suberror? = nil,
        timestamp: String? = nil, traceID: String? = nil, correlationID: String? = nil, errorURI: String? = nil,
        continuationToken: String? = nil, requiredAttributes: [WireAttribute]? = nil,
        unverifiedAttributes: [WireAttributeName]? = nil, invalidAttributes: [WireAttributeName]? = nil
    ) {
        self.error = error
        self.errorDescription = errorDescription
        self.errorCodes = errorCodes
        self.suberror = suberror
        self.timestamp = timestamp
        self.traceID = traceID
        self.correlationID = correlationID
        self.errorURI = errorURI
        self.continuationToken = continuationToken
        self.requiredAttributes = requiredAttributes
        self.unverifiedAttributes = unverifiedAttributes
        self.invalidAttributes = invalidAttributes
    }

    /// The first AADSTS number, the only one clients branch on.
    public var firstCode: Int? { errorCodes?.first }

    enum CodingKeys: String, CodingKey {
        case error, errorDescription = "error_description", errorCodes = "error_codes", suberror, timestamp
        case traceID = "trace_id", correlationID = "correlation_id", errorURI = "error_uri"
        case continuationToken = "continuation_token", requiredAttributes = "required_attributes"
        case unverifiedAttributes = "unverified_attributes", invalidAttributes = "invalid_attributes"
        case innerErrors = "inner_errors", target
    }
}
