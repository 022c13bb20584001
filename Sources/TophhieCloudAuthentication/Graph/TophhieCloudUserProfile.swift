/// The signed-in user's profile as Graph `/me` returned it under an explicit `$select` of every
/// `ProfileProperty`. Plain values only (Sendable, no live objects), so it crosses any concurrency boundary.
///
/// Every property is in exactly one of the three maps, with a `ProfileValue` telling `.set`, `.notSet`
/// (`null`, or `[]` for a collection) and `.notAvailable` (absent) apart. `createdDateTime` is kept as sent.
/// Source: docs/protocol.md §I5.1, trap T14; field case 021 (docs/field-cases.md); docs/ARCHITECTURE.md (Sendable boundaries).
public struct TophhieCloudUserProfile: Sendable, Equatable {
    /// The text properties: every `ProfileProperty` but `businessPhones`, `otherMails` and `identities`.
    public var values: [ProfileProperty: ProfileValue<String>]
    /// The string collections: `businessPhones`, `otherMails`.
    public var lists: [ProfileProperty: ProfileValue<[String]>]
    /// How the user signs in.
    public var identities: ProfileValue<[ObjectIdentity]>

    /// Memberwise.
    public init(values: [ProfileProperty: ProfileValue<String>], lists: [ProfileProperty: ProfileValue<[String]>],
                identities: ProfileValue<[ObjectIdentity]>) {
        self.values = values
        self.lists = lists
        self.identities = identities
    }

    /// Any property as display text: text values as they are, collections joined with ", ", identities
    /// by their `issuerAssignedId`s; `.notAvailable` when the property is not in the profile.
    public subscript(_ property: ProfileProperty) -> ProfileValue<String> {
        if property == .identities {
            return identities.map { $0.map(\.issuerAssignedId).joined(separator: ", ") }
        }
        if let list = lists[property] { return list.map { $0.joined(separator: ", ") } }
        return values[property] ?? .notAvailable
    }
}
