/// How a field is edited and shown.
public enum FieldKind: Sendable, Equatable {
    /// Free text, e.g. a `string` attribute.
    case text
    /// An email address: the flows' email fields and an email contact.
    case email
    /// Shown masked.
    case secret
    /// A one-time code of `length` digits.
    case code(length: Int)
    /// A phone number, normalised to E.164 on submit.
    case phone
    /// Digits with an optional leading minus (attribute type `int`).
    case number
    /// On/off; the value is `"true"` or `"false"` (attribute type `boolean`).
    case toggle
    /// One of fixed choices (an attribute whose pattern is a pure alternation such as `^(Gold|Silver)$`).
    case picker([String])
}
