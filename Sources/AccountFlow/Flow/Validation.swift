import Localization
import EmailAddresses
import TophhieCloudAuthentication

/// Local checks on what the user typed, before a request. The server has the last word.
enum Validation {
    static var emailMessage: String { tr("validation.email") }
    static var emailLabel: String { tr("field.email") }
    static var passwordMissing: String { tr("validation.passwordMissing") }
    static var passwordsDiffer: String { tr("validation.passwordsDiffer") }
    static var codeMissing: String { tr("validation.codeMissing") }
    static var passwordHasEmailName: String { tr("validation.passwordHasEmailName") }

    /// What to say about the server's password `rule` for `password` typed with `email`. The tenant's
    /// `password_banned` covers both common passwords and the account's own name, so a password holding the
    /// email's part before `@` (3 characters or more, any case) is told so rather than called common.
    /// `rule`'s message once the password itself is gone (the reset drops it while the service applies it):
    /// `password_banned` is said with both of its causes where the email has a name a password could contain.
    static func passwordMessage(_ rule: PasswordRule, email: String?) -> String {
        guard rule == .banned, let local = email?.split(separator: "@").first, local.count >= 3 else { return rule.screenMessage }
        return passwordBannedOrHasEmailName
    }

    static var passwordBannedOrHasEmailName: String { tr("validation.passwordBannedOrHasEmailName") }

    static func passwordMessage(_ rule: PasswordRule, password: Secret, email: String?) -> String {
        guard rule == .banned, let local = email?.split(separator: "@").first?.lowercased(), local.count >= 3,
              password.revealed.lowercased().contains(local) else { return rule.screenMessage }
        return passwordHasEmailName
    }

    /// The trimmed email when it has the package's one address shape (``EmailAddress/isWellFormed(_:)``) and
    /// fits the field, else `nil`.
    static func email(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces
        // No more bytes than the limit is no more Characters either: most addresses need no Character count.
        guard trimmed.utf8.count <= FieldInput.maxLength || trimmed.count <= FieldInput.maxLength,
              EmailAddress.isWellFormed(trimmed) else { return nil }
        return trimmed
    }

    /// An error for a non-empty email that does not look like one (an empty field is only refused on submit).
    static func emailError(_ text: String) -> String? {
        text.trimmingSpaces.isEmpty || email(text) != nil ? nil : emailMessage(for: text)
    }

    /// The confirmation's error when the field is left: only a typed confirmation can differ.
    static func mismatch(_ password: Secret, _ confirmation: Secret) -> String? {
        confirmation.isEmpty || confirmation == password ? nil : passwordsDiffer
    }

    /// Why `text` is not an email to send: too long (a well-formed address can be that long, so the
    /// format advice would mislead), else the format message.
    static func emailMessage(for text: String) -> String {
        text.trimmingSpaces.count > FieldInput.maxLength ? FieldInput.tooLong(emailLabel) : emailMessage
    }
}
