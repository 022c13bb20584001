import EmailAddresses
import Foundation
import NativeAuthWire

/// Server-side checks of what users type: password rules and attribute values.
extension TenantEmulator {
    /// The password suberror for `password`, if it breaks the policy's rules (length, character classes, banned
    /// words; the history is `hashNewPassword`'s). All carry AADSTS399246 (docs/protocol.md §N4.1, §N7.2).
    func passwordRuleProblem(_ password: String, username: String) -> ProtocolError? {
        let rules = policy.password
        let problem = Self.passwordRefusal
        if password.count < rules.minLength { return problem(.passwordTooShort, "New password is too short.") }
        if password.count > rules.maxLength { return problem(.passwordTooLong, "New password is too long.") }
        var classes = 0
        if password.contains(where: { $0.isLowercase }) { classes += 1 }
        if password.contains(where: { $0.isUppercase }) { classes += 1 }
        if password.contains(where: { $0.isNumber }) { classes += 1 }
        if password.contains(where: { !$0.isLetter && !$0.isNumber }) { classes += 1 }
        if classes < rules.minCharacterClasses { return problem(.passwordTooWeak, "New password is too weak.") }
        let lower = password.lowercased()
        let local = username.split(separator: "@").first.map { $0.lowercased() } ?? ""
        if rules.banned.contains(where: { !$0.isEmpty && lower.contains($0.lowercased()) }) || (local.count >= 3 && lower.contains(local)) {
            return problem(.passwordBanned, "New password contains a banned word.")
        }
        return nil
    }

    /// Why sign-up would refuse `email` for a new account, as a sentence for an operator: not an address, or
    /// taken (matched as sign-in matches it). nil when a sign-up could use it. The control API's import takes
    /// seeded users as they are; the console's panel asks this and ``passwordProblem(_:email:)`` first, so a user
    /// it adds is one that could have signed up.
    public func emailProblem(_ email: String) -> String? {
        guard EmailAddress.isWellFormed(email) else { return "\(email) is not an email address." }
        if (try? store.user(email: email)) != nil { return "\(email) already has an account." }
        return nil
    }

    /// Why this tenant's password rules refuse `password` for `email`, naming the rule; nil when they accept it.
    public func passwordProblem(_ password: String, email: String) -> String? {
        guard let refusal = passwordRuleProblem(password, username: email) else { return nil }
        let rules = policy.password
        // The rules with a number to name; any other refusal is a banned word or the email's name.
        return switch refusal.envelope.suberror {
        case .passwordTooShort?: "Too short: the tenant asks for at least \(rules.minLength) characters."
        case .passwordTooLong?: "Too long: the tenant allows at most \(rules.maxLength) characters."
        case .passwordTooWeak?: "Too weak: use \(rules.minCharacterClasses) of lowercase letters, capitals, digits and symbols."
        case .passwordRecentlyUsed?, .passwordBanned?, .passwordIsInvalid?, .attributeValidationFailed?, .invalidOOBValue?,
             .introspectRequired?, .step?, .providerBlockedByRep?, .providerBlockedByAdmin?,
             .nativeAuthAPIDisabled?, .unknown?, nil:
            "It holds a banned word or the email's name."
        }
    }

    /// A refused password: `invalid_grant`, AADSTS399246 and the password suberror (docs/protocol.md §N4.1, §N7.2).
    static func passwordRefusal(_ suberror: Suberror, _ message: String) -> ProtocolError {
        ProtocolError(.invalidGrant, AADSTSCode.passwordTooWeak, message, suberror: suberror)
    }

    /// Decodes the `attributes` parameter (a JSON object as a string, docs/protocol.md §N4.1).
    func attributes(_ context: RequestContext) throws -> [String: String] {
        guard let text = context.form[.attributes] else { return [:] }
        guard let values = AttributesParameter.decode(text) else { throw ProtocolError.missing("attributes") }
        return values
    }

    /// Keeps the known attributes (unknown keys are ignored, as the service does) and re-validates them.
    /// - Throws: `invalid_grant` + `attribute_validation_failed` with `invalid_attributes` (docs/protocol.md §N4.3).
    func validatedAttributes(_ values: [String: String]) throws -> [String: String] {
        var accepted: [String: String] = [:]
        var invalid: [String] = []
        for attribute in policy.signUp.attributes {
            guard let value = values[attribute.name] else { continue }
            if matches(value, attribute: attribute) { accepted[attribute.name] = value } else { invalid.append(attribute.name) }
        }
        if !invalid.isEmpty {
            var error = ProtocolError(.invalidGrant, AADSTSCode.attributeValidationFailed, "User attribute validation failed.",
                                      suberror: .attributeValidationFailed)
            error.envelope.invalidAttributes = invalid.map { WireAttributeName(name: $0) }
            throw error
        }
        return accepted
    }

    func matches(_ value: String, attribute: TenantPolicy.Attribute) -> Bool {
        if attribute.required && value.isEmpty { return false }
        switch attribute.type {
        case .int: if Int(value) == nil { return false }
        case .dateTime: if ISO8601DateFormatter().date(from: value) == nil && value.range(of: "^\\d{4}-\\d{2}-\\d{2}$", options: .regularExpression) == nil { return false }
        case .boolean, .string: break
        }
        guard let pattern = attributePatterns[attribute.name] else { return true }
        let range = NSRange(value.startIndex..., in: value)
        return pattern.firstMatch(in: value, range: range) != nil
    }

    /// The wire form of a policy attribute (`required_attributes[]` items, docs/protocol.md §N4.5): `options` only when there
    /// is a pattern, as the current reference's examples show (`signup-continue-attributes-required-again`).
    static func wire(_ attribute: TenantPolicy.Attribute) -> WireAttribute {
        WireAttribute(name: attribute.name, type: attribute.type.wire, required: attribute.required, regex: attribute.effectiveRegex)
    }
}
