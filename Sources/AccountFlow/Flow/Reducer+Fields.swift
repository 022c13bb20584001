extension FlowState {
    /// Stores an edit on the current step; the field's previous error goes, the input is always kept.
    mutating func edit(_ field: FieldID, _ text: String) {
        switch (step, field) {
        case (.signInStart(var form), .email):
            // What the server said about the previous address's password does not hold for another one.
            if form.passwordRequired, text != form.email { form.passwordRequired = false; form.message = nil }
            form.email = text; form.emailError = nil; step = .signInStart(form)
        case (.signInStart(var form), .password): form.password = text; form.passwordError = nil; step = .signInStart(form)
        case (.signUpStart(var form), .email):
            if text != form.email { form.accountExists = false }
            form.email = text; form.emailError = nil; step = .signUpStart(form)
        case (.signUpStart(var form), .password): form.password = text; form.passwordError = nil; step = .signUpStart(form)
        case (.signUpStart(var form), .confirmPassword):
            form.confirmPassword = text; form.confirmError = nil; step = .signUpStart(form)
        case (.signUpStart(var form), .attribute(let name)): form.attributes.edit(name, text); step = .signUpStart(form)
        case (.resetStart(var form), .email): form.email = text; form.emailError = nil; step = .resetStart(form)
        case (.codeEntry(var entry), .code): entry.code = text; entry.codeError = nil; step = .codeEntry(entry)
        case (.newPassword(var form), .password): form.password = text; form.passwordError = nil; step = .newPassword(form)
        case (.newPassword(var form), .confirmPassword):
            form.confirmPassword = text; form.confirmError = nil; step = .newPassword(form)
        case (.attributes(var form), .attribute(let name)): form.edit(name, text); step = .attributes(form)
        case (.contactEntry(var entry), .contact): entry.contact = text; entry.contactError = nil; step = .contactEntry(entry)
        case (.contactEntry(var entry), .countryCode):
            entry.countryCode = text; entry.contactError = nil; step = .contactEntry(entry)
        case (.profileEdit(var form), .attribute(let name)):
            form.edit(name, text); step = .profileEdit(form)
        case (.historyUser(var form), .historyUser): form.user = text; form.userError = nil; step = .historyUser(form)
        default: break
        }
    }

    /// Validates the field being left, so mistakes show before submit.
    mutating func leave(_ field: FieldID) {
        switch (step, field) {
        case (.signInStart(var form), .email):
            form.emailError = emailError(form.email); step = .signInStart(form)
        case (.signUpStart(var form), .email):
            form.emailError = emailError(form.email); step = .signUpStart(form)
        case (.signUpStart(var form), .confirmPassword):
            form.confirmError = mismatch(form.password, form.confirmPassword); step = .signUpStart(form)
        case (.signUpStart(var form), .attribute(let name)): form.attributes.leave(name); step = .signUpStart(form)
        case (.resetStart(var form), .email):
            form.emailError = emailError(form.email); step = .resetStart(form)
        case (.newPassword(var form), .confirmPassword):
            form.confirmError = mismatch(form.password, form.confirmPassword); step = .newPassword(form)
        case (.attributes(var form), .attribute(let name)): form.leave(name); step = .attributes(form)
        case (.profileEdit(var form), .attribute(let name)): form.leave(name); step = .profileEdit(form)
        case (.contactEntry(var entry), .contact):
            if !entry.contact.trimmingSpaces.isEmpty, case .failure(let problem) = contact(of: entry) {
                entry.contactError = problem.message
                step = .contactEntry(entry)
            }
        default: break
        }
    }

    /// An error for a non-empty email that does not look like one (an empty field is only refused on submit).
    private func emailError(_ text: String) -> String? {
        text.trimmingSpaces.isEmpty || Validation.email(text) != nil ? nil : Validation.emailMessage(for: text)
    }

    private func mismatch(_ password: String, _ confirmation: String) -> String? {
        confirmation.isEmpty || confirmation == password ? nil : Validation.passwordsDiffer
    }

    /// The contact to send: an email as typed (trimmed), or a phone number in E.164.
    func contact(of entry: ContactEntry) -> Result<String, ContactProblem> {
        if entry.isPhone {
            do {
                return .success(try PhoneNumber.normalise(entry.contact, countryCode: entry.countryCode))
            } catch {
                return .failure(ContactProblem(error.message))
            }
        }
        guard let email = Validation.email(entry.contact) else { return .failure(ContactProblem(Validation.emailMessage(for: entry.contact))) }
        return .success(email)
    }
}

/// Why a contact cannot be sent; the message is shown on the contact field.
struct ContactProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
