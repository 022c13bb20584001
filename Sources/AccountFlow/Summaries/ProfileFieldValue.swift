/// One profile property as Microsoft Graph answered `GET /v1.0/me?$select=…` (docs/protocol.md §I5.1).
public enum ProfileFieldValue: Sendable, Equatable {
    /// The property has a value; a collection (`businessPhones`, `otherMails`, `identities`) arrives joined
    /// as one line by the runner, e.g. `"+1 425 555 0100, +1 425 555 0101"`.
    case set(String)
    /// The property was selected and came back `null` (or an empty collection): it has no value.
    case notSet
    /// The property is missing from the answer: this caller may not read it.
    case notAvailable
}
