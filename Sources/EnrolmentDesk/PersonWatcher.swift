import AccountFlow
import EnrolmentFiles
import Foundation

/// Watches the enrolment flow and says when the person at the desk finished: enrolled, already had an account,
/// or failed (with the AADSTS code and correlation id the failure screen shows operators). It reads only what
/// the flow shows (emails, the id token's object id, the failure's operator detail): a password or code typed at
/// the desk has no way into a ``PersonResult``. Used on the console's own thread.
package final class PersonWatcher {
    private var objectID: String?
    private var problem: PersonResult?
    /// The tenant said the account was created: whatever comes after (the sign-in for its object id cut short,
    /// Home, an idle reset), the person is enrolled.
    private var created: String?

    package init() {}

    /// Looks at one step of the flow: `event` moved it from `before` to `state`.
    /// - Returns: the person's result when this step finished them; nil otherwise (also when they left
    ///   without trying, which finishes nobody).
    package func observe(_ event: FlowEvent, from before: FlowStep, to state: FlowState) -> PersonResult? {
        if case .signInAdvanced(.success(.completed(let account))) = event {
            objectID = account.objectID
        }
        if case .signUpAdvanced(.success(.completed)) = event {
            created = state.origin?.email
        }
        guard state.step != before else { return nil }
        switch state.step {
        case .enrolled(let email), .enrolmentSignedIn(let email):
            defer { forget() }
            return PersonResult(email: email, outcome: .enrolled, objectID: objectID)
        case .signUpStart(let form) where form.accountExists:
            problem = PersonResult(email: form.email.trimmingCharacters(in: .whitespaces), outcome: .alreadyExists)
        case .failure(let report) where state.origin?.kind == .signUp:
            let (code, correlationID) = Self.codes(in: report.detail ?? "")
            problem = PersonResult(email: state.origin?.email ?? "", outcome: report.accountExists ? .alreadyExists : .failed,
                                   code: code, correlationID: correlationID)
        case .home where !before.isBetweenPeople:
            // The person left with an account created, or without one: what stopped them, if anything did.
            defer { forget() }
            return created.map { PersonResult(email: $0, outcome: .enrolled) } ?? problem
        case .home, .signUpStart, .failure, .signInStart, .resetStart, .codeEntry, .newPassword, .attributes, .methodPicker,
             .contactEntry, .resetPolling, .resetDone, .readyToSignIn, .webFallback, .signedIn, .deviceCode, .browserWait,
             .signedOut, .profile, .profileEdit, .historyUser, .history, .historyRow, .tenant:
            break
        }
        return nil
    }

    private func forget() {
        objectID = nil
        problem = nil
        created = nil
    }

    /// The AADSTS code and correlation id in a failure's operator detail (``ServerDetails``' one line:
    /// `HTTP 400 · invalid_grant · AADSTS50034 · … · correlation id …`).
    static func codes(in detail: String) -> (code: String?, correlationID: String?) {
        let parts = detail.components(separatedBy: " · ").map { $0.trimmingCharacters(in: .whitespaces) }
        let code = parts.first { $0.hasPrefix("AADSTS") && $0.dropFirst(6).allSatisfy(\.isNumber) && $0.count > 6 }
        let correlation = parts.first { $0.hasPrefix("correlation id ") }.map { String($0.dropFirst("correlation id ".count)) }
        return (code, correlation.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ")]")) })
    }
}
