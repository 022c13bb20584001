import Foundation

/// One browser sign-in in progress, found by the random handle in the pages' hidden `flow` field.
///
/// The page never carries secrets: passwords and codes stay here or in the outbox. Only touched under the
/// emulator's lock.
final class WebSignInFlow {
    /// Why the user is signing in.
    enum Purpose {
        /// The device page; the key of the device code once the user code was accepted.
        case device(deviceCodeKey: String?)
        /// An `/authorize` request.
        case authorize(AuthorizeRequest)
    }

    var purpose: Purpose
    var step: WebSignInStep
    /// The email entered, shown again on later steps.
    var username = ""
    let expiresAt: Date

    init(purpose: Purpose, step: WebSignInStep, expiresAt: Date) {
        self.purpose = purpose
        self.step = step
        self.expiresAt = expiresAt
    }
}
