import NativeAuthWire

/// An error answer before it is rendered: what went wrong, in the service's vocabulary.
///
/// Rendered only by `ErrorFactory`, so every error has the full envelope. Source:
/// docs/protocol.md §N1.7, §N7.
struct ProtocolError: Error {
    /// The AADSTS number `error_codes` and the description's prefix carry.
    var code: Int
    var message: String
    /// The envelope's own fields (`error`, `suberror`, `continuation_token`, the attribute lists, …); the ones
    /// every answer has (description, codes, trace and correlation ids, timestamp) are filled when it is rendered.
    /// A new field of the answer is a field of `ErrorEnvelope` and needs nothing here.
    var envelope: ErrorEnvelope
    /// Non-400 statuses are only used by faults (429, 500).
    var status = 400
    var extraHeaders: [String: String] = [:]

    init(_ error: OAuthErrorCode, _ code: Int, _ message: String, suberror: Suberror? = nil, continuationToken: String? = nil) {
        self.code = code
        self.message = message
        envelope = ErrorEnvelope(error: error, suberror: suberror, continuationToken: continuationToken)
    }

    // The catalogue (docs/protocol.md §N7.3). Messages paraphrase the service's.
    static func missing(_ parameter: String) -> ProtocolError {
        ProtocolError(.invalidRequest, AADSTSCode.invalidRequestParameter, "The \(parameter) parameter is empty or not valid.")
    }
    static let badToken = ProtocolError(.invalidRequest, AADSTSCode.continuationTokenInvalid, "The continuation_token is invalid.")
    static let expiredToken = ProtocolError(.expiredToken, AADSTSCode.expiredToken, "The continuation_token is expired.")
    static let wrongCode = ProtocolError(.invalidGrant, AADSTSCode.invalidOOBValue, "Unable to validate the otp.", suberror: .invalidOOBValue)
    static let userNotFound = ProtocolError(.userNotFound, AADSTSCode.userNotFound, "User account does not exist.")
    static let userGoneAtToken = ProtocolError(.invalidGrant, AADSTSCode.userNotFound, "User account does not exist.")
    static let invalidCredentials = ProtocolError(.invalidGrant, AADSTSCode.invalidCredentials, "Error validating credentials due to invalid username or password.")
    static let lacksRedirect = ProtocolError(.unsupportedChallengeType, AADSTSCode.challengeTypeLacksRedirect,
                                             "The challenge_type list must contain 'redirect'.")
    static let smsBlockedByReputation = ProtocolError(.accessDenied, AADSTSCode.methodBlocked,
                                                      "Configuring multi-factor authentication method is blocked.", suberror: .providerBlockedByRep)
    static let smsBlockedByAdmin = ProtocolError(.accessDenied, AADSTSCode.methodBlocked,
                                                 "Configuring multi-factor authentication method is blocked.", suberror: .providerBlockedByAdmin)
    static let invalidContact = ProtocolError(.invalidRequest, AADSTSCode.invalidVerificationContact, "The verification contact is not valid.")
    /// The emulated known issue (`mfa.smsNeedsTenantIdAuthority`): the service's exact answer is not documented,
    /// so the emulator answers a generic `invalid_request` whose text names the fix.
    static let smsNeedsTenantID = ProtocolError(.invalidRequest, AADSTSCode.invalidRequestParameter,
                                                "SMS one-time passcodes are not available with a domain-name authority; "
                                                + "use https://<tenantName>.ciamlogin.com/<tenantID>.")
    static let resendTooSoon = ProtocolError(.invalidRequest, 50196, "A new code was requested too soon; wait for the resend interval.")
    static let tooManyCodes = ProtocolError(.invalidRequest, 50196, "Too many codes were sent in this flow; start again.")
    /// `otp.maxCodesPerAddress` reached: the service's words, its `invalid_request` and no suberror.
    static let cannotGenerateMoreCodes = ProtocolError(.invalidRequest, AADSTSCode.cannotGenerateMoreCodes,
                                                       "Cannot generate more one time passcodes.")
}
