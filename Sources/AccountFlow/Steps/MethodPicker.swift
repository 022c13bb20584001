import Localization
import TophhieCloudAuthentication

/// Why a method is being picked.
public enum MethodPurpose: Sendable, Equatable {
    /// MFA with one of the user's registered methods (docs/protocol.md §N3.6).
    case mfa
    /// Registering one of the tenant's `availableMethods` (docs/protocol.md §N3.7).
    case registration
}

/// The method picker for MFA selection and for registration.
public struct MethodPicker: Sendable, Equatable {
    /// MFA asks for a code at once when a method is picked; registration asks for the contact first.
    public var purpose: MethodPurpose
    /// In the server's order; for registration only the tenant's `availableMethods`.
    public var methods: [AuthMethod]
    /// Ids the server answered `methodBlocked` for: shown, not offered.
    public var blocked: Set<String>
    /// The id last picked (for MFA, the one a request is or was in flight for).
    public var picked: String?
    /// A message for the picker, e.g. that the picked method is blocked.
    public var message: String?

    /// A picker with, by default, nothing blocked, nothing picked and no message.
    public init(purpose: MethodPurpose, methods: [AuthMethod], blocked: Set<String> = [], picked: String? = nil,
                message: String? = nil) {
        self.purpose = purpose
        self.methods = methods
        self.blocked = blocked
        self.picked = picked
        self.message = message
    }
}

extension MethodPicker: StepModule {
    var step: FlowStep { .methodPicker(self) }

    func screen(in state: FlowState) -> Screen {
        let options = methods.map { method in
            let blocked = self.blocked.contains(method.id)
            return ScreenOption(
                label: MethodDescription.channelName(method.channel),
                detail: method.loginHint,
                note: blocked ? tr("method.blocked") : nil,
                enabled: !blocked,
                event: .methodPicked(id: method.id))
        }
        let intro = purpose == .mfa
            ? tr("method.intro.mfa")
            : tr("method.intro.registration")
        return Screen(
            title: purpose == .mfa ? tr("method.title.mfa") : tr("method.title.registration"),
            text: [intro] + (methods.isEmpty ? [] : [MethodDescription.codesNote, enterPicks]),
            options: options,
            actions: FlowState.backAndCancel,
            message: message)
    }

    /// What Enter does with the highlighted method: the footer's "Enter submit" does not say.
    private var enterPicks: String {
        switch purpose {
        case .mfa: tr("method.enterPicks", ["purpose": "mfa"])
        case .registration: tr("method.enterPicks", ["purpose": "registration"])
        }
    }

    /// No fields to edit: a method is chosen with ``pick(_:in:)``.
    mutating func edit(_ field: FieldID, _ text: String) {}

    /// Nothing to send: picking a method is the request (``FlowEvent/methodPicked(id:)``).
    func submit(in state: inout FlowState) -> [FlowEffect] {
        []
    }

    /// MFA asks for the picked method's code at once; registration asks for the contact to register first.
    func pick(_ id: String, in state: inout FlowState) -> [FlowEffect] {
        var picker = self
        guard let method = picker.methods.first(where: { $0.id == id }) else { return [] }
        guard !picker.blocked.contains(id) else {
            picker.message = tr("method.blocked.chooseAnother")
            state.step = .methodPicker(picker)
            return []
        }
        switch picker.purpose {
        case .mfa:
            picker.picked = id
            picker.message = nil
            state.step = .methodPicker(picker)
            state.pending = .requestingCode
            return [.pickMethod(id: id)]
        case .registration:
            // For registration the hint may be the unmasked sign-up email: a useful default for email.
            let suggested = method.channel == .email ? method.loginHint ?? "" : ""
            state.step = .contactEntry(ContactEntry(
                method: method, availableMethods: picker.methods, contact: suggested,
                countryCode: state.settings.defaultCountryCode ?? ""))
            return []
        }
    }

    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        var picker = self
        switch error {
        case .methodBlocked:
            // Field case 003 (docs/field-cases.md): the step stays usable, so keep the picker and offer the other methods.
            if let picked = picker.picked { picker.blocked.insert(picked) }
            let usable = picker.methods.filter { !picker.blocked.contains($0.id) }
            picker.message = usable.isEmpty
                ? tr("method.blocked.noOther") : tr("method.blocked.chooseAnotherMethod")
        case .noMatchingAuthMethod:
            picker.message = error.screenMessage
        case .userAlreadyExists, .invalidPassword, .invalidCode, .invalidAttributes, .invalidCredentials,
             .userNotFound, .invalidInput, .passwordRequired, .browserRequired, .expiredFlow, .userHasNoPassword,
             .passwordChangeRequired, .mfaRequiredForRefresh, .refreshTokenExpired, .unauthorizedClient,
             .nativeAuthDisabled, .invalidClient, .throttled, .networkFailure, .unexpectedResponse,
             .invalidConfiguration, .server, .furtherStepRequired:
            return state.commonFailure(error)
        }
        picker.picked = nil
        state.step = .methodPicker(picker)
        return []
    }
}
