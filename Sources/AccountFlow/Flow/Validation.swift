/// Local checks on what the user typed, before a request. The server has the last word.
enum Validation {
    static let emailMessage = "Enter an email address like name@example.com."
    static let emailLabel = "Email"
    static let passwordMissing = "Enter a password."
    static let passwordsDiffer = "The two passwords are not the same."
    static let codeMissing = "Enter the code."

    /// The trimmed email when it has the shape `local@domain` (no spaces), else `nil`.
    static func email(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard trimmed.count <= FieldInput.maxLength, parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !trimmed.contains(where: \.isWhitespace) else { return nil }
        return trimmed
    }

    /// Why `text` is not an email to send: too long (a well-formed address can be that long, so the
    /// format advice would mislead), else the format message.
    static func emailMessage(for text: String) -> String {
        text.trimmingSpaces.count > FieldInput.maxLength ? FieldInput.tooLong(emailLabel) : emailMessage
    }
}
