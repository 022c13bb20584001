import Foundation
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// A TestStore in the manner of TCA: each `send` applies one event, then asserts the whole new state
/// (the old state changed by `update`) and the exact effects. Framework answers are fed back with
/// `send` as well, as the runner would.
struct FlowStore {
    private(set) var state: FlowState

    init(settings: FlowSettings = FlowSettings(), step: FlowStep = .home) {
        state = FlowState(settings: settings, step: step)
    }

    init(_ state: FlowState) { self.state = state }

    mutating func send(
        _ event: FlowEvent, effects expectedEffects: [FlowEffect] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout FlowState) -> Void = { _ in }
    ) {
        var expected = state
        update(&expected)
        let effects = state.reduce(event)
        #expect(effects == expectedEffects, "effects after \(event)", sourceLocation: sourceLocation)
        if state != expected {
            Issue.record("state after \(event)\n  expected: \(expected)\n  actual:   \(state)", sourceLocation: sourceLocation)
            state = expected  // keep going from the asserted state so later steps report their own faults
        }
    }
}

/// Values shared by the flow tests (fictional, as the cases).
enum Sample {
    static let email = "ada@contoso.example"
    static let password = "Correct-Horse-9"
    static let delivery = CodeDelivery(sentTo: "a***@co***.example", channel: .email, codeLength: 8, resendInterval: 30)
    static let smsDelivery = CodeDelivery(sentTo: "+44*******890", channel: .sms, codeLength: 6, resendInterval: nil)
    static let details = ServerDetails(error: "invalid_grant", code: 50181, correlationID: "c0ffee00-0000-4000-8000-000000000001", status: 400)
    /// An `attributes_required` answer as the fixtures carry it.
    static let answer = ServerDetails(error: "attributes_required", code: 55106, correlationID: "bffaa60d-1732-4ca9-8099-a0e1857d7a6d",
                                      status: 400)
    /// 2027-01-15T08:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    /// Settings whose account-screen times read in UTC, whatever the machine's zone.
    static let utcSettings = FlowSettings(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
    static let account = SignedInAccount(
        username: email, displayName: "Ada", objectID: "oid-1", tenantID: "tid-1",
        claims: ["name": "Ada", "exp": "1800003600"], accessTokenExpiresOn: start.addingTimeInterval(3600),
        scopes: ["openid", "profile"])
    static let emailMethod = AuthMethod(id: "m-email", channel: .email, loginHint: "a***@co***.example")
    static let smsMethod = AuthMethod(id: "m-sms", channel: .sms, loginHint: "+44*******890")
    static let registerEmail = AuthMethod(id: "email", channel: .email, loginHint: email)
    static let registerSMS = AuthMethod(id: "sms", channel: .sms)
}
