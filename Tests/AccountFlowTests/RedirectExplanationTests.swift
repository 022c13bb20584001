import AccountFlow
import Testing
import TophhieCloudAuthentication

/// "Why a redirect?": the web-fallback screen names the likely cause and the fix from what was sent and
/// what the tenant needs.
@Suite struct RedirectExplanationTests {
    private static let unsupported = "The client does not support the challenge types required by the user flow."

    private func explain(reason: String?, sent: [ChallengeType], capabilities: [Capability] = Capability.known,
                         flow: FlowKind? = .signIn, passwordAccounts: Bool = true) -> RedirectExplanation {
        RedirectExplanation(WebFallback(reason: reason, sentChallengeTypes: sent, sentCapabilities: capabilities),
                            flow: flow, passwordAccounts: passwordAccounts)
    }

    /// The screen's way out asks the operator for what the app did not send only when it left something out: after a
    /// fault injected once, a new operator was told to send "the missing" types when the fix said nothing was missing.
    @Test func theWayOutAsksForWhatIsMissingOnlyWhenSomethingIs() {
        func wayOut(sent: [ChallengeType], enrolment: Bool = false) -> String {
            var state = FlowState(settings: FlowSettings(enrolmentMode: enrolment))
            state.step = .webFallback(WebFallback(reason: "The emulator was asked to answer with a web fallback (fault injection).",
                                                  sentChallengeTypes: sent, sentCapabilities: Capability.known))
            return state.screen.text.joined(separator: "\n")
        }
        let everything: [ChallengeType] = [.oob, .password, .redirect]
        #expect(wayOut(sent: everything).contains("on the home menu."))
        #expect(!wayOut(sent: everything).contains("missing"), "\(wayOut(sent: everything))")
        #expect(!wayOut(sent: everything, enrolment: true).contains("missing"))
        #expect(wayOut(sent: [.oob, .redirect]).contains("Or ask the operator to send the missing challenge types or capabilities."))
        #expect(wayOut(sent: [.oob, .redirect], enrolment: true).contains("ask the operator to send the missing"))
    }

    /// Field case 001 (docs/field-cases.md): a password tenant, an app that sent `password redirect`.
    @Test func case001NamesTheMissingOob() {
        let why = explain(reason: Self.unsupported, sent: [.password, .redirect], capabilities: [])
        #expect(why.cause.contains("did not send the oob challenge type"))
        #expect(why.fix == "Add oob to the app's challenge types: --challenge-types oob,password.")
    }

    @Test func aPasswordAccountNeedsThePasswordType() {
        let why = explain(reason: nil, sent: [.oob, .redirect])
        #expect(why.cause.hasPrefix("Accounts on this tenant have passwords"))
        #expect(why.fix == "Add password to the app's challenge types: --challenge-types oob,password.")
    }

    /// A code-only tenant does not need `password`; a reset needs only `oob` whatever the accounts are.
    @Test func codeOnlyTenantsAndResetsNeedOnlyOob() {
        #expect(!explain(reason: nil, sent: [.oob, .redirect], passwordAccounts: false).cause.contains("password challenge type"))
        let reset = explain(reason: nil, sent: [.password, .redirect], flow: .resetPassword)
        #expect(reset.fix == "Add oob to the app's challenge types: --challenge-types oob,password.")
    }

    @Test(arguments: [("Client is missing mfa_required capability", "second factor (MFA)"),
                      ("Client is missing registration_required capability", "register a strong authentication method")])
    func aCapabilityTheServerNames(reason: String, cause: String) {
        let why = explain(reason: reason, sent: [.oob, .password, .redirect], capabilities: [])
        #expect(why.cause.contains(cause))
        #expect(why.fix.contains("--capabilities mfa_required,registration_required"))
    }

    @Test func aCapabilityNotDeclaredWithNoReason() {
        let why = explain(reason: nil, sent: [.oob, .password, .redirect], capabilities: [.mfaRequired])
        #expect(why.cause.contains("did not declare registration_required"))
    }

    /// Everything was sent: the tenant needs what the native API cannot finish.
    @Test func everythingSentPointsAtTheAccountKind() {
        let why = explain(reason: nil, sent: [.oob, .password, .redirect])
        #expect(why.cause.contains("an account kind it does not support"))
        #expect(why.fix.hasPrefix("Finish in the browser"))
    }

    @Test func theScreenShowsWhyAndTheFixExceptToAnEnrolee() {
        let fallback = WebFallback(reason: Self.unsupported, sentChallengeTypes: [.password, .redirect], sentCapabilities: [])
        let operatorScreen = FlowState(settings: FlowSettings(), step: .webFallback(fallback)).screen
        #expect(operatorScreen.text.contains { $0.hasPrefix("Why: The tenant's user flow works with one-time codes") })
        #expect(operatorScreen.text.contains("Fix: Add oob to the app's challenge types: --challenge-types oob,password."))
        let enrolment = FlowState(settings: FlowSettings(enrolmentMode: true), step: .webFallback(fallback)).screen
        #expect(!enrolment.text.contains { $0.hasPrefix("Why:") })
    }
}
