import Foundation

/// What decides a customer tenant's native-auth experience, as read through Microsoft Graph: sign-up flows,
/// attribute definitions, the email OTP and SMS methods, the native-auth applications and the conditional
/// access policies requiring MFA for them.
///
/// Stable by construction: lists sorted (attributes in page order), no timestamps, no ids that differ between
/// reads, so two reads of an unchanged tenant encode to the same bytes (``encoded()``). Each part is read on its
/// own; one that could not be read is `.notRead(why)`. Shapes and sources: docs/tenant-snapshot.md.
public struct TenantSnapshot: Codable, Equatable, Sendable {
    /// The `format` of this version of the file.
    public static let formatName = "tophhie-tenant-snapshot/1"

    /// `format`: ``formatName``.
    public var format = TenantSnapshot.formatName
    /// `signUpFlows`: the `externalUsersSelfServiceSignUpEventsFlow` user flows, sorted by name.
    public var signUpFlows: SnapshotPart<[SignUpFlow]>
    /// `userFlowAttributes`: the attribute definitions, sorted by id.
    public var userFlowAttributes: SnapshotPart<[UserFlowAttribute]>
    /// `emailOtp`: the email one-time passcode method.
    public var emailOtp: SnapshotPart<MethodSetting>
    /// `sms`: the SMS method.
    public var sms: SnapshotPart<MethodSetting>
    /// `applications`: the registrations using native authentication or served by a flow, sorted by app id.
    public var applications: SnapshotPart<[AppRegistration]>
    /// `nativeAuthentication`: app id → `nativeAuthenticationApisEnabled` (`all` or `none`); Graph beta only.
    public var nativeAuthentication: SnapshotPart<[String: String]>
    /// `mfaPolicies`: conditional access policies requiring MFA for those applications, sorted by name.
    public var mfaPolicies: SnapshotPart<[MFAPolicy]>

    public init(signUpFlows: SnapshotPart<[SignUpFlow]>, userFlowAttributes: SnapshotPart<[UserFlowAttribute]>,
                emailOtp: SnapshotPart<MethodSetting>, sms: SnapshotPart<MethodSetting>,
                applications: SnapshotPart<[AppRegistration]>, nativeAuthentication: SnapshotPart<[String: String]>,
                mfaPolicies: SnapshotPart<[MFAPolicy]>) {
        self.signUpFlows = signUpFlows
        self.userFlowAttributes = userFlowAttributes
        self.emailOtp = emailOtp
        self.sms = sms
        self.applications = applications
        self.nativeAuthentication = nativeAuthentication
        self.mfaPolicies = mfaPolicies
    }

    /// The parts that were not read, by JSON name, with why.
    public var partsNotRead: [(part: String, why: String)] {
        var parts: [(String, String?)] = [("signUpFlows", signUpFlows.reasonNotRead), ("userFlowAttributes", userFlowAttributes.reasonNotRead),
                                          ("emailOtp", emailOtp.reasonNotRead), ("sms", sms.reasonNotRead),
                                          ("applications", applications.reasonNotRead),
                                          ("nativeAuthentication", nativeAuthentication.reasonNotRead),
                                          ("mfaPolicies", mfaPolicies.reasonNotRead)]
        for flow in signUpFlows.value ?? [] {
            parts.append(("signUpFlows['\(flow.name)'].applications", flow.applications.reasonNotRead))
        }
        return parts.compactMap { name, why in why.map { (name, $0) } }
    }

    /// Pretty JSON with sorted keys and a final newline: the same snapshot gives the same bytes.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Every member is a string, number, bool, array or object: encoding cannot fail.
        guard var data = try? encoder.encode(self) else { return Data() }
        data.append(0x0A)
        return data
    }

    /// Reads a snapshot file's bytes.
    /// - Throws: `SnapshotFileError` naming where the file is wrong (not JSON, another format, a missing or
    ///   mistyped member).
    public static func decode(_ data: Data) throws(SnapshotFileError) -> TenantSnapshot {
        guard let root = try? JSONSerialization.jsonObject(with: data), let object = root as? [String: Any] else {
            throw SnapshotFileError("it is not a JSON object")
        }
        guard let format = object["format"] as? String else {
            throw SnapshotFileError("it has no \"format\"; a tenant snapshot has \"format\": \"\(formatName)\"")
        }
        guard format == formatName else {
            throw SnapshotFileError("its format is \"\(format)\"; this version reads \"\(formatName)\"")
        }
        do {
            return try JSONDecoder().decode(TenantSnapshot.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw SnapshotFileError("\(path(context.codingPath + [key])) is missing")
        } catch let DecodingError.typeMismatch(type, context) {
            throw SnapshotFileError("\(path(context.codingPath)) is not \(describe(type))")
        } catch let DecodingError.valueNotFound(type, context) {
            throw SnapshotFileError("\(path(context.codingPath)) is null, not \(describe(type))")
        } catch let DecodingError.dataCorrupted(context) {
            throw SnapshotFileError("\(path(context.codingPath)) is not readable")
        } catch {
            throw SnapshotFileError("it is not a tenant snapshot")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the file" }
        return keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        default: type is any Collection.Type ? "an array" : "an object"
        }
    }
}
