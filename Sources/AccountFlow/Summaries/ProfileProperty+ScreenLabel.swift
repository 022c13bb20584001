import Localization
import TophhieCloudAuthentication

extension ProfileProperty {
    /// The label shown next to the value, in the task's language (the framework's ``label`` stays English for
    /// what it writes).
    public var screenLabel: String {
        switch self {
        case .id: tr("profile.property.id")
        case .displayName: tr("profile.property.displayName")
        case .givenName: tr("profile.property.givenName")
        case .surname: tr("profile.property.surname")
        case .mail: tr("profile.property.mail")
        case .userPrincipalName: tr("profile.property.userPrincipalName")
        case .jobTitle: tr("profile.property.jobTitle")
        case .mobilePhone: tr("profile.property.mobilePhone")
        case .businessPhones: tr("profile.property.businessPhones")
        case .officeLocation: tr("profile.property.officeLocation")
        case .preferredLanguage: tr("profile.property.preferredLanguage")
        case .streetAddress: tr("profile.property.streetAddress")
        case .city: tr("profile.property.city")
        case .state: tr("profile.property.state")
        case .postalCode: tr("profile.property.postalCode")
        case .country: tr("profile.property.country")
        case .companyName: tr("profile.property.companyName")
        case .department: tr("profile.property.department")
        case .otherMails: tr("profile.property.otherMails")
        case .identities: tr("profile.property.identities")
        case .createdDateTime: tr("profile.property.createdDateTime")
        }
    }
}
