import ScreenGallery
import AccountFlow
import ScreenPresentation
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// Long choice lists (issue 14): a 250-value attribute is one row that opens a filterable list; a
/// screen's own long list filters the same way; a 30-field form keeps its focus in view and says where.
@Suite struct ChoiceListTests {
    static let small = Size(width: 80, height: 24)

    static let countries = CountryChoices.names

    /// The attributes step of a tenant asking for a display name and a country from 250.
    static func countryStep() -> FlowState {
        FlowState(settings: FlowScreens.settings, step: .attributes(AttributeForm([
            RequiredAttribute(name: "displayName", type: "string", required: true, regex: nil), CountryChoices.attribute,
        ])))
    }

    /// The session focused on the country row.
    static func onCountry() -> ScreenSession {
        var session = ScreenSession(countryStep())
        session.press(.tab)
        return session
    }

    @Test func theListIsOneRowShowingTheValue() {
        #expect(Self.countries.count == 250)
        let session = Self.onCountry()
        let text = session.render(Self.small)
        #expect(!text.contains("Afghanistan"), "no option is drawn inline")
        assertSnapshot(text, named: "choiceCollapsed80x24")
    }

    @Test func typingFiltersCountsAndJumpsToTheFirstThatStartsWithIt() throws {
        var session = Self.onCountry()
        session.type("por")
        let list = try #require(session.view.choiceList)
        // "Singapore" contains "por" too, but the highlight goes to the one that starts with it.
        #expect(list.matches.map { list.options[$0].title } == ["Portugal", "Singapore"])
        #expect(list.highlightedOption.map { list.options[$0].title } == "Portugal")
        #expect(list.countText == "2 of 251")
        let text = session.render(Self.small)
        #expect(text.contains("2 of 251"))
        assertSnapshot(text, named: "choiceFiltered80x24")
    }

    @Test func backspaceWidensAndKeepsTheHighlight() throws {
        var session = Self.onCountry()
        session.type("polan")
        #expect(session.view.choiceList?.matches.count == 1)
        session.press(.backspace)
        session.press(.backspace)
        let list = try #require(session.view.choiceList)
        #expect(list.filter == "pol")
        #expect(list.matches.count == 2, "Poland and French Polynesia")
        #expect(list.highlightedOption.map { list.options[$0].title } == "Poland")
    }

    @Test func enterPicksAndTheValueReachesTheFlow() {
        var session = Self.onCountry()
        session.type("portu")
        let events = session.press(.enter)
        #expect(events == [.fieldEdited(.attribute("country"), "Portugal")])
        #expect(session.view.choiceList == nil)
        #expect(session.view.values["attribute:country"] == "Portugal")
        #expect(session.render(Self.small).contains("Portugal"))
    }

    @Test func escClosesWithoutChangingTheValue() {
        var session = Self.onCountry()
        session.type("portu")
        session.press(.enter)
        session.press(.enter)
        session.type("ger")
        let events = session.press(.escape)
        #expect(events.isEmpty, "Esc in the list neither changes the value nor goes back")
        #expect(session.view.choiceList == nil)
        #expect(session.view.values["attribute:country"] == "Portugal")
        if case .attributes = session.state.step {} else { Issue.record("Esc left the attributes step") }
    }

    @Test func pagingHomeAndEnd() throws {
        var session = Self.onCountry()
        session.press(.enter)
        #expect(session.view.choiceList?.highlighted == 0, "opens on the value, here (not chosen)")
        session.press(.pageDown)
        session.press(.pageDown)
        #expect(session.view.choiceList?.highlighted == 20)
        assertSnapshot(session.render(Self.small), named: "choicePaged80x24")
        session.press(.end)
        let list = try #require(session.view.choiceList)
        #expect(list.highlightedOption.map { list.options[$0].title } == "Åland Islands")
        session.press(.pageUp)
        #expect(session.view.choiceList?.highlighted == 240)
        session.press(.home)
        #expect(session.view.choiceList?.highlighted == 0)
    }

    @Test func aTerminalTooShortForTheFrameStillShowsTheHighlight() {
        var session = Self.onCountry()
        session.type("portu")
        let text = session.render(Size(width: 40, height: 7))
        #expect(text.contains("▸ Portugal  1 of 251  filter: portu"), "\(text)")
    }

    @Test func nothingMatchingPicksNothing() {
        var session = Self.onCountry()
        session.type("zzq")
        #expect(session.view.choiceList?.countText == "0 of 251")
        #expect(session.press(.enter).isEmpty)
        #expect(session.render(Self.small).contains("Backspace widens"))
    }

    @Test func arrowsOnTheClosedRowMoveFocusNotTheValue() {
        var session = Self.onCountry()
        session.press(.down)
        #expect(session.view.values["attribute:country"] == "")
        #expect(session.view.focused == .button(0))
    }

    // The method picker and menus use the same list when long: typing filters, a pick acts on the entry.
    @Test func aLongMenuFiltersAndActsOnThePick() {
        let options = Self.countries.prefix(12).enumerated().map { PickerOption(id: String($0.offset), title: $0.element) }
        var form = FormView(title: "Choose", fields: [.picker("options", label: "", options: Array(options))])
        _ = form.handle(.pageDown)
        #expect(form.values["options"] == "10", "PgDn moves a long menu's selection by a page")
        #expect(form.handle(.character("a")) == .changed)
        #expect(form.handle(.character("r")) == .changed)
        #expect(form.choiceList?.filter == "ar")
        #expect(form.handle(.enter) == .submitted(button: nil))
        #expect(form.values["options"] == "8", "Argentina: Antarctica contains \"ar\" but does not start with it")
    }

    @Test func aLongSignInListIsFilteredAndThePickedRowOpens() {
        var session = ScreenSession(FlowScreens.history(50))
        session.type("113.40")
        #expect(session.view.choiceList?.matches.count == 1)
        session.press(.enter)
        #expect(session.state.screen.title == "Sign-in")
        #expect(session.state.screen.details.contains { $0.value.contains("203.0.113.40") })
    }

    // Choices come from the tenant: drawn and filtered as printable text, sent back exactly as the tenant wrote them.
    @Test func aTenantsChoiceTextIsShownPrintable() throws {
        let hostile = "Gold\u{1B}]0;TITLE\u{07}"
        let choices = [hostile] + (1...8).map { "Tier \($0)" }
        let screen = Screen(title: "A few more details",
                            fields: [ScreenField(id: .attribute("tier"), label: "Tier", kind: .picker(choices), value: "")])
        var view = ScreenPresenter.formView(for: screen, header: Forms.header, previous: nil)
        _ = view.handle(.character("g"))
        let list = try #require(view.choiceList)
        #expect(list.highlightedOption.map { list.options[$0].title } == "Gold\\u{1B}]0;TITLE\\u{7}")
        _ = view.handle(.enter)
        #expect(view.values["attribute:tier"] == hostile)
    }

    @Test func thirtyFieldsKeepTheFocusInViewAndSayWhere() {
        let fields = (1...30).map { FormField.text("f\($0)", label: "Field \($0)") }
        var form = FormView(header: Forms.header, title: "Thirty attributes", fields: fields,
                            buttons: [FormButton(id: "continue", title: "Continue")])
        let backend = TestBackend(size: Self.small)
        for index in 0..<30 {
            backend.present(form)
            let text = backend.snapshot()
            #expect(text.contains("▸ Field \(index + 1) "), "field \(index + 1) is out of view")
            #expect(text.contains("field \(index + 1) of 30"))
            if index == 11 { assertSnapshot(text, named: "thirtyFieldsAt12-80x24") }
            _ = form.handle(.tab)
        }
        backend.present(form)
        #expect(backend.snapshot().contains("[ Continue ]"))
    }
}
