import AccountFlow
import TophhieCloudAuthentication

// What a step takes out of its input. Another kind of input is a request the step cannot make: it throws
// ``LiveStepError/noStep``, which the step answers in the event the reducer expects from it.
extension StepInput {
    func code() throws -> Secret {
        guard case .code(let code) = self else { throw LiveStepError.noStep }
        return code
    }

    func password() throws -> Secret {
        guard case .password(let password) = self else { throw LiveStepError.noStep }
        return password
    }

    func attributes() throws -> [String: String] {
        guard case .attributes(let values) = self else { throw LiveStepError.noStep }
        return values
    }

    func proceed() throws {
        guard case .proceed = self else { throw LiveStepError.noStep }
    }
}
