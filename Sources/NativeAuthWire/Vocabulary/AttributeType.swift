/// The `type` of a `required_attributes` item, compared case-insensitively: the service has sent
/// both `string` / `boolean` and `Text` / `Boolean`.
///
/// Source: native-auth API reference §4.5; fixtures `signup-continue-attributes-required*`.
public enum AttributeType: WireVocabulary {
    case string, text, boolean, int, dateTime
    case unknown(String)

    public static let known: [AttributeType] = [.string, .text, .boolean, .int, .dateTime]
    public static var caseInsensitive: Bool { true }

    public var wireValue: String {
        switch self {
        case .string: "string"
        case .text: "Text"
        case .boolean: "boolean"
        case .int: "int"
        case .dateTime: "dateTime"
        case .unknown(let value): value
        }
    }
}
