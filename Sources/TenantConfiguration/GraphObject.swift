import Foundation

/// A JSON object of a Graph answer, read member by member; each failure names the member's path.
struct GraphObject {
    let members: [String: Any]
    let path: String

    init(_ value: Any?, path: String) throws(GraphShapeError) {
        guard let members = value as? [String: Any] else { throw GraphShapeError("\(path.isEmpty ? "the answer" : path) is not an object") }
        self.members = members
        self.path = path
    }

    /// The answer body parsed as an object.
    init(json data: Data) throws(GraphShapeError) {
        guard let value = try? JSONSerialization.jsonObject(with: data) else { throw GraphShapeError("the answer is not JSON") }
        try self.init(value, path: "")
    }

    func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func string(_ key: String) throws(GraphShapeError) -> String {
        guard let text = members[key] as? String else { throw GraphShapeError("\(name(key)) is not a string") }
        return text
    }

    /// A string, or nil when absent or `null`.
    func optionalString(_ key: String) throws(GraphShapeError) -> String? {
        guard let value = members[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw GraphShapeError("\(name(key)) is not a string") }
        return text
    }

    /// A boolean; `fallback` when absent or `null`.
    func bool(_ key: String, default fallback: Bool) throws(GraphShapeError) -> Bool {
        guard let value = members[key], !(value is NSNull) else { return fallback }
        guard let flag = value as? Bool else { throw GraphShapeError("\(name(key)) is not true or false") }
        return flag
    }

    /// An object, or nil when absent or `null`.
    func object(_ key: String) throws(GraphShapeError) -> GraphObject? {
        guard let value = members[key], !(value is NSNull) else { return nil }
        return try GraphObject(value, path: name(key))
    }

    /// The objects of an array; empty when absent or `null`.
    func objects(_ key: String) throws(GraphShapeError) -> [GraphObject] {
        guard let value = members[key], !(value is NSNull) else { return [] }
        guard let items = value as? [Any] else { throw GraphShapeError("\(name(key)) is not an array") }
        return try items.enumerated().map { index, item throws(GraphShapeError) in try GraphObject(item, path: "\(name(key))[\(index)]") }
    }

    /// The strings of an array; empty when absent or `null`.
    func strings(_ key: String) throws(GraphShapeError) -> [String] {
        guard let value = members[key], !(value is NSNull) else { return [] }
        guard let items = value as? [Any] else { throw GraphShapeError("\(name(key)) is not an array") }
        return try items.enumerated().map { index, item throws(GraphShapeError) in
            guard let text = item as? String else { throw GraphShapeError("\(name(key))[\(index)] is not a string") }
            return text
        }
    }
}
