/// The body of every error answer (HTTP 400, and 401 for PKeyAuth): the full envelope.
///
/// `error` is the primary switch, refined by `suberror`; `error_codes` holds AADSTS numbers, of which
/// clients read only the first. Source: native-auth API reference §1.7.
public struct ErrorEnvelope: Codable, Sendable, Equatable {
    public var error: OAuthErrorCode
    public var errorDescription: String?
    public var errorCodes: [Int]?
    public var suberror: Suberror?
    /// `yyyy-mm-dd hh:mm:ssZ`.
    public var timestamp: String?
    public var traceID: String?
    public var correlationID: String?
    public var errorURI: String?
    public var continuationToken: String?
    public var requiredAttributes: [WireAttribute]?
    public var unverifiedAttributes: [WireAttributeName]?
    public var invalidAttributes: [WireAttributeName]?
    public var innerErrors: [InnerError]?
    public var target: String?

    /// An item of `inner_errors[]`.
    public struct InnerError: Codable, Sendable, Equatable {
        public var error: String?
        public var errorDescription: String?
        enum CodingKeys: String, CodingKey { case error, errorDescription = "error_description" }
    }

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
