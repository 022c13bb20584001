import Foundation

/// One sign-in event of the history, flattened from Graph's `signIn` resource.
///
/// Missing or unknown fields are tolerated: an absent text field is nil; a row without
/// `status.errorCode` counts as failed (`errorCode == -1`), never as a success; a `createdDateTime` that
/// cannot be read is `Date.distantPast`.
/// Source: docs/protocol.md §I6.2 (fields, 7 fractional digits, `status`, `location`); field case 022 (docs/field-cases.md).
public struct SignInRecord: Sendable, Equatable, Identifiable {
    /// The event id (not the user's id).
    public var id: String
    /// When the sign-in happened (UTC; Graph sends `2026-03-14T09:26:41.1234567Z`).
    public var createdDateTime: Date
    /// The user's principal name (for External ID customers a generated `…@TENANT.onmicrosoft.com`).
    public var userPrincipalName: String?
    /// The user's display name.
    public var userDisplayName: String?
    /// The user's object id.
    public var userId: String?
    /// The client app's id (a GUID).
    public var appId: String?
    /// The client app's name.
    public var appDisplayName: String?
    /// The caller's IP address, as text.
    public var ipAddress: String?
    /// e.g. `Browser`, `Mobile Apps and Desktop clients`.
    public var clientAppUsed: String?
    /// Whether the user took part (false for a refresh).
    public var isInteractive: Bool?
    /// `status.errorCode`: 0 for success, else an AADSTS number; -1 when the row has none.
    public var errorCode: Int
    /// `status.failureReason`.
    public var failureReason: String?
    /// `status.additionalDetails`.
    public var additionalDetails: String?
    /// `location.city`.
    public var city: String?
    /// `location.state`.
    public var state: String?
    /// `location.countryOrRegion`, e.g. `US`.
    public var countryOrRegion: String?
    /// `success`, `failure`, `notApplied`, `unknownFutureValue`.
    public var conditionalAccessStatus: String?
    /// e.g. "Microsoft Graph".
    public var resourceDisplayName: String?
    /// The id the client was given for the request (`correlationId`).
    public var correlationId: String?
    /// `mfaDetail.authMethod`, e.g. "Email" or "Text message"; nil when no second factor was asked.
    public var mfaAuthMethod: String?
    /// `mfaDetail.authDetail`, e.g. the masked target.
    public var mfaAuthDetail: String?

    /// True when `errorCode` is 0.
    public var succeeded: Bool { errorCode == 0 }

    /// Memberwise; every optional field defaults to nil.
    public init(id: String, createdDateTime: Date, userPrincipalName: String? = nil, userDisplayName: String? = nil, userId: String? = nil,
                appId: String? = nil, appDisplayName: String? = nil, ipAddress: String? = nil, clientAppUsed: String? = nil,
                isInteractive: Bool? = nil, errorCode: Int, failureReason: String? = nil, additionalDetails: String? = nil,
                city: String? = nil, state: String? = nil, countryOrRegion: String? = nil, conditionalAccessStatus: String? = nil,
                resourceDisplayName: String? = nil) {
        self.id = id
        self.createdDateTime = createdDateTime
        self.userPrincipalName = userPrincipalName
        self.userDisplayName = userDisplayName
        self.userId = userId
        self.appId = appId
        self.appDisplayName = appDisplayName
        self.ipAddress = ipAddress
        self.clientAppUsed = clientAppUsed
        self.isInteractive = isInteractive
        self.errorCode = errorCode
        self.failureReason = failureReason
        self.additionalDetails = additionalDetails
        self.city = city
        self.state = state
        self.countryOrRegion = countryOrRegion
        self.conditionalAccessStatus = conditionalAccessStatus
        self.resourceDisplayName = resourceDisplayName
    }
}
