import Foundation

/// The shape of a JSON value: key names and JSON types, recursively (arrays by their first item).
indirect enum JSONShape: Equatable, CustomStringConvertible {
    case string, number, bool, null
    case array(JSONShape?)
    case object([String: JSONShape])

    init(_ value: Any) {
        switch value {
        case let number as NSNumber where String(cString: number.objCType) == "c": self = .bool
        case is NSNumber: self = .number
        case is String: self = .string
        case let array as [Any]: self = .array(array.first.map(JSONShape.init))
        case let object as [String: Any]: self = .object(object.mapValues(JSONShape.init))
        default: self = .null
        }
    }

    var description: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .null: "null"
        case .array(let item): "[\(item.map(\.description) ?? "")]"
        case .object(let fields): "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!)" }.joined(separator: ", ") + "}"
        }
    }
}
