import Localization

/// A tenant's password rules as numbers, put into words when a new-password screen is drawn: an enrolment desk's
/// person may pick another language (F12) after the console started.
public struct PasswordPolicy: Sendable, Equatable {
    /// Characters at least and at most.
    public var minLength: Int
    public var maxLength: Int
    /// How many of the four classes (lower case, upper case, digits, symbols) a password must use.
    public var characterClasses: Int

    public init(minLength: Int, maxLength: Int, characterClasses: Int) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.characterClasses = characterClasses
    }

    /// Entra External ID's default: 8 to 256 characters, three of the four classes
    /// ([password policies](https://learn.microsoft.com/entra/identity/authentication/concept-password-ban-bad-combined-policy)).
    public static let entraDefault = PasswordPolicy(minLength: 8, maxLength: 256, characterClasses: 3)

    /// The rules in the language shown now ("8 to 256 characters, using three of: …").
    public var hint: String {
        tr("password.rules", ["min": String(minLength), "max": String(maxLength), "classes": characterClasses])
    }
}
