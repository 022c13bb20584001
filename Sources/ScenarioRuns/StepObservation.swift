/// What one step of a scenario led to on one tenant: what `tophhie run --compare` sets side by side.
struct StepObservation: Sendable, Equatable {
    /// The flow step reached, as `expect.step` spells it (`codeEntry`).
    var step: String
    /// The server's last error since the last start or answer: `error`, `suberror`, the AADSTS number.
    var error: String?
    var suberror: String?
    var aadsts: Int?
    /// The fields the screen reached asks for (attributes by API name).
    var fields: [String]
    /// Why the step could not be done; the scenario stopped there.
    var failure: String?

    /// Equal where an operator would see a difference: the step, the error, the fields, whether it could be done.
    func sameAs(_ other: StepObservation) -> Bool {
        step == other.step && error == other.error && suberror == other.suberror && aadsts == other.aadsts
            && fields == other.fields && (failure == nil) == (other.failure == nil)
    }

    /// `signUpStart (invalid_grant password_too_short AADSTS50126) asking email, password, confirmPassword`.
    var summary: String {
        var text = step
        let said = [error, suberror, aadsts.map { "AADSTS\($0)" }].compactMap { $0 }
        if !said.isEmpty { text += " (\(said.joined(separator: " ")))" }
        if !fields.isEmpty { text += " asking \(fields.joined(separator: ", "))" }
        if let failure { text += "; stopped: \(failure)" }
        return text
    }
}
