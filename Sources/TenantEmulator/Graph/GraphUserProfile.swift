import Foundation

/// The Graph `user` resource as the emulator serves it for `/me`: which properties exist, which come back
/// without `$select`, which a customer may change, and where each value comes from.
///
/// String properties are the user's stored attributes of the same name (`displayName`, `givenName`, `surname`,
/// `jobTitle`, `city`, …; seed users' `attributes` and sign-up attributes fill them); unset → `null`.
/// `id` is the object id, `mail` the sign-in email, `userPrincipalName` a generated
/// `<16 hex>@<tenant>.onmicrosoft.com`, `identities` the email and UPN identities, `createdDateTime` ISO 8601
/// UTC (`Z`); `businessPhones` and `otherMails` are always `[]`.
/// Source: docs/protocol.md §I5.1 (default set, `$select`, example), §I5.2 (customer allow-list), traps T14, T15; field case 021 (docs/field-cases.md).
enum GraphUserProfile {
    enum Kind { case id, mail, userPrincipalName, identities, createdDateTime, collection, attribute }

    /// Every supported property, as Graph spells it.
    static let properties: [(name: String, kind: Kind)] = [
        ("id", .id), ("displayName", .attribute), ("givenName", .attribute), ("surname", .attribute), ("mail", .mail),
        ("userPrincipalName", .userPrincipalName), ("jobTitle", .attribute), ("mobilePhone", .attribute), ("businessPhones", .collection),
        ("officeLocation", .attribute), ("preferredLanguage", .attribute), ("streetAddress", .attribute), ("city", .attribute),
        ("state", .attribute), ("postalCode", .attribute), ("country", .attribute), ("companyName", .attribute),
        ("department", .attribute), ("otherMails", .collection), ("identities", .identities), ("createdDateTime", .createdDateTime),
    ]

    /// Returned without `$select` (docs/protocol.md §I5.1; trap T14: includes `jobTitle`, `mobilePhone`, `preferredLanguage`).
    static let defaultSet = ["businessPhones", "displayName", "givenName", "id", "jobTitle", "mail", "mobilePhone", "officeLocation",
                             "preferredLanguage", "surname", "userPrincipalName"]

    /// What an external-tenant customer may change with `User.ReadWrite` (docs/protocol.md §I5.2; trap T15).
    static let selfWritable: Set<String> = ["city", "country", "displayName", "givenName", "jobTitle", "postalCode", "preferredLanguage",
                                            "state", "streetAddress", "surname"]

    /// The supported property named `name` (case-insensitive), in Graph's spelling.
    static func property(_ name: String) -> (name: String, kind: Kind)? {
        properties.first { $0.name.lowercased() == name.lowercased() }
    }

    /// `<first 16 hex digits of the object id>@<tenant>.onmicrosoft.com` (docs/protocol.md §I5.1 example).
    static func userPrincipalName(of user: StoredUser, tenantName: String) -> String {
        String(user.id.replacingOccurrences(of: "-", with: "").prefix(16)) + "@\(tenantName.lowercased()).onmicrosoft.com"
    }

    /// One property's JSON value (`NSNull` when unset).
    static func value(_ property: (name: String, kind: Kind), of user: StoredUser, tenantName: String) -> Any {
        switch property.kind {
        case .id: return user.id
        case .mail: return user.email
        case .userPrincipalName: return userPrincipalName(of: user, tenantName: tenantName)
        case .collection: return [String]()
        case .createdDateTime:
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.string(from: user.createdAt)
        case .identities:
            let issuer = "\(tenantName.lowercased()).onmicrosoft.com"
            return [["signInType": "emailAddress", "issuer": issuer, "issuerAssignedId": user.email],
                    ["signInType": "userPrincipalName", "issuer": issuer, "issuerAssignedId": userPrincipalName(of: user, tenantName: tenantName)]]
        case .attribute: return user.attributes[property.name].map { $0 as Any } ?? NSNull()
        }
    }

    /// The `GET /me` body for `select` (`nil`: the default set).
    /// - Throws: 400 `Request_BadRequest` "Could not find a property named 'X' on type 'microsoft.graph.user'."
    static func body(of user: StoredUser, tenantName: String, select: String?) throws(GraphError) -> [String: Any] {
        let names = (select ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var chosen: [(name: String, kind: Kind)] = []
        if names.isEmpty {
            chosen = defaultSet.compactMap(property)
        } else {
            for name in names {
                guard let found = property(name) else {
                    throw .badRequest("Could not find a property named '\(name)' on type 'microsoft.graph.user'.")
                }
                if !chosen.contains(where: { $0.name == found.name }) { chosen.append(found) }
            }
        }
        var body: [String: Any] = ["@odata.context": names.isEmpty
            ? "https://graph.microsoft.com/v1.0/$metadata#users/$entity"
            : "https://graph.microsoft.com/v1.0/$metadata#users(\(chosen.map(\.name).joined(separator: ",")))/$entity"]
        for property in chosen { body[property.name] = value(property, of: user, tenantName: tenantName) }
        return body
    }

    /// Applies a `PATCH /me` body to `attributes`; nothing is applied unless the whole body is acceptable.
    ///
    /// - Returns: the new attribute values (a `null` removes one).
    /// - Throws: 400 `Request_BadRequest` for a body that is not a JSON object; 403 `Authorization_RequestDenied`
    ///   when any key is outside `writable` (the policy's `graph.customerWritable`; `mail`, `id`, `@odata.context`, `userPrincipalName`, …, field case 021 (docs/field-cases.md));
    ///   400 for a value that is not a string or `null`, and for clearing `displayName` (docs/protocol.md §I5.2).
    static func patched(_ attributes: [String: String], body: Data, writable: [String]) throws(GraphError) -> [String: String] {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw .badRequest("Unable to read JSON request payload. Please ensure Content-Type header is set and payload is of valid JSON format.")
        }
        var changes: [(name: String, value: String?)] = []
        for key in object.keys.sorted() {
            guard let name = writable.first(where: { $0.lowercased() == key.lowercased() }) else { throw .insufficientPrivileges }
            switch object[key] {
            case let text as String: changes.append((name, text))
            case is NSNull: changes.append((name, nil))
            default: throw .badRequest("Invalid value specified for property '\(name)' of resource 'User'.")
            }
        }
        var updated = attributes
        for change in changes {
            if change.name == "displayName", (change.value ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                throw .badRequest("Invalid value specified for property 'displayName' of resource 'User'.")
            }
            updated[change.name] = change.value
        }
        return updated
    }
}
