import Localization
import Foundation

/// One sign-in event of `GET /v1.0/auditLogs/signIns` (docs/protocol.md §I6.2), as the history screens show it.
public struct SignInRow: Sendable, Equatable, Identifiable {
    /// The event id (`id`), not the user's.
    public var id: String
    /// When it happened (`createdDateTime`, UTC); shown in the operator's zone.
    public var time: Date
    /// The client application (`appDisplayName`, else `appId`).
    public var app: String
    /// Where it came from (`ipAddress`), when sent.
    public var ipAddress: String?
    /// The kind of client (`clientAppUsed`), e.g. `"Browser"`, when sent.
    public var clientApp: String?
    /// Whether the user took part (`isInteractive`); `nil` when not sent.
    public var interactive: Bool?
    /// `status.errorCode`: 0 for a success, else the AADSTS number (e.g. 50126).
    public var errorCode: Int
    /// `status.failureReason`, when sent.
    public var failureReason: String?
    /// `location` as one line ("Seattle, Washington, US"), when any part was sent.
    public var location: String?
    /// `conditionalAccessStatus` as sent (`success`, `failure`, `notApplied`), when sent.
    public var conditionalAccess: String?

    /// Memberwise; everything optional defaults to `nil`.
    public init(id: String, time: Date, app: String, ipAddress: String? = nil, clientApp: String? = nil,
                interactive: Bool? = nil, errorCode: Int, failureReason: String? = nil, location: String? = nil,
                conditionalAccess: String? = nil) {
        self.id = id
        self.time = time
        self.app = app
        self.ipAddress = ipAddress
        self.clientApp = clientApp
        self.interactive = interactive
        self.errorCode = errorCode
        self.failureReason = failureReason
        self.location = location
        self.conditionalAccess = conditionalAccess
    }

    /// Whether the sign-in succeeded (`errorCode` 0).
    public var succeeded: Bool { errorCode == 0 }

    /// `"Success"` or `"Failed 50126"`.
    public var result: String { succeeded ? tr("history.success") : tr("history.failed", ["code": String(errorCode)]) }
}
