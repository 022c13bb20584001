import TophhieCloudAuthentication

/// An app written from the seed design's two native-auth guides (sign-in and sign-up; the API they use is in
/// docs/framework.md). Each `guide…` method holds one of the seed snippets exactly as the guides print it
/// (only indentation added), so these snippets stay the framework's public contract; everything else
/// here is what the guides leave to the app: `finishSignIn(idToken:)`, `showError(_:)`,
/// `collect(_:)`, and the variables the snippets read. It imports the framework alone, so
/// `scripts/build-as-dependency` compiles the same file in a package outside this repository. The
/// guide's SwiftUI `StrongAuthRegistrationView` has no Linux counterpart in the framework: the
/// console's registration screens are the terminal's.
final class GuideApp {
    var email: String
    /// What the user types each time the app asks for the password; the last answer stays. An empty
    /// answer is no password (the framework sends none).
    var passwordAnswers: [String]
    var password: String { passwordAnswers.count > 1 ? passwordAnswers.removeFirst() : passwordAnswers.first ?? "" }
    var name = "Jane Doe"
    /// The method passed to `mfa.requestChallenge(someMethod)`: none, so the framework uses the only
    /// method or asks for a selection.
    var someMethod: MFAMethod?
    /// Values `collect(_:)` gives each attribute the tenant asks for.
    var attributeAnswers: [String: String] = [:]
    /// When set, the code the user types instead of the one the emulator sent.
    var typedCode: String?

    private(set) var finishedIDTokens: [String] = []
    private(set) var errorsShown: [String] = []

    /// Where the user reads a code: their mailbox or phone (in the tests, the emulator's outbox).
    private let readCode: () -> String

    init(email: String, password: String, readCode: @escaping () -> String) {
        self.email = email
        passwordAnswers = [password]
        self.readCode = readCode
    }

    /// The code the user types.
    var userEnteredCode: String { typedCode ?? readCode() }

    func finishSignIn(idToken: String) { finishedIDTokens.append(idToken) }

    func showError(_ message: String) { errorsShown.append(message) }

    /// The form the app builds from `[RequiredAttribute]`: the prepared answer, else a plain value.
    func collect(_ required: [RequiredAttribute]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: required.map { ($0.name, attributeAnswers[$0.name] ?? "x") })
    }

    // MARK: - native-sign-up.md

    /// "The flow", with its error handling.
    func guideSignUp() async throws {
        do {
            // 1. Start. Sends a one-time passcode to the email.
            let codeStep = try await TophhieNativeAuth.shared.signUp(
                email: email,
                password: password,                 // omit for an email-OTP-only account
                attributes: ["displayName": name]   // optional
            )
            // Show OTP entry: codeStep.sentTo, codeStep.codeLength.

            // 2. Submit the code.
            var next = try await codeStep.submitCode(userEnteredCode)

            // 3. Drive whatever the tenant asks for next.
            loop: while true {
                switch next {
                case .passwordRequired(let step):
                    next = try await step.submitPassword(password)

                case .attributesRequired(let required, let step):
                    // `required` describes each field: name, type, required, regex.
                    next = try await step.submitAttributes(collect(required))

                case .completed(let signInStep):
                    // 4. Sign the new user straight in to get tokens.
                    if case .completed(let result) = try await signInStep.signIn() {
                        finishSignIn(idToken: result.idToken)
                    }
                    break loop
                }
            }
        } catch let error as NativeAuthError {
            switch error {
            case .userAlreadyExists:  showError("An account already exists for that email.")
            case .invalidPassword:    showError("That password doesn't meet the requirements.")
            case .invalidCode:        showError("That code wasn't correct.")
            case .invalidAttributes(let names):
                showError("These details weren't valid: \(names.joined(separator: ", ")).")
            default:                  showError(error.localizedDescription)
            }
        }
    }

    // MARK: - native-sign-in.md

    /// "Declare what your app can handle".
    func guideConfigure() throws {
        try TophhieNativeAuth.shared.configure(
            clientId: "00000000-0000-0000-0000-000000000000",
            capabilities: [.mfaRequired, .registrationRequired]
        )
    }

    /// "The shape of the flow", inside a `do` whose `catch` is the guide's "Errors" snippet.
    func guideSignIn() async throws {
        try await withGuideErrors {
            switch try await TophhieNativeAuth.shared.signIn(email: email, password: password) {

            case .completed(let result):
                // Signed in. Send result.idToken to your backend.
                finishSignIn(idToken: result.idToken)

            case .mfaRequired(let mfa):
                // Request a challenge for one of the user's methods.
                switch try await mfa.requestChallenge(someMethod) {
                case .verificationRequired(let step):
                    // Show OTP entry: step.sentTo, step.codeLength, step.channel.
                    let result = try await step.submitCode(userEnteredCode)
                    finishSignIn(idToken: result.idToken)
                case .selectionRequired(let methods, let selection):
                    // The user has several registered methods and must pick one.
                    let chosen = methods.first { $0.channel == .email }!
                    if case .verificationRequired(let step) = try await selection.requestChallenge(chosen) {
                        let result = try await step.submitCode(userEnteredCode)
                        finishSignIn(idToken: result.idToken)
                    }
                }

            case .strongAuthRegistrationRequired(let registration):
                // The tenant wants a strong auth method added before sign-in completes.
                // registration.availableMethods lists what is on offer.
                if case .verificationRequired(let step) = try await registration.registerEmail() {
                    let result = try await step.submitCode(userEnteredCode)
                    finishSignIn(idToken: result.idToken)
                }

            case .codeRequired(let step):
                // Passwordless. See below.
                let result = try await step.submitCode(userEnteredCode)
                finishSignIn(idToken: result.idToken)
            }
        }
    }

    /// "Registering a strong authentication method", both snippets, for a sign-in that returned
    /// `.strongAuthRegistrationRequired(registration)`.
    func guideRegisterEmail(_ registration: StrongAuthRegistrationStep) async throws {
        try await withGuideErrors {
            // Email
            if case .verificationRequired(let step) = try await registration.registerEmail() {
                let result = try await step.submitCode(userEnteredCode)
                finishSignIn(idToken: result.idToken)
            }
        }
    }

    func guideRegisterSMS(_ registration: StrongAuthRegistrationStep) async throws {
        try await withGuideErrors {
            // SMS, with the number in E.164 form
            if case .verificationRequired(let step) =
                    try await registration.registerSMS(phoneNumber: "+441234567890") {
                let result = try await step.submitCode(userEnteredCode)
                finishSignIn(idToken: result.idToken)
            }
        }
    }

    /// "Passwordless sign-in".
    func guidePasswordless() async throws {
        try await withGuideErrors {
            if case .codeRequired(let step) = try await TophhieNativeAuth.shared.signIn(email: email) {
                // Show OTP entry: step.sentTo, step.codeLength.
                let result = try await step.submitCode(userEnteredCode)   // or step.resendCode()
                finishSignIn(idToken: result.idToken)
            }
        }
    }

    /// Runs `body` inside a `do` whose `catch` is the guide's "Errors" snippet, as printed.
    func withGuideErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as NativeAuthError {
            switch error {
            case .invalidCredentials:   showError("That email or password wasn't correct.")
            case .invalidCode:          showError("That code wasn't correct.")
            case .invalidInput:         showError("That phone number doesn't look right.")
            case .noMatchingAuthMethod: showError("That method isn't available to register.")
            default:                    showError(error.localizedDescription)
            }
        }
    }
}
