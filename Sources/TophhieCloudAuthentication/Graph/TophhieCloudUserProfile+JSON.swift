import Foundation

extension TophhieCloudUserProfile {
    /// Reads a `/me` answer: a key's absence is `.notAvailable`, `null` (or `[]`) is `.notSet`, a value of
    /// an undocumented type is `.notAvailable` (not shown rather than shown wrong); unknown keys
    /// (`@odata.context`, …) are ignored.
    /// - Throws: `GraphError.unexpectedResponse` when the body is not a JSON object.
    init(json: Data) throws(GraphError) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw .unexpectedResponse("The profile answer is not a JSON object.")
        }
        var values: [ProfileProperty: ProfileValue<String>] = [:]
        var lists: [ProfileProperty: ProfileValue<[String]>] = [:]
        for property in ProfileProperty.allCases where property != .identities {
            if property.isStringList {
                lists[property] = Self.value(object, property) { ($0 as? [Any])?.compactMap { $0 as? String } }
            } else {
                values[property] = Self.value(object, property) { $0 as? String }
            }
        }
        let identities = Self.value(object, .identities) { value in
            (value as? [Any])?.compactMap { $0 as? [String: Any] }.map { item in
                ObjectIdentity(signInType: item["signInType"] as? String ?? "", issuer: item["issuer"] as? String ?? "",
                               issuerAssignedId: item["issuerAssignedId"] as? String ?? "")
            }
        }
        self.init(values: values, lists: lists, identities: identities)
    }

    /// `property`'s value: `.notAvailable` when absent or not convertible, `.notSet` for `null` or `[]`.
    private static func value<Value>(_ object: [String: Any], _ property: ProfileProperty, _ convert: (Any) -> Value?)
        -> ProfileValue<Value> {
        guard let raw = object[property.rawValue] else { return .notAvailable }
        if raw is NSNull { return .notSet }
        if let array = raw as? [Any], array.isEmpty { return .notSet }
        return convert(raw).map { .set($0) } ?? .notAvailable
    }
}
