/// The user properties the profile reads, in the order they are shown and sent in `$select`.
///
/// `rawValue` is the Graph property name (`$select`, JSON keys, PATCH bodies).
/// Source: docs/protocol.md §I5.1 (default set and `$select`-only properties), §I5.2 (what a customer may
/// change), docs/protocol.md traps T14–T15; field case 021 (docs/field-cases.md).
public enum ProfileProperty: String, Sendable, CaseIterable {
    case id, displayName, givenName, surname, mail, userPrincipalName, jobTitle, mobilePhone, businessPhones, officeLocation,
         preferredLanguage, streetAddress, city, state, postalCode, country, companyName, department, otherMails, identities,
         createdDateTime

    /// True for the ten properties a customer of an external tenant may change with `User.ReadWrite`:
    /// city, country, displayName, givenName, jobTitle, postalCode, preferredLanguage, state,
    /// streetAddress, surname. `updateProfile` refuses the others before sending anything.
    /// Source: docs/protocol.md §I5.2, trap T15; field case 021 (docs/field-cases.md).
    public var isSelfWritable: Bool {
        switch self {
        case .city, .country, .displayName, .givenName, .jobTitle, .postalCode, .preferredLanguage, .state, .streetAddress, .surname: true
        case .id, .mail, .userPrincipalName, .mobilePhone, .businessPhones, .officeLocation, .companyName, .department, .otherMails,
             .identities, .createdDateTime:
            false
        }
    }

    /// The English label shown next to the value, e.g. "Display name", "Street address".
    public var label: String {
        switch self {
        case .id: "Object ID"
        case .displayName: "Display name"
        case .givenName: "Given name"
        case .surname: "Surname"
        case .mail: "Email"
        case .userPrincipalName: "User principal name"
        case .jobTitle: "Job title"
        case .mobilePhone: "Mobile phone"
        case .businessPhones: "Business phones"
        case .officeLocation: "Office location"
        case .preferredLanguage: "Preferred language"
        case .streetAddress: "Street address"
        case .city: "City"
        case .state: "State or province"
        case .postalCode: "Postal code"
        case .country: "Country or region"
        case .companyName: "Company"
        case .department: "Department"
        case .otherMails: "Other emails"
        case .identities: "Sign-in identities"
        case .createdDateTime: "Created"
        }
    }

    /// True for the collections of strings (`businessPhones`, `otherMails`), kept in `TophhieCloudUserProfile.lists`.
    var isStringList: Bool { self == .businessPhones || self == .otherMails }

    /// The `$select` value naming every property: comma-separated, no spaces, in declaration order.
    static var selectList: String { allCases.map(\.rawValue).joined(separator: ",") }
}
