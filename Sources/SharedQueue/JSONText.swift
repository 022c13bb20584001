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

    /// SQL for a `text[]` from a JSON array parameter `$n`.
    static func sqlArray(_ parameter: Int) -> String {
        "ARRAY(SELECT json_array_elements_text($\(parameter)::json))"
    }
}
