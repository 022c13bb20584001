import Foundation

/// Reads one JSON object of a policy file, remembering which keys were read so unknown ones are refused.
///
/// Every accessor throws a `PolicyError` naming the full key path and what is allowed.
struct PolicyReader {
    let file: String
    let path: String
    private let object: [String: Any]
    private var known: Set<String> = []

    init(file: String, path: String, value: Any?) throws {
        self.file = file
        self.path = path
        guard let object = value as? [String: Any] else {
            throw PolicyError(file: file, key: path.isEmpty ? "(root)" : path, allowed: "a JSON object")
        }
        self.object = object
    }

    /// JSON booleans arrive as NSNumber; their ObjC type is `c` (char), numbers are `q`, `i` or `d`.
    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func failure(_ key: String, _ allowed: String) -> PolicyError {
        PolicyError(file: file, key: keyPath(key), allowed: allowed)
    }

    mutating func has(_ key: String) -> Bool {
        known.insert(key)
        return object[key] != nil && !(object[key] is NSNull)
    }

    mutating func raw(_ key: String) -> Any? {
        known.insert(key)
        return object[key]
    }

    mutating func bool(_ key: String, default value: Bool) throws -> Bool {
        guard has(key) else { return value }
        // JSONSerialization reads true/false as NSNumber; refuse 0/1 so a typo is not taken as a flag.
        guard let number = object[key] as? NSNumber, Self.isBoolean(number) else {
            throw failure(key, "true or false")
        }
        return number.boolValue
    }

    mutating func int(_ key: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard has(key) else { return value }
        guard let number = object[key] as? NSNumber, !Self.isBoolean(number),
              let int = Int(exactly: number.doubleValue), range.contains(int) else {
            throw failure(key, "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return int
    }

    mutating func string(_ key: String, default value: String?, allowed: String = "a string") throws -> String? {
        guard has(key) else { return value }
        guard let string = object[key] as? String else { throw failure(key, allowed) }
        return string
    }

    mutating func requiredString(_ key: String, allowed: String = "a non-empty string") throws -> String {
        guard let string = try string(key, default: nil, allowed: allowed), !string.isEmpty else {
            throw failure(key, allowed)
        }
        return string
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, default value: Choice) throws -> Choice
    where Choice.RawValue == String {
        let allowed = "one of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let text = try string(key, default: nil, allowed: allowed) else { return value }
        guard let choice = Choice(rawValue: text) else { throw failure(key, allowed) }
        return choice
    }

    mutating func array(_ key: String, allowed: String) throws -> [Any]? {
        guard has(key) else { return nil }
        guard let array = object[key] as? [Any] else { throw failure(key, allowed) }
        return array
    }

    mutating func strings(_ key: String, default value: [String]) throws -> [String] {
        guard let array = try array(key, allowed: "an array of strings") else { return value }
        return try array.map { item in
            guard let string = item as? String else { throw failure(key, "an array of strings") }
            return string
        }
    }

    mutating func object(_ key: String) throws -> PolicyReader? {
        guard has(key) else { return nil }
        return try PolicyReader(file: file, path: keyPath(key), value: object[key])
    }

    /// Refuses any key that was not read.
    func finish(allowedKeys: [String]? = nil) throws {
        let unknown = object.keys.filter { !known.contains($0) }.sorted()
        if let first = unknown.first {
            let list = (allowedKeys ?? known.sorted()).joined(separator: ", ")
            throw PolicyError(file: file, key: keyPath(first), allowed: "unknown key; allowed keys here: \(list)")
        }
    }
}
