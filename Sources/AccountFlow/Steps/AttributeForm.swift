import Localization
import TophhieCloudAuthentication

/// A form built at run time from the tenant's `[RequiredAttribute]` (the `attributes_required` step,
/// or the attributes an operator sends at sign-up start).
public struct AttributeForm: Sendable, Equatable {
    /// One per attribute: the server's order, or required first when the order is not known.
    public var fields: [AttributeField]
    /// A message for the whole form (e.g. refused names that have no field here).
    public var message: String?

    /// - Parameters:
    ///   - attributes: in the server's order.
    ///   - orderKnown: `false` when the list's order carries no meaning (e.g. built from a dictionary):
    ///     required fields then come first, otherwise the server's order is kept.
    ///   - askedLater: offered before the server asks (sign-up start): required fields may stay empty.
    public init(_ attributes: [RequiredAttribute], orderKnown: Bool = true, askedLater: Bool = false) {
        let ordered = orderKnown
            ? attributes
            : attributes.filter(\.required) + attributes.filter { !$0.required }
        fields = ordered.map { AttributeField($0, askedLater: askedLater) }
    }

    /// A form of fields built by the caller (with their own limits), in the given order.
    public init(fields: [AttributeField]) {
        self.fields = fields
    }

    /// Stores an edit of the attribute `name`; unknown names are ignored.
    mutating func edit(_ name: String, _ text: String) {
        guard let index = fields.firstIndex(where: { $0.attribute.name == name }) else { return }
        fields[index].edit(text)
        message = nil
    }

    /// Validates the attribute `name` when its field is left.
    mutating func leave(_ name: String) {
        guard let index = fields.firstIndex(where: { $0.attribute.name == name }) else { return }
        fields[index].validate()
    }

    /// Validates every field; returns whether the form may be sent.
    mutating func validateAll() -> Bool {
        var valid = true
        for index in fields.indices where !fields[index].validate() { valid = false }
        return valid
    }

    /// API name → text for the request: booleans as `"true"`/`"false"`, empty optional fields left out.
    public var values: [String: String] {
        var values: [String: String] = [:]
        for field in fields {
            if let value = field.submittedValue { values[field.attribute.name] = value }
        }
        return values
    }

    /// Marks the fields the server refused (`invalid_attributes`), keeping every value.
    mutating func markRejected(_ names: [String]) {
        var unknown: [String] = []
        for name in names {
            if let index = fields.firstIndex(where: { $0.attribute.name == name }) {
                fields[index].error = tr("attributes.valueRefused")
            } else {
                unknown.append(name)
            }
        }
        message = unknown.isEmpty
            ? tr("attributes.someRefused")
            : tr("attributes.refused", ["labels": unknown.map(AttributeLabel.label(for:)).joined(separator: ", ")])
    }
}

/// Sign-up's `attributes_required` step; the same form, inside ``SignUpForm``, holds the attributes sent up front.
extension AttributeForm: StepModule {
    var step: FlowStep { .attributes(self) }

    func screen(in state: FlowState) -> Screen {
        let anyOptional = fields.contains { !$0.attribute.required }
        return Screen(
            title: tr("attributes.title"),
            text: [anyOptional ? tr("attributes.text.optional") : tr("attributes.text")],
            fields: fields.map(FlowState.screenField),
            actions: [ScreenAction(tr("action.continue"), .submitted)] + FlowState.backAndCancel,
            message: message)
    }

    mutating func edit(_ field: FieldID, _ text: String) {
        if case .attribute(let name) = field { edit(name, text) }
    }

    mutating func leave(_ field: FieldID) {
        if case .attribute(let name) = field { leave(name) }
    }

    func submit(in state: inout FlowState) -> [FlowEffect] {
        var form = self
        let valid = form.validateAll()
        state.step = .attributes(form)
        guard valid else { return [] }
        state.pending = .sendingAttributes
        return [.submit(.attributes(form.values))]
    }

    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        var form = self
        switch error {
        case .invalidAttributes(let names):
            form.markRejected(names)
        case .invalidInput(let message, _):
            form.message = message
        case .userAlreadyExists, .invalidPassword, .invalidCode, .invalidCredentials, .userNotFound,
             .noMatchingAuthMethod, .passwordRequired, .browserRequired, .methodBlocked, .expiredFlow,
             .userHasNoPassword, .passwordChangeRequired, .mfaRequiredForRefresh, .refreshTokenExpired,
             .unauthorizedClient, .nativeAuthDisabled, .invalidClient, .throttled, .networkFailure,
             .unexpectedResponse, .invalidConfiguration, .server, .furtherStepRequired:
            return state.commonFailure(error)
        }
        state.step = .attributes(form)
        return []
    }
}
