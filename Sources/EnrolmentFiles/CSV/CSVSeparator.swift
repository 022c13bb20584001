/// The byte between fields: RFC 4180's comma, or what spreadsheets write instead (`;` where the decimal mark is a
/// comma, TAB in "Unicode Text").
public enum CSVSeparator: UInt8, Sendable, CaseIterable {
    case comma = 0x2C
    case semicolon = 0x3B
    case tab = 0x09

    /// As a person reads it: `,`, `;`, `TAB`.
    public var name: String {
        switch self {
        case .comma: ","
        case .semicolon: ";"
        case .tab: "TAB"
        }
    }
}
