import Localization
import TophhieCloudAuthentication

/// Contact entry for registering a strong authentication method: an email, or a phone number that is
/// normalised to E.164 before it is sent.
public struct ContactEntry: Sendable, Equatable {
    /// The picked method: its `id` is sent, its channel decides between email and phone entry.
    public var method: AuthMethod
    /// Every method the tenant offered, so "back" returns to the picker.
    public var availableMethods: [AuthMethod]
    /// As typed; sent trimmed (email) or in E.164 (phone). Checked when left and on submit.
    public var contact: String
    /// Country calling code (digits) for national phone numbers.
    public var countryCode: String
    /// Shown on the contact field: a local check failed, or the server refused or blocked the contact.
    public var contactError: String?

    /// An empty entry by default; `countryCode` is digits without `+`, empty for none.
    public init(method: AuthMethod, availableMethods: [AuthMethod], contact: String = "", countryCode: String = "",
                contactError: String? = nil) {
        self.method = method
        self.availableMethods = availableMethods
        self.contact = contact
        self.countryCode = countryCode
        self.contactError = contactError
    }

    /// Whether the contact is a phone number (SMS or voice), normalised to E.164 before it is sent.
    public var isPhone: Bool { method.channel == .sms || method.channel == .voice }
}

extension ContactEntry: StepModule {
    var step: FlowStep { .contactEntry(self) }

    func screen(in state: FlowState) -> Screen {
        var fields: [ScreenField] = []
        if isPhone {
            // The number as it will be sent, so a dropped trunk `0` or a country code added is seen first (field case 012, docs/field-cases.md).
            let sent = try? PhoneNumber.normalise(contact, countryCode: countryCode)
            fields.append(ScreenField(id: .contact, label: tr("field.phoneNumber"), kind: .phone, value: contact,
                                      error: contactError,
                                      note: sent.map { tr("contact.willBeSentAs", ["number": $0]) } ?? tr("contact.phoneNote")))
            fields.append(ScreenField(id: .countryCode, label: tr("field.countryCode"), kind: .number, value: countryCode,
                                      note: tr("contact.countryCodeNote"), required: false))
        } else {
            fields.append(ScreenField(id: .contact, label: tr("field.email"), kind: .email, value: contact,
                                      error: contactError))
        }
        return Screen(
            title: isPhone ? tr("contact.title.phone") : tr("contact.title.email"),
            text: [tr("contact.text")],
            fields: fields,
            actions: [ScreenAction(tr("action.sendCode"), .submitted)] + FlowState.backAndCancel)
    }

    mutating func edit(_ field: FieldID, _ text: String) {
        switch field {
        case .contact: contact = text; contactError = nil
        case .countryCode: countryCode = text; contactError = nil
        case .email, .password, .confirmPassword, .code, .historyUser, .attribute: break
        }
    }

    mutating func leave(_ field: FieldID) {
        if field == .contact, !contact.trimmingSpaces.isEmpty, case .failure(let problem) = contactToSend {
            contactError = problem.message
        }
    }

    func submit(in state: inout FlowState) -> [FlowEffect] {
        var entry = self
        switch contactToSend {
        case .failure(let problem):
            entry.contactError = problem.message
            state.step = .contactEntry(entry)
            return []
        case .success(let contact):
            state.pending = .registeringMethod
            return [.submit(.contact(methodID: entry.method.id, contact: contact))]
        }
    }

    /// Back to the picker, to choose another method.
    func back(in state: inout FlowState) -> [FlowEffect] {
        state.step = .methodPicker(MethodPicker(purpose: .registration, methods: availableMethods))
        return []
    }

    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        var entry = self
        let kind = entry.isPhone ? "phone" : "email"
        switch error {
        case .invalidInput:
            // Field case 002 (docs/field-cases.md) (AADSTS901001): the registration step is kept; correct it or pick another method.
            entry.contactError = tr("contact.invalid", ["kind": kind])
        case .methodBlocked:
            entry.contactError = tr("contact.blocked", ["kind": kind])
        case .userAlreadyExists:
            entry.contactError = tr("contact.taken", ["kind": kind])
        case .noMatchingAuthMethod:
            state.step = .methodPicker(MethodPicker(
                purpose: .registration, methods: entry.availableMethods, message: error.screenMessage))
            return []
        case .invalidPassword, .invalidCode, .invalidAttributes, .invalidCredentials,
             .userNotFound, .passwordRequired, .browserRequired, .expiredFlow, .userHasNoPassword,
             .passwordChangeRequired, .mfaRequiredForRefresh, .refreshTokenExpired, .unauthorizedClient,
             .nativeAuthDisabled, .invalidClient, .throttled, .networkFailure, .unexpectedResponse,
             .invalidConfiguration, .server, .furtherStepRequired:
            return state.commonFailure(error)
        }
        state.step = .contactEntry(entry)
        return []
    }

    /// ``contactToSend`` when it can be sent (what a recorded scenario replays), else nil.
    public var contactSent: String? { try? contactToSend.get() }

    /// The contact to send: an email as typed (trimmed), or a phone number in E.164.
    var contactToSend: Result<String, ContactProblem> {
        if isPhone {
            do {
                return .success(try PhoneNumber.normalise(contact, countryCode: countryCode))
            } catch {
                return .failure(ContactProblem(error.message))
            }
        }
        guard let email = Validation.email(contact) else { return .failure(ContactProblem(Validation.emailMessage(for: contact))) }
        return .success(email)
    }
}

/// Why a contact cannot be sent; the message is shown on the contact field.
struct ContactProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
