/// The `type` of a `required_attributes` item, compared case-insensitively: the service has sent
/// both `string` / `boolean` and `Text` / `Boolean`.
///
/// Source: docs/protocol.md §N4.5; fixtures `signup-continue-attributes-required*`.
public enum AttributeType: WireVocabulary {
    /// Wire values `string`, `Text`, `boolean`, `int`, `dateTime`, matched ignoring case (`Boolean` is `.boolean`).
    case string, text, boolean, int, dateTime
    /// Any other `type` string, kept as sent.
    case unknown(String)

    /// The types decoding recognises.
    public enum Known: String, CaseIterable, Sendable {
        case string = "string"
        case text = "Text"
        case boolean = "boolean"
        case int = "int"
        case dateTime = "dateTime"
    }

    /// The case for a documented wire string.
    public init(_ known: Known) {
        self = switch known {
        case .string: .string
        case .text: .text
        case .boolean: .boolean
        case .int: .int
        case .dateTime: .dateTime
        }
    }

    /// `true`: the service has sent both `string` / `boolean` and `Text` / `Boolean`.
    public static var caseInsensitive: Bool { true }
}
