import Foundation

/// Text arrays to and from the database as JSON (`array_to_json`, `json_array_elements_text`): no hand-parsed
/// PostgreSQL array syntax.
enum JSONText {
    /// `["a","b"]` for `strings`.
    static func array(_ strings: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(strings)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// The strings of a JSON array of text (`[]` for nil or anything else).
    static func strings(_ text: String?) -> [String] {
        guard let text, let strings = try? JSONDecoder().decode([String?].self, from: Data(text.utf8)) else { return [] }
        return strings.map { $0 ?? "" }
    }

    /// `{"de":["a"],…}` for `lists`.
    static func object(_ lists: [String: [String]]) -> String {
        String(decoding: (try? JSONEncoder().encode(lists)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// The lists of a JSON object of text arrays (empty for nil, SQL NULL or anything else).
    static func lists(_ text: String?) -> [String: [String]] {
        guard let text, let lists = try? JSONDecoder().decode([String: [String]].self, from: Data(text.utf8)) else { return [:] }
        return lists
    }

    /// SQL for a `text[]` from a JSON array parameter `$n`.
    static func sqlArray(_ parameter: Int) -> String {
        "ARRAY(SELECT json_array_elements_text($\(parameter)::json))"
    }
}
