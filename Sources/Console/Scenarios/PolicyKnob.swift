import Foundation
import TophhieCloudAuthentication
import TenantEmulator

/// A policy knob a scenario may flip on its running emulator (`{"emulator": {"policy": {"mfa.required": true}}}`).
/// The names are the policy file's keys (docs/emulator.md; `client.*` is the first native client.
enum PolicyKnob: Sendable, Equatable {
    case mfaRequired(Bool)
    case registrationRequired(Bool)
    case smsNeedsTenantIdAuthority(Bool)
    case passwordResetEnabled(Bool)
    case signUpMethod(TenantPolicy.SignUpMethod)
    case deviceCodeInterval(Int)
    /// `otp.maxCodesPerAddress`: codes per address per window before AADSTS701014; nil lifts the limit.
    case maxCodesPerAddress(Int?)
    case clientChallengeTypes([String])
    case clientNativeAuth(Bool)

    /// Every knob name, as the file spells it, and the values it takes.
    static let allowed: [(name: String, values: String)] = [
        ("mfa.required", "true or false"), ("mfa.registrationRequired", "true or false"),
        ("mfa.smsNeedsTenantIdAuthority", "true or false"), ("passwordReset.enabled", "true or false"),
        ("signUp.method", "\"emailPassword\" or \"emailOtp\""), ("deviceCode.intervalSeconds", "a whole number from 1 to 60"),
        ("otp.maxCodesPerAddress", "a whole number from 1 to 1000, or 0 for no limit"),
        ("client.challengeTypes", "a non-empty array of \"oob\", \"password\", \"redirect\""), ("client.nativeAuth", "true or false"),
    ]

    /// The knob `name` set to `value`; nil for an unknown name or a value it does not take.
    static func parse(_ name: String, _ value: Any) -> PolicyKnob? {
        let bool = (value as? NSNumber).flatMap { ScenarioReader.isBoolean($0) ? $0.boolValue : nil }
        switch name {
        case "mfa.required": return bool.map(PolicyKnob.mfaRequired)
        case "mfa.registrationRequired": return bool.map(PolicyKnob.registrationRequired)
        case "mfa.smsNeedsTenantIdAuthority": return bool.map(PolicyKnob.smsNeedsTenantIdAuthority)
        case "passwordReset.enabled": return bool.map(PolicyKnob.passwordResetEnabled)
        case "client.nativeAuth": return bool.map(PolicyKnob.clientNativeAuth)
        case "signUp.method": return (value as? String).flatMap(TenantPolicy.SignUpMethod.init(rawValue:)).map(PolicyKnob.signUpMethod)
        case "deviceCode.intervalSeconds":
            guard let number = value as? NSNumber, bool == nil, let seconds = Int(exactly: number.doubleValue), (1...60).contains(seconds) else {
                return nil
            }
            return .deviceCodeInterval(seconds)
        case "otp.maxCodesPerAddress":
            guard let number = value as? NSNumber, bool == nil, let limit = Int(exactly: number.doubleValue), (0...1000).contains(limit) else {
                return nil
            }
            return .maxCodesPerAddress(limit == 0 ? nil : limit)
        case "client.challengeTypes":
            guard let items = value as? [String], !items.isEmpty, items.allSatisfy(["oob", "password", "redirect"].contains) else { return nil }
            return .clientChallengeTypes(items)
        default:
            return nil
        }
    }

    /// Sets the knob on `policy`.
    func apply(to policy: inout TenantPolicy) {
        let client = policy.clients.firstIndex { $0.nativeAuth && $0.publicClient } ?? 0
        switch self {
        case .mfaRequired(let on): policy.mfa.required = on
        case .registrationRequired(let on): policy.mfa.registrationRequired = on
        case .smsNeedsTenantIdAuthority(let on): policy.mfa.smsNeedsTenantIdAuthority = on
        case .passwordResetEnabled(let on): policy.passwordReset.enabled = on
        case .signUpMethod(let method): policy.signUp.method = method
        case .deviceCodeInterval(let seconds): policy.deviceCode.intervalSeconds = seconds
        case .maxCodesPerAddress(let limit): policy.otp.maxCodesPerAddress = limit
        case .clientChallengeTypes(let types): policy.clients[client].challengeTypes = types.map(ChallengeType.init(wireValue:))
        case .clientNativeAuth(let on): policy.clients[client].nativeAuth = on
        }
    }
}
