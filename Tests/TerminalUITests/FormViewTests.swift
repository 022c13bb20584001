import TerminalUI
import TestSupport
import Testing

@Suite struct FormViewTests {
    private func send(_ keys: [Key], to form: inout FormView) -> [FormOutcome] {
        keys.map { form.handle($0) }
    }

    @Test func tabShiftTabAndArrowsMoveFocusAcrossFieldsAndButtons() {
        var form = Forms.signIn()
        #expect(form.focused == .field(0))
        #expect(form.handle(.tab) == .leftField(id: "username"))
        _ = send([.down, .down], to: &form)
        #expect(form.focused == .button(1))
        _ = send([.backTab, .up], to: &form)
        #expect(form.focused == .field(1))
        _ = send([.tab, .tab, .tab], to: &form)
        #expect(form.focused == .field(0), "focus wraps around")
    }

    @Test func enterSubmitsWithTheFocusedButton() {
        var form = Forms.signIn()
        #expect(form.handle(.enter) == .submitted(button: nil))
        _ = send([.tab, .tab, .tab], to: &form)
        #expect(form.handle(.enter) == .submitted(button: "reset"))
        #expect(form.handle(.escape) == .back)
        #expect(form.handle(.function(1)) == .help)
        #expect(form.handle(.control("c")) == .quit)
        #expect(form.handle(.function(9)) == .ignored)
    }

    // Field case 008 (docs/field-cases.md): a paste fills the password exactly, and its newline does not submit.
    @Test func pasteIntoPasswordNeverSubmits() {
        var form = Forms.signIn()
        _ = form.handle(.tab)
        var decoder = InputDecoder()
        let outcomes = decoder.decode(Array("\u{1B}[200~S3cret!pass\u{1B}[201~".utf8)).map { form.handle($0) }
        #expect(outcomes == [.changed])
        #expect(form[field: "password"]?.value == "S3cret!pass")
        #expect(form[field: "password"]?.editor.count == 11)
        let second = decoder.decode(Array("\u{1B}[200~\u{1B}[201~\u{1B}[200~\n\u{1B}[201~".utf8)).map { form.handle($0) }
        #expect(!second.contains { if case .submitted = $0 { true } else { false } })
        #expect(form[field: "password"]?.value == "S3cret!pass")
        #expect(form[field: "username"]?.value == "")
    }

    // Field case 009 (docs/field-cases.md): Shift-Tab moves focus back whatever the terminal.
    @Test func shiftTabSequenceMovesFocusBack() {
        var form = Forms.signIn()
        _ = form.handle(.tab)
        var decoder = InputDecoder()
        for key in decoder.decode(Array("\u{1B}[Z".utf8)) { _ = form.handle(key) }
        #expect(form.focused == .field(0))
    }

    @Test func revealTogglesOnlyThePasswordField() {
        var form = Forms.signIn()
        #expect(form.handle(.control("r")) == .ignored)
        _ = form.handle(.tab)
        #expect(form.handle(.control("r")) == .changed)
        #expect(form[field: "password"]?.kind == .password(revealed: true))
    }

    /// Enter masks a revealed password again: when the answer is a refusal the form comes back with the password
    /// still typed, and it must not sit there in clear (a new user's trial).
    @Test func submitMasksARevealedPassword() {
        var form = Forms.signIn()
        _ = form.handle(.tab)
        _ = form.handle(.control("r"))
        _ = form.handle(.enter)
        #expect(form[field: "password"]?.kind == .password(revealed: false))
    }

    @Test func pickerArrowsChooseThenLeave() {
        var form = Forms.mfaPicker()
        #expect(form.values["method"] == "email-1")
        _ = send([.down], to: &form)
        #expect(form.values["method"] == "sms-1")
        _ = send([.down], to: &form)
        #expect(form.focused == .button(0))
    }

    @Test func toggleSwitchesWithSpace() {
        var form = FormView(title: "t", fields: [.toggle("t", label: "Remember me")])
        _ = form.handle(.character(" "))
        #expect(form.values["t"] == "true")
    }

    @Test func disabledButtonIsSkipped() {
        let form = Forms.codeEntry(secondsLeft: 30)
        #expect(form.focusOrder == [.field(0), .button(0)])
    }

    @Test func footerComesFromTheKeymap() {
        let full = Forms.signIn().effectiveKeymap.footerText()
        #expect(full == "Tab next  S-Tab prev  Enter submit  Esc back  ^R reveal  F1 help  ^C quit")
        #expect(DisplayWidth.of(full) < 80)
        #expect(!Forms.mfaPicker().effectiveKeymap.footerText().contains("^R"))
    }

    /// A narrow terminal drops hints whole, the easiest to guess first, and never "F1 help".
    @Test func aNarrowFooterKeepsTheHelpKey() {
        let keymap = Forms.signIn().effectiveKeymap
        #expect(keymap.footerText(fitting: 60) == "Enter submit  Esc back  ^R reveal  F1 help  ^C quit")
        #expect(keymap.footerText(fitting: 30) == "Enter submit  F1 help  ^C quit")
        #expect(keymap.footerText(fitting: 10) == "F1 help")
    }

    /// A mark at the footer's end (a recording's `● REC`) takes the room of the easiest hints, not of "^C quit".
    @Test func aFooterMarkTakesTheEasiestHintsRoom() {
        var buffer = Buffer(size: Size(width: 80, height: 12))
        FormRenderer.render(Forms.signIn(), footerReserve: 7, into: &buffer)
        buffer.writeAtRowEnd("● REC", row: 11)
        let footer = buffer.lines()[11]
        #expect(footer.contains("F1 help  ^C quit ") && footer.hasSuffix(" ● REC ") && !footer.contains("…"), "\(footer)")
        #expect(!footer.contains("S-Tab"), "\(footer)")
    }

    /// An error to act on is read to its end: it wraps above the footer instead of being cut.
    @Test func aLongStatusWraps() {
        var form = Forms.signIn()
        form.status = StatusLine("We couldn't sign you in with those details. Check the email and password.", kind: .error)
        var buffer = Buffer(size: Size(width: 40, height: 12))
        FormRenderer.render(form, into: &buffer)
        let lines = buffer.lines()
        #expect(lines[9].contains("password.") || lines[10].contains("password."), "\(lines.joined(separator: "\n"))")
        #expect(!lines[9...10].joined().contains("…"), "the message was cut")
        #expect(lines[11].contains("F1 help"))
    }

    /// With one item to focus (a menu, a lone button) the footer does not offer Tab, which would do nothing there;
    /// a form of several items does (a new user's trial found Tab on the home menu's footer).
    @Test func theFooterOffersTabOnlyWhereFocusCanMove() {
        let lone = FormView(title: "Done", lines: ["All set."], buttons: [FormButton(id: "home", title: "Home")])
        var buffer = Buffer(size: Size(width: 80, height: 12))
        FormRenderer.render(lone, into: &buffer)
        #expect(!buffer.lines()[11].contains("Tab"), "\(buffer.lines()[11])")
        buffer = Buffer(size: Size(width: 80, height: 12))
        FormRenderer.render(Forms.signIn(), into: &buffer)
        #expect(buffer.lines()[11].contains("Tab next"), "\(buffer.lines()[11])")
    }

    /// Text typed after paging away from the focused field lands in it and brings it back into view (a new user
    /// typed into an Email field scrolled off a 40×12 screen).
    @Test func typingBringsThePagedAwayFieldBack() {
        var form = Forms.twelveAttributes()
        form.paging = FormView.Paging(rows: 3, range: -500...500)
        for _ in 0..<4 { _ = form.handle(.pageDown) }
        _ = form.handle(.character("x"))
        var buffer = Buffer(size: Size(width: 40, height: 12))
        FormRenderer.render(form, into: &buffer)
        let focused = buffer.lines().first { $0.contains("▸") }
        #expect(focused?.contains("x") == true, "\(buffer.lines().joined(separator: "\n"))")
    }

    /// Paging past the end and back: the first PgUp moves the body (PgDn pressed on at the end had piled up rows
    /// that PgUp then had to work off before anything moved).
    @Test func pgUpAfterPagingPastTheEndMovesAtOnce() {
        var form = Forms.twelveAttributes()
        let size = Size(width: 40, height: 12)
        var buffer = Buffer(size: size)
        for _ in 0..<10 {
            form.paging = FormRenderer.paging(form, size: size)
            _ = form.handle(.pageDown)
        }
        FormRenderer.render(form, into: &buffer)
        #expect(!buffer.lines().joined().contains("↓ more"), "at the end: \(buffer.lines().joined(separator: "\n"))")
        form.paging = FormRenderer.paging(form, size: size)
        _ = form.handle(.pageUp)
        buffer = Buffer(size: size)
        FormRenderer.render(form, into: &buffer)
        #expect(buffer.lines().joined().contains("↓ more"), "one PgUp back: \(buffer.lines().joined(separator: "\n"))")
    }

    /// Where the buttons take the room (seven of them at 40×12) everything scrolls as one, and a page is what the screen
    /// shows less a row: PgUp had moved one row at a time (a new user's trial on the account screen).
    @Test func aScreenScrollingAsOnePagesByWhatItShows() {
        let buttons = ["Home", "Refresh now", "Show claims", "Profile", "Sign-in history", "Switch account", "Sign out"]
        let form = FormView(title: "Signed in", lines: (1...14).map { "Fact \($0)" },
                            buttons: buttons.map { FormButton(id: $0, title: $0) })
        let paging = FormRenderer.paging(form, size: Size(width: 40, height: 12))
        #expect(paging.rows >= 3, "\(paging)")
    }

    /// Below the minimum size the message says what the minimum is, wrapped to the width.
    @Test func aTooSmallTerminalIsToldTheMinimum() {
        var buffer = Buffer(size: Size(width: 20, height: 5))
        FormRenderer.render(Forms.signIn(), into: &buffer)
        let text = buffer.lines().joined(separator: " ")
        #expect(text.contains("20×6"), "\(text)")
    }

    /// Buttons that do not fit one row wrap to the next instead of being cut off.
    @Test func buttonsWrapOnANarrowTerminal() {
        let titles = ["Verify", "Resend code (in 28 s)", "Back", "Cancel"]
        let form = FormView(title: "Check your email", fields: [.code("code", label: "Code", length: 8)],
                            buttons: titles.enumerated().map { FormButton(id: "b\($0.offset)", title: $0.element) })
        var buffer = Buffer(size: Size(width: 40, height: 24))
        FormRenderer.render(form, into: &buffer)
        let text = buffer.lines().joined(separator: "\n")
        for title in titles { #expect(text.contains("[ \(title) ]"), "\(title) is cut off:\n\(text)") }
    }

    /// The header gives up the tenant's name before the authority, whose port the control API needs.
    @Test func aNarrowHeaderKeepsTheAuthority() {
        var form = Forms.signIn()
        form.header = HeaderInfo(tenant: "contoso (email-password)", authority: "http://127.0.0.1:35317",
                                 mode: "emulator · enrolment")
        for (width, showsTenant) in [(72, true), (60, false)] {
            var buffer = Buffer(size: Size(width: width, height: 24))
            FormRenderer.render(form, into: &buffer)
            let top = buffer.lines()[0]
            #expect(top.contains("http://127.0.0.1:35317") && top.contains("[emulator · enrolment]"), "\(top)")
            #expect(top.contains("contoso") == showsTenant, "\(top)")
        }
        // Narrower still, the mode goes before the authority is cut.
        var buffer = Buffer(size: Size(width: 30, height: 24))
        FormRenderer.render(form, into: &buffer)
        #expect(buffer.lines()[0].contains("http://127.0.0.1:35317"), "\(buffer.lines()[0])")
        #expect(!buffer.lines()[0].contains("[emulator"), "\(buffer.lines()[0])")
    }

    @Test func sessionKeepsValuesAcrossResizeAndEndsOnSubmit() {
        let backend = TestBackend()
        var session = FormSession(form: Forms.signIn())
        backend.type("ada")
        backend.resize(to: Size(width: 100, height: 30))
        backend.type("\t\u{1B}[200~S3cret!pass\u{1B}[201~\r")
        #expect(session.run(on: backend) == .submitted(button: nil))
        #expect(session.form.values == ["username": "ada", "password": "S3cret!pass"])
    }
}

@Suite struct FormSessionTests {
    @Test func idleTicksMoveTheCountdown() {
        let backend = TestBackend()
        var session = FormSession(form: Forms.codeEntry(secondsLeft: 3))
        var left = 3
        let ending = session.run(on: backend, onTick: { form in
            left -= 1
            form.status = .countdown("You can ask for a new code in", secondsLeft: left)
            return left == 0
        })
        #expect(ending == .back)
        #expect(session.form.status?.text == "You can ask for a new code in 0:00")
    }

    /// F1 opens the overlay; typed text filters it (and is not typed into the form); Esc brings the form back.
    @Test func helpStaysUntilEscThenTheFormComesBack() {
        let backend = TestBackend()
        var session = FormSession(form: Forms.signIn())
        for keys in ["\u{1B}OP", "a", "\u{1B}"] {
            backend.type(keys)
            backend.events.append(.tick)
        }
        var screens: [String] = []
        _ = session.run(on: backend, onTick: { _ in
            screens.append(backend.snapshot())
            return screens.count == 3
        })
        #expect(screens[0].contains("Keys: this screen"))
        #expect(screens[1].contains("Filter: a"))
        #expect(!screens[2].contains("Keys: this screen") && screens[2].contains("Sign in"))
        #expect(session.form.values["username"] == "", "the filter's text is not typed into the form")
    }

    @Test func leavingAFieldValidatesItAndKeepsTheInput() {
        let backend = TestBackend()
        backend.type("ada\t\u{1B}[Z@contoso.com\t\r")
        var session = FormSession(form: Forms.signIn())
        var checked: [String] = []
        let ending = session.run(on: backend, onLeaveField: { form, id in
            checked.append(id)
            let value = form[field: id]?.value ?? ""
            form[field: id]?.error = id == "username" && !value.contains("@") ? "Enter a valid email address." : nil
        })
        #expect(ending == .submitted(button: nil))
        #expect(checked == ["username", "password", "username"])
        #expect(session.form[field: "username"]?.value == "ada@contoso.com")
        #expect(session.form[field: "username"]?.error == nil)
    }

    @Test func closedInputQuits() {
        let backend = TestBackend()
        backend.events = [.inputClosed]
        var session = FormSession(form: Forms.signIn())
        #expect(session.run(on: backend) == .quit)
    }
}

@Suite struct RedactionTests {
    @Test func printingAFormNeverShowsASecret() {
        var form = Forms.signIn()
        form.fields[0].editor.insert("ada@contoso.com")
        form.fields[1].editor.insert("S3cret!pass")
        var dumped = ""
        dump(form, to: &dumped)
        for text in [String(describing: form), String(reflecting: form), dumped] {
            #expect(!text.contains("S3cret"))
            #expect(text.contains("ada@contoso.com"))
        }
    }
}

/// A web address is never broken among other text: too long for the line it is on, it takes lines of its own
/// from the content's first column, so a terminal selection of those lines is the address.
@Suite struct AddressLayoutTests {
    static let address = "https://contoso.ciamlogin.com/0a1b2c3d-4e5f-6789-abcd-ef0123456789/oauth2/v2.0/authorize?client_id="
        + "11111111-2222-3333-4444-555555555555&state=af0ifjsldkj"

    static let logout = "https://contoso.ciamlogin.com/0a1b2c3d-4e5f-6789-abcd-ef0123456789/oauth2/v2.0/logout"
        + "?post_logout_redirect_uri=http%3A%2F%2Flocalhost"

    func rows(_ form: FormView) -> [String] {
        var buffer = Buffer(size: Size(width: 80, height: 24))
        FormRenderer.render(form, into: &buffer)
        return buffer.lines()
    }

    @Test func anAddressInASentenceIsOnLinesOfItsOwn() throws {
        let lines = rows(FormView(title: "Browser", lines: ["Open \(Self.address) in a browser on this machine."]))
        let first = try #require(lines.firstIndex { $0.contains("https://") })
        #expect(lines[first - 1].trimmingCharacters(in: .whitespaces) == "Open")
        let pieces = lines[first...].prefix { !$0.contains("in a browser") && !$0.contains("F1 help") }
        #expect(pieces.allSatisfy { $0.hasPrefix(" ") && !$0.dropFirst().hasPrefix(" ") }, "not from the first column: \(pieces)")
        #expect(pieces.map { $0.trimmingCharacters(in: .whitespaces) }.joined() == Self.address)
        #expect(lines[first + pieces.count].trimmingCharacters(in: .whitespaces) == "in a browser on this machine.", "\(lines)")
    }

    @Test func aLongAddressDetailGoesUnderItsLabel() throws {
        let lines = rows(FormView(title: "Device code", details: [FormDetail("Address", Self.address), FormDetail("Code expires in", "13:59")]))
        let label = try #require(lines.firstIndex { $0.contains("Address") })
        #expect(lines[label].trimmingCharacters(in: .whitespaces) == "Address")
        #expect(lines[label + 1].hasPrefix(" https://"))
        let next = try #require(lines.firstIndex { $0.contains("Code expires in") })
        #expect(lines[(label + 1)..<next].joined().replacingOccurrences(of: " ", with: "") == Self.address)
    }

    /// An address or path wider than the screen breaks after a `/`, `?` or `&`, never inside a word (the sign-out
    /// screen's logout address once broke in `post_logout_re|direct_uri`, the token cache path mid-name).
    @Test(arguments: [
        (FormView(title: "Signed out", lines: ["To end the browser session too, open: \(logout)"]), 60),
        (FormView(title: "Signed in", details: [FormDetail("Token cache", "/home/ada/.local/state/tophhie/msal_token_cache.json")]), 44),
    ])
    func aLocatorBreaksAtItsSlashes(_ form: FormView, width: Int) throws {
        let locator = try #require((form.lines + form.details.map(\.value)).flatMap { $0.split(separator: " ") }.last)
        var buffer = Buffer(size: Size(width: width, height: 24))
        FormRenderer.render(form, into: &buffer)
        let lines = buffer.lines().map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try #require(lines.firstIndex { locator.hasPrefix($0) && $0.count > 1 }, "\(lines)")
        let pieces = Array(lines[first...].prefix { locator.contains($0) && !$0.isEmpty })
        #expect(pieces.joined() == locator, "\(lines)")
        #expect(pieces.count > 1)
        #expect(pieces.dropLast().allSatisfy { "/?&".contains($0.last!) }, "broken inside a word: \(pieces)")
    }

    @Test func theFormsAddressesAreWhatTheCopyKeyTakes() {
        let form = FormView(title: "Browser", lines: ["Open \(Self.address).", "Then come back."],
                            details: [FormDetail("Returns to", "http://localhost:53117")])
        #expect(form.addresses == [Self.address, "http://localhost:53117"])
    }
}

/// The help lists only what the keys do on this form.
@Suite struct FormHelpEntriesTests {
    static let small = Size(width: 80, height: 24)

    /// Space's help names what the form has: a list's form says nothing of toggles (the home menu's help offered to
    /// "switch a toggle" where there is none).
    @Test func spaceHelpNamesOnlyWhatTheFormHas() {
        let help = Forms.mfaPicker().helpEntries().map(\.help)
        #expect(help.contains("choose in a list"), "\(help)")
        #expect(!help.contains { $0.contains("toggle") }, "\(help)")
    }

    /// PgUp/PgDn only where the body is taller than the screen.
    @Test func scrollKeysOnlyWhereThereIsSomethingToScroll() {
        #expect(!Forms.signIn().helpEntries(on: Self.small).map(\.keys).contains("PgUp/PgDn"))
        #expect(Forms.twelveAttributes().helpEntries(on: Self.small).map(\.keys).contains("PgUp/PgDn"))
    }

    /// No Tab where only one item takes focus, no Ctrl-R without a secret, no editing keys without a text field.
    @Test func keysOfItemsTheFormDoesNotHaveAreLeftOut() {
        let form = FormView(title: "Done", lines: ["Your password was changed."], buttons: [FormButton(id: "home", title: "Home")])
        let keys = form.helpEntries().map(\.keys)
        #expect(!keys.contains { $0.hasPrefix("Tab") })
        #expect(!keys.contains("^R"))
        #expect(!keys.contains { $0.hasPrefix("←/→") })
        #expect(keys.contains("Enter") && keys.contains("F1, ?") && keys.contains("^C"))
    }

    /// A screen's own long list (no label) stays drawn whole: PgDn/PgUp move its choice a page, End and Home to the ends.
    @Test func pageKeysMoveALongMenusChoice() {
        let options = (1...25).map { PickerOption(id: "o\($0)", title: "Option \($0)") }
        var form = FormView(title: "t", fields: [.picker("menu", label: "", options: options)])
        var seen: [String?] = []
        for key in [Key.pageDown, .pageDown, .end, .pageUp, .home, .pageUp] {
            _ = form.handle(key)
            seen.append(form.values["menu"])
        }
        #expect(seen == ["o11", "o21", "o25", "o15", "o1", "o1"])
    }
}
