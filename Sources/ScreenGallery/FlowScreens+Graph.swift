import AccountFlow
import Foundation
import TophhieCloudAuthentication

/// Flow states for the Graph screens (profile, profile edit, sign-in history), reached through the
/// reducer from the account screen, with fictional values.
extension FlowScreens {

    /// Every property the console selects, as a customer's `/me` answers: some set, some `null`, some absent.
    public static let profile = ProfileSummary(fields: [
        ProfileFieldSummary(.id, .set("7d2f0c4e-1b9a-4f55-9c1e-3a5b6c7d8e9f")),
        ProfileFieldSummary(.displayName, .set("Ada Lovelace")),
        ProfileFieldSummary(.givenName, .set("Ada")),
        ProfileFieldSummary(.surname, .set("Lovelace")),
        ProfileFieldSummary(.mail, .notSet),
        ProfileFieldSummary(.userPrincipalName, .set("e7d6c5b4a3924817@contoso.onmicrosoft.com")),
        ProfileFieldSummary(.jobTitle, .notSet),
        ProfileFieldSummary(.mobilePhone, .notSet),
        ProfileFieldSummary(.businessPhones, .notSet),
        ProfileFieldSummary(.officeLocation, .notAvailable),
        ProfileFieldSummary(.preferredLanguage, .set("en-GB")),
        ProfileFieldSummary(.streetAddress, .set("12 St James's Square")),
        ProfileFieldSummary(.city, .set("London")),
        ProfileFieldSummary(.state, .notSet),
        ProfileFieldSummary(.postalCode, .set("SW1Y 4JH")),
        ProfileFieldSummary(.country, .set("GB")),
        ProfileFieldSummary(.companyName, .notAvailable),
        ProfileFieldSummary(.department, .notAvailable),
        ProfileFieldSummary(.otherMails, .set("ada@analytical.example")),
        ProfileFieldSummary(.identities, .set("emailAddress: ada@contoso.example")),
        ProfileFieldSummary(.createdDateTime, .set("2026-11-02 09:14:05")),
    ])

    /// On the account screen, signed in, after the first tick.
    public static func onAccount() -> FlowState {
        var state = FlowState(settings: settings, step: .signedIn(account), signedIn: account)
        _ = state.reduce(.tick(start))
        return state
    }

    public static func profileScreen() -> FlowState {
        var state = onAccount()
        _ = state.reduce(.profileRequested)
        _ = state.reduce(.profileLoaded(.success(profile)))
        return state
    }

    /// Row `index` (0 newest), a minute apart going back from `start`; every third one failed.
    public static func signIn(_ index: Int) -> SignInRow {
        let failed = index % 3 == 2
        let apps = ["Contoso web", "Contoso mobile app for iOS and Android", "Tophhie Account Console"]
        return SignInRow(
            id: "5f0c\(index)a1e-7b2d-4c3e-9f10-\(String(format: "%012d", index))",
            time: start.addingTimeInterval(Double(-97 * index)), app: apps[index % apps.count],
            ipAddress: "203.0.113.\(10 + index)", clientApp: "Browser", interactive: index % 4 != 3,
            errorCode: failed ? 50126 : 0, failureReason: failed ? "Invalid username or password or Invalid on-premise username or password." : nil,
            location: index % 2 == 0 ? "Seattle, Washington, US" : "Bengaluru, Karnataka, IN",
            conditionalAccess: failed ? "notApplied" : "success")
    }

    /// The history list of `count` rows for the signed-in account, the first page of `pageSize`.
    public static func history(_ count: Int, hasMore: Bool = false) -> FlowState {
        var state = onAccount()
        _ = state.reduce(.historyRequested)
        _ = state.reduce(.historyUserChosen)
        _ = state.reduce(.historyLoaded(.success(HistoryPage(rows: (0..<count).map(signIn), hasMore: hasMore))))
        return state
    }
}
