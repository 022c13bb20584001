import Foundation
import TophhieCloudAuthentication

extension SignInRecord {
    /// A Graph sign-in field a listing command prints in its `--json` rows.
    enum JSONField: String {
        case appDisplayName, appId, ipAddress, clientAppUsed, isInteractive, failureReason, additionalDetails, city,
             countryOrRegion, conditionalAccessStatus, userPrincipalName, userId, correlationId, mfaDetail
    }

    /// The row as Graph names its fields: `id`, `createdDateTime` (ISO 8601, UTC), `errorCode`, and each of `fields`
    /// the row has (`mfaDetail` as `{authMethod, authDetail?}`); absent fields are left out.
    func jsonObject(_ fields: [JSONField], time: ISO8601DateFormatter) -> [String: Any] {
        var object: [String: Any] = ["id": id, "createdDateTime": time.string(from: createdDateTime), "errorCode": errorCode]
        for field in fields {
            let value: Any? = switch field {
            case .appDisplayName: appDisplayName
            case .appId: appId
            case .ipAddress: ipAddress
            case .clientAppUsed: clientAppUsed
            case .isInteractive: isInteractive
            case .failureReason: failureReason
            case .additionalDetails: additionalDetails
            case .city: city
            case .countryOrRegion: countryOrRegion
            case .conditionalAccessStatus: conditionalAccessStatus
            case .userPrincipalName: userPrincipalName
            case .userId: userId
            case .correlationId: correlationId
            case .mfaDetail: mfaAuthMethod.map { method -> [String: Any] in
                var detail: [String: Any] = ["authMethod": method]
                detail["authDetail"] = mfaAuthDetail
                return detail
            }
            }
            object[field.rawValue] = value
        }
        return object
    }
}
