import Foundation

/// Reads one object of a JSON file strictly, for the tenant policy and scenario files: every failure is a
/// ``JSONFileError`` naming the file and the key path, with what was expected and what was found.
///
/// Keys not in the object's ``only(_:)`` list are refused by name; a value of the wrong type is "expected X, found Y";
/// a document that does not parse names the line and column where reading stopped (``parse(_:file:)``). A JSON
/// `null` counts as an absent key.
public struct JSONObjectReader {
    /// The file, as messages name it.
    public let file: String
    /// This object's key path (`""` for the root).
    public let path: String
    private let object: [String: Any]

    /// The object at `path` of `file`.
    /// - Throws: ``JSONFileError`` when `value` is not a JSON object.
    public init(file: String, path: String, value: Any?) throws(JSONFileError) {
        self.file = file
        self.path = path
        guard let object = value as? [String: Any] else {
            throw JSONFileError(file: file, path: path.isEmpty ? "(root)" : path, problem: Self.expected("a JSON object", value))
        }
        self.object = object
    }

    /// The root object of `data`.
    /// - Throws: ``JSONFileError``: `line L, column C: not valid JSON`, or the root is not an object.
    public static func root(of data: Data, file: String) throws(JSONFileError) -> JSONObjectReader {
        try JSONObjectReader(file: file, path: "", value: parse(data, file: file))
    }

    /// `data` as JSON values (objects, arrays, `NSNumber`, `String`, `NSNull`).
    /// - Throws: ``JSONFileError`` at `line L, column C` (from the byte offset Foundation names), else `(root)`.
    public static func parse(_ data: Data, file: String) throws(JSONFileError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw JSONFileError(file: file, path: location(of: error, in: data) ?? "(root)", problem: "not valid JSON")
        }
    }

    /// `line L, column C` of a syntax error, from Foundation's "around character N" (a byte offset).
    static func location(of error: any Error, in data: Data) -> String? {
        let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        guard let range = text.range(of: #"character (\d+)"#, options: .regularExpression),
              let offset = Int(text[range].dropFirst("character ".count)) else { return nil }
        let before = data.prefix(min(max(offset, 0), data.count))
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - before.startIndex + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }

    /// JSON booleans arrive as `NSNumber` whose ObjC type is `c` (char); numbers are `q`, `i` or `d`.
    public static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    /// `expected WHAT, found KIND`: what was wanted and the JSON type (or, for scalars, the value) that came.
    public static func expected(_ what: String, _ found: Any?) -> String {
        "expected \(what), found \(describe(found))"
    }

    /// A JSON value as a message names it: `null`, `true`, `a number (1.5)`, `"magic"`, `an array`, `an object`.
    public static func describe(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: "null"
        case let number as NSNumber where isBoolean(number): number.boolValue ? "true" : "false"
        case let number as NSNumber: "a number (\(number))"
        case let text as String: text.count > 40 ? "a string" : "\"\(text)\""
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "a JSON value"
        }
    }

    /// `path.key`, or `key` at the root.
    public func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A fault at `key` of this object.
    public func failure(_ key: String, _ problem: String) -> JSONFileError {
        JSONFileError(file: file, path: keyPath(key), problem: problem)
    }

    /// `expected WHAT, found …` at `key`, naming what the key holds.
    public func wrong(_ key: String, expected what: String) -> JSONFileError {
        failure(key, Self.expected(what, object[key]))
    }

    /// The object's keys, sorted (null-valued ones included).
    public var keys: [String] { object.keys.sorted() }

    /// The value under `key` as parsed; nil when absent or `null`.
    public func raw(_ key: String) -> Any? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    /// Whether `key` holds a value other than `null`.
    public func has(_ key: String) -> Bool { raw(key) != nil }

    /// Refuses any key not in `allowed`, by name, listing the allowed ones.
    public func only(_ allowed: Set<String>) throws(JSONFileError) {
        if let unknown = keys.first(where: { !allowed.contains($0) }) {
            throw failure(unknown, "unknown key; use \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// `true` or `false` (never 0 or 1, so a typo is not taken as a flag); nil when absent.
    public func bool(_ key: String) throws(JSONFileError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard let number = value as? NSNumber, Self.isBoolean(number) else { throw wrong(key, expected: "true or false") }
        return number.boolValue
    }

    /// A whole number in `range`; nil when absent.
    public func int(_ key: String, in range: ClosedRange<Int>) throws(JSONFileError) -> Int? {
        guard let value = raw(key) else { return nil }
        guard let number = value as? NSNumber, !Self.isBoolean(number), let int = Int(exactly: number.doubleValue), range.contains(int) else {
            throw wrong(key, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return int
    }

    /// A string (empty ones too); nil when absent. `expected` names what is wanted in a refusal.
    public func string(_ key: String, expected what: String = "a string") throws(JSONFileError) -> String? {
        guard let value = raw(key) else { return nil }
        guard let text = value as? String else { throw wrong(key, expected: what) }
        return text
    }

    /// A non-empty string; nil when absent.
    public func nonEmptyString(_ key: String, expected what: String = "a non-empty string") throws(JSONFileError) -> String? {
        guard let text = try string(key, expected: what) else { return nil }
        guard !text.isEmpty else { throw wrong(key, expected: what) }
        return text
    }

    /// A non-empty string that must be there.
    public func requiredString(_ key: String, expected what: String = "a non-empty string") throws(JSONFileError) -> String {
        guard let text = try nonEmptyString(key, expected: what) else { throw failure(key, "missing; expected \(what)") }
        return text
    }

    /// One of `Choice`'s raw values; nil when absent.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ key: String) throws(JSONFileError) -> Choice? where Choice.RawValue == String {
        let allowed = "one of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let text = try string(key, expected: allowed) else { return nil }
        guard let choice = Choice(rawValue: text) else { throw wrong(key, expected: allowed) }
        return choice
    }

    /// An array; nil when absent.
    public func array(_ key: String, expected what: String = "an array") throws(JSONFileError) -> [Any]? {
        guard let value = raw(key) else { return nil }
        guard let items = value as? [Any] else { throw wrong(key, expected: what) }
        return items
    }

    /// An array of strings; nil when absent.
    public func strings(_ key: String) throws(JSONFileError) -> [String]? {
        guard let items = try array(key, expected: "an array of strings") else { return nil }
        guard let strings = items as? [String] else { throw wrong(key, expected: "an array of strings") }
        return strings
    }

    /// An object of string values (attribute values by name); nil when absent.
    public func stringMap(_ key: String) throws(JSONFileError) -> [String: String]? {
        guard let value = raw(key) else { return nil }
        guard let map = value as? [String: Any] else { throw wrong(key, expected: "an object of strings") }
        var result: [String: String] = [:]
        for (name, item) in map {
            guard let text = item as? String else { throw failure("\(key).\(name)", Self.expected("a string", item)) }
            result[name] = text
        }
        return result
    }

    /// The object under `key`; nil when absent.
    public func object(_ key: String) throws(JSONFileError) -> JSONObjectReader? {
        guard let value = raw(key) else { return nil }
        return try JSONObjectReader(file: file, path: keyPath(key), value: value)
    }

    /// The object at `index` of the array under `key` (`key[index]`).
    public func element(_ key: String, _ index: Int, of items: [Any]) throws(JSONFileError) -> JSONObjectReader {
        try JSONObjectReader(file: file, path: keyPath("\(key)[\(index)]"), value: items[index])
    }
}
