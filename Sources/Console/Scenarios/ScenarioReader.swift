import Foundation

/// Reads one JSON object of a scenario file, remembering which keys were read so unknown ones are refused.
/// Every failure names the JSON path (`scenarios[0].steps[3].expect.step`).
struct ScenarioReader {
    let file: String
    let path: String
    private let object: [String: Any]

    init(file: String, path: String, value: Any?) throws(ScenarioFileError) {
        self.file = file
        self.path = path
        guard let object = value as? [String: Any] else {
            throw ScenarioFileError(file: file, path: path.isEmpty ? "(root)" : path, problem: "expected a JSON object")
        }
        self.object = object
    }

    /// JSON booleans arrive as NSNumber whose ObjC type is `c`.
    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func failure(_ key: String, _ problem: String) -> ScenarioFileError {
        ScenarioFileError(file: file, path: keyPath(key), problem: problem)
    }

    var keys: [String] { object.keys.sorted() }

    func raw(_ key: String) -> Any? { object[key] }

    /// Refuses any key not in `allowed`.
    func only(_ allowed: Set<String>) throws(ScenarioFileError) {
        if let unknown = keys.first(where: { !allowed.contains($0) }) {
            throw failure(unknown, "unknown key; use \(allowed.sorted().joined(separator: ", "))")
        }
    }

    func string(_ key: String) throws(ScenarioFileError) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value as? String, !text.isEmpty else { throw failure(key, "expected a non-empty string") }
        return text
    }

    func requiredString(_ key: String) throws(ScenarioFileError) -> String {
        guard let text = try string(key) else { throw failure(key, "missing; expected a non-empty string") }
        return text
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(ScenarioFileError) -> Int? {
        guard let value = object[key] else { return nil }
        guard let number = value as? NSNumber, !Self.isBoolean(number), let int = Int(exactly: number.doubleValue), range.contains(int) else {
            throw failure(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return int
    }

    func strings(_ key: String) throws(ScenarioFileError) -> [String]? {
        guard let value = object[key] else { return nil }
        guard let items = value as? [String] else { throw failure(key, "expected an array of strings") }
        return items
    }

    /// A string-to-string object (attribute values).
    func stringMap(_ key: String) throws(ScenarioFileError) -> [String: String]? {
        guard let value = object[key] else { return nil }
        guard let map = value as? [String: Any] else { throw failure(key, "expected an object of strings") }
        var result: [String: String] = [:]
        for (name, item) in map {
            guard let text = item as? String else { throw failure("\(key).\(name)", "expected a string") }
            result[name] = text
        }
        return result
    }

    func object(_ key: String) throws(ScenarioFileError) -> ScenarioReader? {
        guard let value = object[key] else { return nil }
        return try ScenarioReader(file: file, path: keyPath(key), value: value)
    }

    func array(_ key: String) throws(ScenarioFileError) -> [Any]? {
        guard let value = object[key] else { return nil }
        guard let items = value as? [Any] else { throw failure(key, "expected an array") }
        return items
    }
}
