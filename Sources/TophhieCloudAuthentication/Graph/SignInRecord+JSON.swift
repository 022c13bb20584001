import Foundation

extension SignInRecord {
    /// Reads one element of `value[]`; never fails (see the type's notes on missing fields).
    init(json object: [String: Any]) {
        func text(_ key: String, in dictionary: [String: Any]? = nil) -> String? { (dictionary ?? object)[key] as? String }
        let status = object["status"] as? [String: Any]
        let location = object["location"] as? [String: Any]
        let code: Int = switch status?["errorCode"] {
        case let number as NSNumber: number.intValue
        case let string as String: Int(string) ?? -1
        default: -1
        }
        self.init(
            id: text("id") ?? "",
            createdDateTime: text("createdDateTime").flatMap(GraphDate.parse) ?? .distantPast,
            userPrincipalName: text("userPrincipalName"), userDisplayName: text("userDisplayName"), userId: text("userId"),
            appId: text("appId"), appDisplayName: text("appDisplayName"), ipAddress: text("ipAddress"),
            clientAppUsed: text("clientAppUsed"),
            isInteractive: object["isInteractive"] as? Bool,
            errorCode: code, failureReason: status.flatMap { text("failureReason", in: $0) },
            additionalDetails: status.flatMap { text("additionalDetails", in: $0) },
            city: location.flatMap { text("city", in: $0) }, state: location.flatMap { text("state", in: $0) },
            countryOrRegion: location.flatMap { text("countryOrRegion", in: $0) },
            conditionalAccessStatus: text("conditionalAccessStatus"), resourceDisplayName: text("resourceDisplayName"))
        correlationId = text("correlationId")
        let mfa = object["mfaDetail"] as? [String: Any]
        mfaAuthMethod = mfa.flatMap { text("authMethod", in: $0) }
        mfaAuthDetail = mfa.flatMap { text("authDetail", in: $0) }
    }
}
