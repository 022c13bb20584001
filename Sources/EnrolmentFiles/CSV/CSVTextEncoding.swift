/// How a list's text is stored, told by its byte order mark: UTF-8 (with or without one), or UTF-16 as
/// spreadsheets save "Unicode Text" (always with one).
public enum CSVTextEncoding: Sendable, Equatable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian

    /// `UTF-8`, `UTF-16LE`, `UTF-16BE`.
    public var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf16BigEndian: "UTF-16BE"
        }
    }
}
