import Foundation
import TophhieCloudAuthentication

// The call sites of docs/framework.md, written as they stand there. This file's check is the build:
// if the public API drifts from the contract, the test target stops compiling.

func apiSignUpCallSites(email: String, password: String, name: String, code: String, values: [String: String]) async throws {
    try TophhieNativeAuth.shared.configure(
        clientId: "00000000-0000-0000-0000-000000000000",
        capabilities: [.mfaRequired, .registrationRequired]      // what the app can render
    )
    let codeStep = try await TophhieNativeAuth.shared.signUp(
        email: email, password: password /* nil for email-OTP accounts */, attributes: ["displayName": name])
    _ = (codeStep.sentTo, codeStep.codeLength)
    _ = try await codeStep.resendCode()
    var next = try await codeStep.submitCode(code)
    loop: while true {
        switch next {
        case .passwordRequired(let step):              next = try await step.submitPassword(password)
        case .attributesRequired(let required, let step): _ = required; next = try await step.submitAttributes(values)
        case .completed(let signInStep):                // SignInAfterSignUpStep
            let signIn = try await signInStep.signIn()   // a NativeSignInStep, same as native sign-in
            _ = signIn
            break loop
        }
    }
}

func apiSignInCallSites(email: String, password: String, code: String, phone: String) async throws {
    let step = try await TophhieNativeAuth.shared.signIn(email: email, password: password)
    switch step {
    case .completed(let result):
        _ = result.idToken
    case .codeRequired(let step):
        _ = (step.sentTo, step.codeLength)
        _ = try await step.resendCode()
        let result: TophhieAuthResult = try await step.submitCode(code)
        let _: String = result.idToken
    case .mfaRequired(let mfa):
        let method = mfa.methods[0]
        _ = method.channel == .email || method.channel == .sms
        switch try await mfa.requestChallenge(method) {
        case .verificationRequired(let step):
            _ = (step.sentTo, step.codeLength, step.channel)
            let result: TophhieAuthResult = try await step.submitCode(code)
            let _: String = result.idToken
        case .selectionRequired(let methods, let selection):
            _ = try await selection.requestChallenge(methods[0])
        }
    case .strongAuthRegistrationRequired(let registration):
        _ = registration.availableMethods
        _ = try await registration.registerEmail(email)
        _ = try await registration.registerSMS(phoneNumber: "+441234567890")
        if case .verificationRequired(let step) = try await registration.register(registration.availableMethods[0], verificationContact: phone) {
            let result: TophhieAuthResult = try await step.submitCode(code)
            let _: String = result.idToken
        }
    }
    do {
        _ = try await TophhieNativeAuth.shared.signIn(email: email)
    } catch NativeAuthError.passwordRequired {
        _ = try await TophhieNativeAuth.shared.signIn(email: email, password: password)
    } catch NativeAuthError.noMatchingAuthMethod {
    } catch NativeAuthError.invalidAttributes(let names) {
        let _: [String] = names
    }
}

func apiResetCallSites(email: String, code: String, password: String) async throws {
    do {
        let codeStep = try await TophhieNativeAuth.shared.resetPassword(email: email)
        let passwordStep = try await codeStep.submitCode(code)
        let signInStep = try await passwordStep.submitPassword(password)
        _ = try await signInStep.signIn()
    } catch let error as PasswordResetError {
        _ = error.errorDescription
    }
}
