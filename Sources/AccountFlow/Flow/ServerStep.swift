import TophhieCloudAuthentication

/// The steps a tenant asks for, one declaration each: how the server asks (an error, a suberror or a challenge
/// type), at which endpoint, what the person gives there, the capability that gates it, and the trace's story.
///
/// The capabilities the console declares and the trace's reasons are read from here; `ServerStepCatalogueTests`
/// walks every step to its screen, scenario name, story, emulator answer, gallery entry and fixture.
/// Source: docs/protocol.md §N3.2, §N3.5–§N3.7, §N4.3, §N5.2.
public enum ServerStep: CaseIterable, Sendable {
    case signUpCode, credentialRequired, attributesRequired, signInPassword, signInCode, mfaRequired, mfaCode,
         registrationRequired, registrationCode, resetCode, webFallback

    /// How the server asks for a step: an error answer's `error` or `suberror`, or a challenge's `challenge_type`.
    public enum Ask: Sendable, Equatable {
        case error(OAuthErrorCode), suberror(Suberror), challenge(ChallengeType)
    }

    /// What the person gives at a step: the inputs the screens already know, a code's and a method choice's with its
    /// purpose; `contact` is an address for the first method the step offers, typed with no choice before it.
    public enum Input: Sendable, Equatable {
        case code(CodePurpose), password, newPassword, attributes, methodChoice(MethodPurpose), contact, none

        /// The screen that takes it.
        public var screen: FlowStep.Name {
            switch self {
            case .code: .codeEntry
            case .password: .signInStart
            case .newPassword: .newPassword
            case .attributes: .attributes
            case .methodChoice: .methodPicker
            case .contact: .contactEntry
            case .none: .webFallback
            }
        }
    }

    /// One step's facts: how the server asks, where, what the person gives, the capability the app declares to be
    /// asked it (without it the server redirects), and the trace's reason for the answer that asks.
    public struct Declaration: Sendable {
        public let ask: Ask, endpoint: NativeAuthEndpoint, input: Input, capability: Capability?, story: String
        init(_ ask: Ask, at endpoint: NativeAuthEndpoint, _ input: Input, gate: Capability? = nil, _ story: String) {
            (self.ask, self.endpoint, self.input, capability, self.story) = (ask, endpoint, input, gate, story)
        }
    }

    /// Each step, one line.
    public var declaration: Declaration {
        switch self {
        case .signUpCode: Declaration(.challenge(.oob), at: .signUpChallenge, .code(.signUp), Self.codeSent)
        case .credentialRequired: Declaration(.error(.credentialRequired), at: .signUpContinue, .newPassword, "the tenant asks for a password")
        case .attributesRequired: Declaration(.error(.attributesRequired), at: .signUpContinue, .attributes, "the tenant asks for more details")
        case .signInPassword: Declaration(.challenge(.password), at: .signInChallenge, .password, "the tenant asks for the password")
        case .signInCode: Declaration(.challenge(.oob), at: .signInChallenge, .code(.signIn), Self.codeSent)
        case .mfaCode: Declaration(.challenge(.oob), at: .signInChallenge, .code(.mfa), Self.codeSent)
        case .mfaRequired:
            Declaration(.suberror(.step(.mfaRequired)), at: .token, .methodChoice(.mfa), gate: .mfaRequired, "the tenant asks for a second factor")
        case .registrationRequired:
            Declaration(.suberror(.step(.registrationRequired)), at: .token, .methodChoice(.registration), gate: .registrationRequired,
                        "the tenant asks to register a strong method first")
        case .registrationCode: Declaration(.challenge(.oob), at: .registerChallenge, .code(.registration), Self.codeSent)
        case .resetCode: Declaration(.challenge(.oob), at: .resetPasswordChallenge, .code(.resetPassword), Self.codeSent)
        case .webFallback: Declaration(.challenge(.redirect), at: .signInChallenge, .none, "the tenant wants a web browser")
        }
    }

    private static let codeSent = "a one-time code was sent"

    /// The capabilities that gate steps, in catalogue order: what the console declares unless told otherwise.
    public static let capabilities = allCases.compactMap(\.declaration.capability)

    /// The story of the step an answer asks for, from its `error`, `suberror` or `challenge_type`; nil for an answer
    /// that asks for none.
    public static func story(error: String?, suberror: String?, challengeType: String?) -> String? {
        allCases.lazy.map(\.declaration).first { declaration in
            switch declaration.ask {
            case .error(let code): error == code.wireValue
            case .suberror(let wanted): suberror == wanted.wireValue
            case .challenge(let type): challengeType == type.wireValue
            }
        }?.story
    }
}
