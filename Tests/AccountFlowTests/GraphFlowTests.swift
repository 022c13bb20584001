import Foundation
import Testing
@testable import AccountFlow
import TophhieCloudAuthentication

/// The Graph screens in the flow: the profile (read, edit, save only the changes, refused fields), and the
/// sign-in history (user form, list, filter, paging, throttling, licence and permission failures, a row in
/// full), with enrolment mode keeping out of all of it (field cases 021, 022 (docs/field-cases.md)).
@Suite struct GraphFlowTests {
    // MARK: Fixtures

    /// A customer's profile: set, not set (null) and not available (absent) values, the self-writable
    /// properties editable.
    static let profile = ProfileSummary(fields: [
        ProfileFieldSummary(.id, .set("7d2f0c4e-1b9a-4f55-9c1e-3a5b6c7d8e9f")),
        ProfileFieldSummary(.displayName, .set("Ada Lovelace")),
        ProfileFieldSummary(.givenName, .set("Ada")),
        ProfileFieldSummary(.surname, .set("Lovelace")),
        ProfileFieldSummary(.mail, .notSet),
        ProfileFieldSummary(.userPrincipalName, .set("e7d6c5b4a3924817@contoso.onmicrosoft.com")),
        ProfileFieldSummary(.jobTitle, .notSet),
        ProfileFieldSummary(.streetAddress, .set("12 St James's Square")),
        ProfileFieldSummary(.city, .notSet),
        ProfileFieldSummary(.postalCode, .set("SW1Y 4JH")),
        ProfileFieldSummary(.country, .set("GB")),
        ProfileFieldSummary(.department, .notAvailable),
    ])

    static let editableKeys = ["displayName", "givenName", "surname", "jobTitle", "streetAddress", "city", "postalCode", "country"]

    static let kolkata = TimeZone(secondsFromGMT: 5 * 3600 + 1800) ?? .current

    /// Row `index` (0 newest), a minute apart going back from 2027-01-15T08:00:00Z; every third one failed.
    static func row(_ index: Int) -> SignInRow {
        let failed = index % 3 == 2
        return SignInRow(
            id: "event-\(index)", time: Sample.start.addingTimeInterval(Double(-60 * index)), app: "Contoso web",
            ipAddress: "203.0.113.\(index)", clientApp: "Browser", interactive: true, errorCode: failed ? 50126 : 0,
            failureReason: failed ? "Invalid username or password." : nil, location: "Seattle, Washington, US",
            conditionalAccess: "notApplied")
    }

    static func rows(_ range: Range<Int>) -> [SignInRow] { range.map(row) }

    static let throttled = GraphFailure(kind: .throttled(retryAfter: 7), message: "Too many requests.")
    static let notPremium = GraphFailure(
        kind: .notPremium, message: "Neither tenant is B2C or tenant doesn't have premium license",
        detail: "403 Authentication_RequestFromNonPremiumTenantOrB2CTenant, request-id 3c9e1f20")

    static func onAccount(settings: FlowSettings = Sample.utcSettings) -> FlowStore {
        FlowStore(FlowState(settings: settings, step: .signedIn(Sample.account), signedIn: Sample.account, now: Sample.start))
    }

    static func onProfile() -> FlowStore {
        var store = onAccount()
        store.send(.profileRequested, effects: [.loadProfile]) { $0.pending = .readingProfile }
        store.send(.profileLoaded(.success(profile))) {
            $0.pending = nil
            $0.step = .profile(ProfileView(profile: profile))
            $0.signedIn?.displayName = "Ada Lovelace"
        }
        return store
    }

    static func onEdit() -> FlowStore {
        var store = onProfile()
        store.send(.profileEditRequested) { $0.step = .profileEdit(ProfileEditForm(profile: profile)) }
        return store
    }

    /// The history list after the first page of `rows` (in the operator's zone `zone`).
    static func onHistory(_ rows: [SignInRow], hasMore: Bool, zone: TimeZone? = nil) -> FlowStore {
        var store = onAccount(settings: FlowSettings(timeZone: zone ?? Sample.utcSettings.timeZone))
        store.send(.historyRequested) { $0.step = .historyUser(HistoryUserForm(user: Sample.email)) }
        store.send(.historyUserChosen, effects: [.loadHistory(user: Sample.email, top: 50)]) {
            $0.step = .history(HistoryView(user: Sample.email))
            $0.pending = .readingSignIns
        }
        store.send(.historyLoaded(.success(HistoryPage(rows: rows, hasMore: hasMore)))) {
            $0.pending = nil
            $0.step = .history(HistoryView(user: Sample.email, rows: rows, hasMore: hasMore, loaded: true))
        }
        return store
    }

    static func editField(_ state: FlowState, _ key: String) -> ScreenField? {
        state.screen.fields.first { $0.id == .attribute(key) }
    }

    // MARK: Profile

    @Test func theProfileIsReadFromTheAccountScreen() {
        var store = Self.onAccount()
        #expect(store.state.screen.actions.contains(ScreenAction("Profile", .profileRequested)))
        store.send(.profileRequested, effects: [.loadProfile]) { $0.pending = .readingProfile }
        #expect(store.state.screen.status == "Reading the profile…")
        store.send(.profileLoaded(.success(Self.profile))) {
            $0.pending = nil
            $0.step = .profile(ProfileView(profile: Self.profile))
            $0.signedIn?.displayName = "Ada Lovelace"
        }
        let screen = store.state.screen
        #expect(screen.title == "Profile")
        #expect(screen.details.count == Self.profile.fields.count)
        #expect(screen.actions.map(\.label) == ["Edit", "Back", "Home"])
    }

    /// Field case 021 (docs/field-cases.md): `null` reads "not set", a missing property "not available".
    @Test func notSetAndNotAvailableReadDifferently() {
        let details = Self.onProfile().state.screen.details
        #expect(details.contains(ScreenDetail("Email", "not set")))
        #expect(details.contains(ScreenDetail("Department", "not available")))
        #expect(details.contains(ScreenDetail("Display name", "Ada Lovelace")))
        #expect(FlowState.profileText(.notSet) != FlowState.profileText(.notAvailable))
    }

    @Test func aFailedProfileReadOffersTheAccountScreenAgain() {
        var store = Self.onAccount()
        let failure = GraphFailure(kind: .needsSignIn, message: "Sign in again to read the profile.", detail: "401 InvalidAuthenticationToken")
        store.send(.profileRequested, effects: [.loadProfile]) { $0.pending = .readingProfile }
        store.send(.profileLoaded(.failure(failure))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "Sign in again to read the profile.", detail: "401 InvalidAuthenticationToken",
                                             retryStep: .signedIn(Sample.account)))
        }
        store.send(.retryRequested) { $0.step = .signedIn(Sample.account) }
    }

    @Test func backFromTheProfileIsTheAccountScreenAndHomeIsHome() {
        var store = Self.onProfile()
        var account = Sample.account
        account.displayName = "Ada Lovelace"   // the profile's, read last
        store.send(.backRequested) { $0.step = .signedIn(account) }
        store = Self.onProfile()
        store.send(.homeRequested, effects: [.forgetSession]) { $0.step = .home }
    }

    // MARK: Profile edit

    /// Only the self-writable properties are fields, prefilled, in display order; the rest is read-only.
    @Test func theEditFormHasOneFieldPerEditablePropertyPrefilled() {
        let screen = Self.onEdit().state.screen
        #expect(screen.fields.map(\.id) == Self.editableKeys.map(FieldID.attribute))
        #expect(screen.fields.map(\.value) == ["Ada Lovelace", "Ada", "Lovelace", "", "12 St James's Square", "", "SW1Y 4JH", "GB"])
        #expect(screen.fields.filter(\.required).map(\.id) == [.attribute("displayName")])
        #expect(screen.details.map(\.label) == ["Object ID", "Email", "User principal name", "Department"])
        #expect(screen.details.contains(ScreenDetail("Department", "not available")))
    }

    /// Field case 021 (docs/field-cases.md): only what changed is sent; an emptied field clears its property; retyping the same value
    /// (spaces around it) is no change.
    @Test func saveSendsOnlyTheChangedFields() {
        var store = Self.onEdit()
        for (key, text) in [("displayName", "Ada King"), ("postalCode", ""), ("givenName", " Ada "), ("jobTitle", "Analyst")] {
            store.send(.fieldEdited(.attribute(key), text)) { $0.profileEdit { $0.edit(key, text) } }
        }
        store.send(.submitted, effects: [.saveProfile([.displayName: "Ada King", .postalCode: String?.none, .jobTitle: "Analyst"])]) {
            $0.pending = .savingProfile
        }
        #expect(store.state.screen.status == "Saving…")
        var saved = Self.profile
        saved.fields[1].value = .set("Ada King")
        store.send(.profileSaved(.success(saved))) {
            $0.pending = nil
            $0.step = .profile(ProfileView(profile: saved, notice: "Saved"))
            $0.signedIn?.displayName = "Ada King"
        }
        #expect(store.state.screen.notice == "Saved")
        #expect(store.state.screen.details.contains(ScreenDetail("Display name", "Ada King")))
    }

    /// Issue #37: after a display-name edit the account screen (Back from the profile) shows the new name, not the
    /// one the sign-in's id token carried.
    @Test func theAccountScreenShowsTheDisplayNameJustSaved() {
        var store = Self.onEdit()
        store.send(.fieldEdited(.attribute("displayName"), "Ada King")) { $0.profileEdit { $0.edit("displayName", "Ada King") } }
        store.send(.submitted, effects: [.saveProfile([.displayName: "Ada King"])]) { $0.pending = .savingProfile }
        var saved = Self.profile
        saved.fields[1].value = .set("Ada King")
        store.send(.profileSaved(.success(saved))) {
            $0.pending = nil
            $0.step = .profile(ProfileView(profile: saved, notice: "Saved"))
            $0.signedIn?.displayName = "Ada King"
        }
        var renamed = Sample.account
        renamed.displayName = "Ada King"
        store.send(.backRequested) { $0.step = .signedIn(renamed) }
        #expect(store.state.screen.details.contains(ScreenDetail("Display name", "Ada King")))
        #expect(!store.state.screen.details.contains(ScreenDetail("Display name", "Ada Lovelace")))
    }

    @Test func nothingChangedIsANoticeAndNoRequest() {
        var store = Self.onEdit()
        store.send(.submitted) { $0.profileEdit { $0.notice = "Nothing changed" } }
        #expect(store.state.screen.notice == "Nothing changed")
        // Changed and changed back is no change either.
        store.send(.fieldEdited(.attribute("city"), "Bath")) { $0.profileEdit { $0.edit("city", "Bath") } }
        store.send(.fieldEdited(.attribute("city"), "")) { $0.profileEdit { $0.edit("city", "") } }
        store.send(.submitted) { $0.profileEdit { $0.notice = "Nothing changed" } }
    }

    /// Graph refuses to clear `displayName`: the form says so on the field and sends nothing.
    @Test func theDisplayNameCannotBeCleared() {
        var store = Self.onEdit()
        store.send(.fieldEdited(.attribute("displayName"), " ")) { $0.profileEdit { $0.edit("displayName", " ") } }
        store.send(.submitted) {
            $0.profileEdit { form in _ = form.validateChanges() }
        }
        #expect(Self.editField(store.state, "displayName")?.error == "Display name is required.")
        #expect(store.state.pending == nil)
    }

    /// Graph's lengths: given name and surname 64, postal code 40.
    @Test func lengthsFollowGraph() {
        var store = Self.onEdit()
        let given = String(repeating: "a", count: 65)
        let postal = String(repeating: "9", count: 41)
        store.send(.fieldEdited(.attribute("givenName"), given)) { $0.profileEdit { $0.edit("givenName", given) } }
        store.send(.fieldLeft(.attribute("givenName"))) { $0.profileEdit { $0.leave("givenName") } }
        #expect(Self.editField(store.state, "givenName")?.error == "Given name is too long (at most 64 characters).")
        store.send(.fieldEdited(.attribute("postalCode"), postal)) { $0.profileEdit { $0.edit("postalCode", postal) } }
        store.send(.submitted) { $0.profileEdit { form in _ = form.validateChanges() } }
        #expect(Self.editField(store.state, "postalCode")?.error == "Postal code is too long (at most 40 characters).")
        let fits = String(repeating: "a", count: 64)
        store.send(.fieldEdited(.attribute("givenName"), fits)) { $0.profileEdit { $0.edit("givenName", fits) } }
        store.send(.fieldEdited(.attribute("postalCode"), "BA1 1AA")) { $0.profileEdit { $0.edit("postalCode", "BA1 1AA") } }
        store.send(.submitted, effects: [.saveProfile([.givenName: .some(fits), .postalCode: "BA1 1AA"])]) {
            $0.profileEdit { form in _ = form.validateChanges() }
            $0.pending = .savingProfile
        }
    }

    /// A value the tenant already holds is not checked again: only what is sent is.
    @Test func anUnchangedLongValueDoesNotBlockSaving() {
        var long = Self.profile
        long.fields[3].value = .set(String(repeating: "L", count: 70))  // surname, over 64
        var store = FlowStore(FlowState(settings: Sample.utcSettings, step: .profileEdit(ProfileEditForm(profile: long)),
                                        signedIn: Sample.account))
        store.send(.fieldLeft(.attribute("surname")))
        store.send(.fieldEdited(.attribute("city"), "Bath")) { $0.profileEdit { $0.edit("city", "Bath") } }
        store.send(.submitted, effects: [.saveProfile([.city: "Bath"])]) {
            $0.profileEdit { form in _ = form.validateChanges() }
            $0.pending = .savingProfile
        }
    }

    /// On the edit form, Job title and City changed and Save pressed: both are sent together.
    static func savingJobTitleAndCity() -> FlowStore {
        var store = Self.onEdit()
        store.send(.fieldEdited(.attribute("jobTitle"), "Analyst")) { $0.profileEdit { $0.edit("jobTitle", "Analyst") } }
        store.send(.fieldEdited(.attribute("city"), "Bath")) { $0.profileEdit { $0.edit("city", "Bath") } }
        store.send(.submitted, effects: [.saveProfile([.jobTitle: "Analyst", .city: "Bath"])]) {
            $0.profileEdit { form in _ = form.validateChanges() }
            $0.pending = .savingProfile
        }
        return store
    }

    /// Field case 021 (docs/field-cases.md): a 403 keeps every typed value, marks the refused field in place and retries nothing.
    @Test func aRefusedSaveKeepsTheInputAndMarksTheField() {
        var store = Self.savingJobTitleAndCity()
        let refused = GraphFailure(kind: .missingPermission, message: "Insufficient privileges to complete the operation.",
                                   detail: "403 Authorization_RequestDenied", refusedFields: [.jobTitle])
        store.send(.profileSaved(.failure(refused))) {
            $0.pending = nil
            $0.profileEdit { $0.markRefused([.jobTitle]) }
        }
        let screen = store.state.screen
        #expect(Self.editField(store.state, "jobTitle")?.error == "This account may not change this field")
        #expect(Self.editField(store.state, "jobTitle")?.value == "Analyst")
        #expect(Self.editField(store.state, "city")?.error == nil)
        #expect(Self.editField(store.state, "city")?.value == "Bath")
        #expect(screen.message == "The tenant refused the change. Correct or undo the marked fields.")
        // Leaving the field keeps the mark; editing it clears it.
        store.send(.fieldLeft(.attribute("jobTitle")))
        #expect(Self.editField(store.state, "jobTitle")?.error == "This account may not change this field")
        store.send(.fieldEdited(.attribute("jobTitle"), "")) { $0.profileEdit { $0.edit("jobTitle", "") } }
        #expect(Self.editField(store.state, "jobTitle")?.error == nil)
    }

    /// Field case 021: Graph's 403 names no field. The form sends each change alone, in property-name order:
    /// what the tenant allows is saved, only what it refuses is marked, and every typed value stays.
    @Test func aRefusalNamingNoFieldSendsEachChangeAlone() {
        var store = Self.savingJobTitleAndCity()
        let denied = GraphFailure(kind: .missingPermission, message: "Insufficient privileges to complete the operation.",
                                  detail: "403 Authorization_RequestDenied")
        store.send(.profileSaved(.failure(denied)), effects: [.saveProfile([.city: "Bath"])]) {
            $0.profileEdit { $0.oneByOne = ProfileEditForm.OneByOneSave(sending: .city, remaining: [.jobTitle]) }
        }
        #expect(store.state.screen.status == "Saving…")
        var saved = Self.profile
        saved.fields[8].value = .set("Bath")
        store.send(.profileSaved(.success(saved)), effects: [.saveProfile([.jobTitle: "Analyst"])]) {
            $0.profileEdit { $0.oneByOne = ProfileEditForm.OneByOneSave(sending: .jobTitle, remaining: []) }
        }
        store.send(.profileSaved(.failure(denied))) {
            $0.pending = nil
            $0.profileEdit { form in
                form.oneByOne = nil
                form.markRefused([.jobTitle])
            }
        }
        #expect(Self.editField(store.state, "jobTitle")?.error == "This account may not change this field")
        #expect(Self.editField(store.state, "jobTitle")?.value == "Analyst")
        #expect(Self.editField(store.state, "city")?.error == nil)
        #expect(store.state.screen.message == "The tenant refused the change. Correct or undo the marked fields.")
    }

    /// A 403 to a single change needs no narrowing: that field is marked at once.
    @Test func aRefusedSingleChangeIsMarkedAtOnce() {
        var store = Self.onEdit()
        store.send(.fieldEdited(.attribute("jobTitle"), "Analyst")) { $0.profileEdit { $0.edit("jobTitle", "Analyst") } }
        store.send(.submitted, effects: [.saveProfile([.jobTitle: "Analyst"])]) {
            $0.profileEdit { form in _ = form.validateChanges() }
            $0.pending = .savingProfile
        }
        store.send(.profileSaved(.failure(GraphFailure(kind: .missingPermission, message: "Insufficient privileges.")))) {
            $0.pending = nil
            $0.profileEdit { $0.markRefused([.jobTitle]) }
        }
    }

    @Test func otherSaveFailuresAreSaidOnTheForm() {
        var store = Self.onEdit()
        store.send(.fieldEdited(.attribute("city"), "Bath")) { $0.profileEdit { $0.edit("city", "Bath") } }
        store.send(.submitted, effects: [.saveProfile([.city: "Bath"])]) {
            $0.profileEdit { form in _ = form.validateChanges() }
            $0.pending = .savingProfile
        }
        store.send(.profileSaved(.failure(GraphFailure(kind: .network, message: "Microsoft Graph could not be reached.")))) {
            $0.pending = nil
            $0.profileEdit { $0.form.message = "Microsoft Graph could not be reached." }
        }
        #expect(Self.editField(store.state, "city")?.value == "Bath")
        #expect(store.state.screen.message == "Microsoft Graph could not be reached.")
    }

    @Test func backFromTheEditFormIsTheProfile() {
        var store = Self.onEdit()
        store.send(.fieldEdited(.attribute("city"), "Bath")) { $0.profileEdit { $0.edit("city", "Bath") } }
        store.send(.backRequested) { $0.step = .profile(ProfileView(profile: Self.profile)) }
    }

    // MARK: History: the user and the list

    @Test func theUserFormDefaultsToTheSignedInAccount() {
        var store = Self.onAccount()
        #expect(store.state.screen.actions.contains(ScreenAction("Sign-in history", .historyRequested)))
        store.send(.historyRequested) { $0.step = .historyUser(HistoryUserForm(user: Sample.email)) }
        #expect(store.state.screen.fields.first?.value == Sample.email)
        store.send(.fieldEdited(.historyUser, "  ")) { $0.step = .historyUser(HistoryUserForm(user: "  ")) }
        store.send(.historyUserChosen) {
            $0.step = .historyUser(HistoryUserForm(user: "  ", userError: "Enter a user principal name or an object id."))
        }
        store.send(.fieldEdited(.historyUser, " grace@contoso.example ")) {
            $0.step = .historyUser(HistoryUserForm(user: " grace@contoso.example "))
        }
        // Enter on the field submits it as the button does.
        store.send(.submitted, effects: [.loadHistory(user: "grace@contoso.example", top: 50)]) {
            $0.step = .history(HistoryView(user: "grace@contoso.example"))
            $0.pending = .readingSignIns
        }
        #expect(store.state.screen.status == "Reading sign-ins…")
    }

    /// Rows newest first as received: local time, app, result, IP and location.
    @Test func theListShowsEachRowInLocalTime() {
        let store = Self.onHistory(Self.rows(0..<3), hasMore: false, zone: Self.kolkata)
        let options = store.state.screen.options
        #expect(options.map(\.label) == [
            "2027-01-15 13:30  Contoso web           Success     ",
            "2027-01-15 13:29  Contoso web           Success     ",
            "2027-01-15 13:28  Contoso web           Failed 50126",
        ])
        #expect(options.first?.detail == "203.0.113.0  Seattle, Washington, US")
        #expect(options.map(\.event) == [.historyRowOpened(id: "event-0"), .historyRowOpened(id: "event-1"), .historyRowOpened(id: "event-2")])
        #expect(!store.state.screen.actions.contains { $0.label == "Load more" })
    }

    @Test func theFilterCyclesAllSuccessesFailures() {
        var store = Self.onHistory(Self.rows(0..<12), hasMore: false)
        #expect(store.state.screen.options.count == 12)
        #expect(store.state.screen.actions.first == ScreenAction("Filter: All", .historyFilterChanged(.successes)))
        store.send(.historyFilterChanged(.successes)) { $0.history { $0.filter = .successes } }
        #expect(store.state.screen.options.count == 8)
        #expect(store.state.screen.details.first == ScreenDetail("Filter", "Successes (8 of 12 loaded)"))
        #expect(store.state.screen.actions.first == ScreenAction("Filter: Successes", .historyFilterChanged(.failures)))
        store.send(.historyFilterChanged(.failures)) { $0.history { $0.filter = .failures } }
        #expect(store.state.screen.options.allSatisfy { $0.label.hasSuffix("Failed 50126") })
        #expect(store.state.screen.options.map(\.event).first == .historyRowOpened(id: "event-2"))
        #expect(store.state.screen.options.count == 4)
        #expect(store.state.screen.actions.first == ScreenAction("Filter: Failures", .historyFilterChanged(.all)))
        store.send(.historyFilterChanged(.all)) { $0.history { $0.filter = .all } }
        #expect(store.state.screen.options.count == 12)
    }

    /// Field case 022 (docs/field-cases.md) (b): 50 rows, "Load more", 12 more appended: 62, and the list goes on at the first new row.
    @Test func loadMoreAppends() {
        var store = Self.onHistory(Self.rows(0..<50), hasMore: true)
        #expect(store.state.screen.actions.contains(ScreenAction("Load more", .historyMoreRequested)))
        #expect(store.state.screen.details.first == ScreenDetail("Filter", "All (50 of 50 loaded, more on the server)"))
        store.send(.historyMoreRequested, effects: [.loadMoreHistory]) { $0.pending = .readingSignIns }
        store.send(.historyLoaded(.success(HistoryPage(rows: Self.rows(50..<62), hasMore: false)))) {
            $0.pending = nil
            $0.history {
                $0.rows = Self.rows(0..<62)
                $0.hasMore = false
                $0.selectedRowID = "event-50"
            }
        }
        #expect(store.state.screen.options.count == 62)
        #expect(store.state.screen.selectedOption == 50)
        #expect(!store.state.screen.actions.contains { $0.label == "Load more" })
        // Nothing more to load: the request is not sent.
        store.send(.historyMoreRequested)
    }

    // MARK: History: throttling and failures

    /// Field case 022 (docs/field-cases.md) (b): the runner waits `Retry-After`; the countdown runs on ticks, the rows stay.
    @Test func throttlingCountsDownAndKeepsTheRows() {
        var store = Self.onHistory(Self.rows(0..<50), hasMore: true)
        store.send(.historyMoreRequested, effects: [.loadMoreHistory]) { $0.pending = .readingSignIns }
        store.send(.historyWaiting(seconds: 7)) { $0.history { $0.waiting = Countdown(seconds: 7, startedAt: Sample.start) } }
        #expect(store.state.screen.notice == "Throttled: retrying in 7 s")
        #expect(store.state.screen.status == "Reading sign-ins…")
        #expect(store.state.screen.options.count == 50)
        let later = Sample.start.addingTimeInterval(3.2)
        store.send(.tick(later)) { $0.now = later }
        #expect(store.state.screen.notice == "Throttled: retrying in 4 s")
        let due = Sample.start.addingTimeInterval(7)
        store.send(.tick(due)) { $0.now = due }
        #expect(store.state.screen.notice == "Throttled: retrying now")
        store.send(.historyLoaded(.success(HistoryPage(rows: Self.rows(50..<62), hasMore: false)))) {
            $0.pending = nil
            $0.history {
                $0.waiting = nil
                $0.rows = Self.rows(0..<62)
                $0.hasMore = false
                $0.selectedRowID = "event-50"
            }
        }
        #expect(store.state.screen.notice == nil)
    }

    /// Field case 022 (docs/field-cases.md) (c): after the runner's last try the rows are still there and "Load more" is offered.
    @Test func afterTheRunnerGivesUpTheRowsStayWithLoadMore() {
        var store = Self.onHistory(Self.rows(0..<50), hasMore: true)
        store.send(.historyMoreRequested, effects: [.loadMoreHistory]) { $0.pending = .readingSignIns }
        store.send(.historyWaiting(seconds: 2)) { $0.history { $0.waiting = Countdown(seconds: 2, startedAt: Sample.start) } }
        store.send(.historyLoaded(.failure(Self.throttled))) {
            $0.pending = nil
            $0.history {
                $0.waiting = nil
                $0.failure = Self.throttled
            }
        }
        let screen = store.state.screen
        #expect(screen.options.count == 50)
        #expect(screen.actions.contains(ScreenAction("Load more", .historyMoreRequested)))
        #expect(screen.message == "The tenant is still throttling requests. The rows so far are kept; choose Load more to try again.")
        store.send(.historyMoreRequested, effects: [.loadMoreHistory]) {
            $0.pending = .readingSignIns
            $0.history { $0.failure = nil }
        }
    }

    /// Field case 033: Graph refuses the next link ("Invalid Skip Token", empty code) every time. The 50 rows
    /// stay; "Load more" is offered once more; after the second refusal the screen offers to start again from
    /// the newest rows instead, so the dead link is not asked for a third time.
    @Test func aRefusedPageLinkKeepsTheRowsAndAfterTwoRefusalsOffersToStartAgain() {
        let refused = GraphFailure(kind: .pageLinkRefused, message: "Graph refused the page link: Invalid Skip Token.",
                                   detail: "HTTP 400 · Invalid Skip Token")
        var store = Self.onHistory(Self.rows(0..<50), hasMore: true)
        store.send(.historyMoreRequested, effects: [.loadMoreHistory]) { $0.pending = .readingSignIns }
        store.send(.historyLoaded(.failure(refused))) {
            $0.pending = nil
            $0.history {
                $0.failure = refused
                $0.linkRefusals = 1
            }
        }
        #expect(store.state.screen.options.count == 50)
        #expect(store.state.screen.message == "Graph refused the page link: Invalid Skip Token. The rows so far are kept; choose Load more to try once more.")
        store.send(.historyMoreRequested, effects: [.loadMoreHistory]) {
            $0.pending = .readingSignIns
            $0.history { $0.failure = nil }
        }
        store.send(.historyLoaded(.failure(refused))) {
            $0.pending = nil
            $0.history {
                $0.failure = refused
                $0.linkRefusals = 2
            }
        }
        let screen = store.state.screen
        #expect(screen.options.count == 50)
        #expect(!screen.actions.contains { $0.label == "Load more" })
        #expect(screen.actions.contains(ScreenAction("Start again from the newest", .retryRequested)))
        #expect(screen.message == "Graph refused the page link: Invalid Skip Token. The rows so far are kept; choose Start again from the newest to read further.")
        // A third "Load more" sends nothing; starting again reads the first page into a fresh list.
        store.send(.historyMoreRequested)
        store.send(.retryRequested, effects: [.loadHistory(user: Sample.email, top: 50)]) {
            $0.pending = .readingSignIns
            $0.step = .history(HistoryView(user: Sample.email))
        }
    }

    /// A wait announced before the first tick starts counting at that tick.
    @Test func aWaitBeforeAnyTickStartsAtTheFirstTick() {
        var store = FlowStore(FlowState(settings: Sample.utcSettings, step: .history(HistoryView(user: Sample.email)),
                                        pending: .readingSignIns, signedIn: Sample.account))
        store.send(.historyWaiting(seconds: 8)) { $0.history { $0.waiting = Countdown(seconds: 8) } }
        #expect(store.state.screen.notice == "Throttled: retrying in 8 s")
        store.send(.tick(Sample.start)) {
            $0.now = Sample.start
            $0.history { $0.waiting = Countdown(seconds: 8, startedAt: Sample.start) }
        }
        let later = Sample.start.addingTimeInterval(5)
        store.send(.tick(later)) { $0.now = later }
        #expect(store.state.screen.notice == "Throttled: retrying in 3 s")
    }

    @Test func escDuringAThrottledWaitCancelsAndKeepsTheRows() {
        var store = Self.onHistory(Self.rows(0..<50), hasMore: true)
        store.send(.historyMoreRequested, effects: [.loadMoreHistory]) { $0.pending = .readingSignIns }
        store.send(.historyWaiting(seconds: 7)) { $0.history { $0.waiting = Countdown(seconds: 7, startedAt: Sample.start) } }
        store.send(.cancelRequested, effects: [.cancelRequest]) {
            $0.pending = nil
            $0.history { $0.waiting = nil }
        }
        #expect(store.state.screen.options.count == 50)
        // The cancelled task's late answer changes nothing.
        store.send(.historyLoaded(.success(HistoryPage(rows: Self.rows(50..<62), hasMore: false))))
    }

    /// Field case 022 (docs/field-cases.md) (a): the licence message names what the tenant and the caller need; "Try again" is manual
    /// and a second refusal sends nothing by itself.
    @Test func withoutALicenceTheMessageSaysWhatIsNeededAndRetryIsManual() {
        var store = Self.onAccount()
        store.send(.historyRequested) { $0.step = .historyUser(HistoryUserForm(user: Sample.email)) }
        store.send(.historyUserChosen, effects: [.loadHistory(user: Sample.email, top: 50)]) {
            $0.step = .history(HistoryView(user: Sample.email))
            $0.pending = .readingSignIns
        }
        store.send(.historyLoaded(.failure(Self.notPremium))) {
            $0.pending = nil
            $0.history { $0.failure = Self.notPremium }
        }
        let screen = store.state.screen
        let message = screen.message ?? ""
        for need in ["Entra ID P1/P2 licence", "AuditLog.Read.All", "reports-reader role", "tenant", "account"] {
            #expect(message.contains(need), "the message names \(need)")
        }
        #expect(screen.details.contains(ScreenDetail("Details", "403 Authentication_RequestFromNonPremiumTenantOrB2CTenant, request-id 3c9e1f20")))
        #expect(screen.actions.contains(ScreenAction("Try again", .retryRequested)))
        #expect(store.state.signedIn == Sample.account)
        store.send(.retryRequested, effects: [.loadHistory(user: Sample.email, top: 50)]) {
            $0.pending = .readingSignIns
            $0.history { $0.failure = nil }
        }
        store.send(.historyLoaded(.failure(Self.notPremium))) {
            $0.pending = nil
            $0.history { $0.failure = Self.notPremium }
        }
        // Time passing starts nothing.
        let later = Sample.start.addingTimeInterval(60)
        store.send(.tick(later)) { $0.now = later }
    }

    /// A customer's token has no reports role: sign in as an operator, from the home menu.
    @Test func aMissingPermissionAsksForAnOperatorSignIn() {
        let denied = GraphFailure(kind: .missingPermission, message: "Insufficient privileges to complete the operation.")
        var store = FlowStore(FlowState(settings: Sample.utcSettings, step: .history(HistoryView(user: Sample.email)),
                                    pending: .readingSignIns, signedIn: Sample.account))
        store.send(.historyLoaded(.failure(denied))) {
            $0.pending = nil
            $0.history { $0.failure = denied }
        }
        #expect(store.state.screen.message?.hasPrefix(
            "Reading sign-in logs needs an operator's account (AuditLog.Read.All and a reports-reader role)") == true)
        #expect(store.state.screen.actions.contains(ScreenAction("Home", .homeRequested)))
        store.send(.homeRequested, effects: [.forgetSession]) { $0.step = .home }
        let menu = store.state.screen.options.map(\.label)
        #expect(menu.contains("Sign in with browser"))
        #expect(menu.contains("Sign in with a device code"))
    }

    @Test func anEmptyHistorySaysSoAndHasNothingToTryAgain() {
        var store = Self.onHistory([], hasMore: false)
        // An email typed as the user: the hint says why nothing matched (a customer's UPN is generated).
        #expect(store.state.screen.text.contains { $0.hasPrefix("No sign-ins in the tenant's retention window.") && $0.contains("object id") })
        #expect(store.state.screen.options.isEmpty)
        #expect(!store.state.screen.actions.contains { $0.label == "Try again" })
        store.send(.retryRequested)
    }

    // MARK: History: one row

    @Test func aRowOpensInFullAndBackKeepsTheListsPlace() {
        var store = Self.onHistory(Self.rows(0..<12), hasMore: false, zone: Self.kolkata)
        store.send(.historyFilterChanged(.failures)) { $0.history { $0.filter = .failures } }
        let list = HistoryView(user: Sample.email, rows: Self.rows(0..<12), loaded: true, filter: .failures, selectedRowID: "event-8")
        store.send(.historyRowOpened(id: "event-8")) { $0.step = .historyRow(HistoryRowDetail(row: Self.row(8), list: list)) }
        let details = store.state.screen.details
        #expect(details == [
            ScreenDetail("Time", "2027-01-15 13:22:00"),
            ScreenDetail("Application", "Contoso web"),
            ScreenDetail("Result", "Failed 50126"),
            ScreenDetail("Failure reason", "Invalid username or password."),
            ScreenDetail("IP address", "203.0.113.8"),
            ScreenDetail("Client app", "Browser"),
            ScreenDetail("Interactive", "Yes"),
            ScreenDetail("Location", "Seattle, Washington, US"),
            ScreenDetail("Conditional access", "notApplied"),
            ScreenDetail("Event id", "event-8"),
        ])
        store.send(.backRequested) { $0.step = .history(list) }
        // event-8 is the third failure: the list comes back on it, filter kept.
        #expect(store.state.screen.selectedOption == 2)
        #expect(store.state.screen.options.count == 4)
        // An id that is not loaded opens nothing.
        store.send(.historyRowOpened(id: "event-99"))
    }

    @Test func whatGraphDidNotSendReadsNotReported() {
        let bare = SignInRow(id: "e", time: Sample.start, app: "Contoso web", errorCode: 0)
        let state = FlowState(settings: Sample.utcSettings, step: .historyRow(HistoryRowDetail(
            row: bare, list: HistoryView(user: Sample.email, rows: [bare], loaded: true))))
        let details = state.screen.details
        #expect(details.contains(ScreenDetail("Interactive", "not reported")))
        #expect(details.contains(ScreenDetail("IP address", "not reported")))
        #expect(!details.contains { $0.label == "Failure reason" })
    }

    @Test func backGoesUpOneLevelAtATime() {
        var store = Self.onHistory(Self.rows(0..<3), hasMore: false)
        store.send(.backRequested) { $0.step = .historyUser(HistoryUserForm(user: Sample.email)) }
        store.send(.backRequested) { $0.step = .signedIn(Sample.account) }
    }

    // MARK: Requests in flight, enrolment mode, traces

    @Test func inputWhileReadingIsIgnoredAndStrayAnswersAreDropped() {
        var store = Self.onHistory(Self.rows(0..<50), hasMore: true)
        store.send(.historyMoreRequested, effects: [.loadMoreHistory]) { $0.pending = .readingSignIns }
        store.send(.historyFilterChanged(.failures))
        store.send(.historyRowOpened(id: "event-1"))
        store.send(.profileLoaded(.success(Self.profile)))
        store = Self.onAccount()
        store.send(.historyLoaded(.success(HistoryPage(rows: Self.rows(0..<3), hasMore: false))))
        store.send(.historyWaiting(seconds: 3))
        store.send(.profileSaved(.success(Self.profile)))
    }

    @Test func enrolmentModeHasNoGraphActions() {
        var store = Self.onAccount(settings: FlowSettings(enrolmentMode: true))
        let labels = store.state.screen.actions.map(\.label)
        #expect(!labels.contains("Profile"))
        #expect(!labels.contains("Sign-in history"))
        store.send(.profileRequested)
        store.send(.historyRequested)
        #expect(Self.onAccount().state.screen.actions.map(\.label).contains("Profile"))
    }

    /// Traces name the changed properties and the profile's keys, never their values.
    @Test func tracesKeepProfileValuesOut() {
        let effect = FlowEffect.saveProfile([.streetAddress: "12 St James's Square", .city: nil])
        #expect(effect.description == "saveProfile([\"city\", \"streetAddress\"])")
        let event = FlowEvent.profileLoaded(.success(Self.profile))
        #expect(!event.description.contains("Lovelace"))
        #expect(event.description.contains("displayName"))
        #expect(FlowEffect.loadHistory(user: Sample.email, top: 50).description == "loadHistory(user: \(Sample.email), top: 50)")
        #expect(FlowEvent.historyLoaded(.success(HistoryPage(rows: Self.rows(0..<3), hasMore: true))).description
                == "historyLoaded(success: 3 rows, hasMore: true)")
    }
}
