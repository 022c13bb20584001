@testable import AccountFlow
@testable import EnrolmentDesk
import EnrolmentFiles
import Foundation
import Localization
import ScreenPresentation
import Testing
import TerminalUI
import TophhieCloudAuthentication

/// The desk in the person's language past the screens the gallery draws: line mode, the enrolment check's
/// problems (made in the language shown when drawn, English for operator output) and the queue's fit at 80×24.
@Suite struct DeskLanguageTests {
    static let list = "email,displayName\r\nana@example.com,Ana Silva\r\nnot-an-email,Broken\r\nben@example.com,Ben Okafor\r\n"

    static func desk(_ list: String = list) throws -> EnrolmentDesk {
        try queueDesk(list: list, attributes: QueueLineModeTests.attributes)
    }

    static func german<R>(_ body: () throws -> R) rethrows -> R { try Localization.with(Localizer(tag: "de"), body) }
    static func polish<R>(_ body: () throws -> R) rethrows -> R { try Localization.with(Localizer(tag: "pl"), body) }

    /// `tophhie --enrol --line --queue … --language de`: the queue, its prompt, the rows not offered and a refused
    /// walk-in are German; none of the English lines is left.
    @Test func lineModesQueueSpeaksTheSessionsLanguage() throws {
        let (_, _, transcript) = try Self.german { try QueueLineModeTests.run(list: Self.list, input: "w\nBEN@example.com\nBen Again\nq\n") }
        #expect(transcript.contains("== Warteschlange · people.csv"), "\(transcript)")
        #expect(transcript.contains("Als Nächstes: Ana Silva"), "\(transcript)")
        #expect(transcript.contains("Nicht angeboten: Zeile 3: E-Mail: Geben Sie eine E-Mail-Adresse wie name@example.com ein."), "\(transcript)")
        #expect(transcript.contains("Enter oder eine Nummer: registrieren; a [N]: fehlt;"), "\(transcript)")
        #expect(transcript.contains("Ohne Liste: jemand, der nicht auf der Liste steht."), "\(transcript)")
        #expect(transcript.contains("Nicht hinzugefügt: E-Mail: Diese E-Mail-Adresse steht schon in der Liste, in Zeile 4 – dieselbe Adresse, anders geschrieben."),
                "\(transcript)")
        for english in ["Enrolment queue", "Enter or a number", "Walk-in:", "Not offered", "Not added", "This email", "Next:"] {
            #expect(!transcript.contains(english), "'\(english)' left in English:\n\(transcript)")
        }
    }

    /// Line mode's own words off the queue too: a choice named "quit" is echoed with the German label.
    @Test func lineModesChoicesSpeakTheSessionsLanguage() {
        let transcript = Self.german { lineSession(on: .home, input: "quit\n").1 }
        #expect(transcript.contains("-> Beenden"), "\(transcript)")
        #expect(!transcript.contains("-> Quit"), "\(transcript)")
    }

    /// A list read while the desk showed Polish, drawn after the person picked German (F12): the rows not offered
    /// and a refused walk-in's errors change language with the screen; `enrol --check` and the report stay English.
    @Test func aProblemIsDrawnInTheLanguageShownNow() throws {
        let desk = try Self.polish { try Self.desk() }
        func queueText() -> String {
            var buffer = Buffer(size: Size(width: 80, height: 24))
            _ = QueueScreen().render(desk.queue, listName: "people.csv", mode: tr("header.mode.enrolment"), into: &buffer)
            return buffer.lines().joined(separator: "\n")
        }
        let polish = Self.polish { queueText() }
        let german = Self.german { queueText() }
        #expect(polish.contains("wiersz 3: E-mail: Wpisz adres e-mail, np. nazwa@example.com."), "\(polish)")
        #expect(german.contains("Zeile 3: E-Mail: Geben Sie eine E-Mail-Adresse wie name@example.com ein."), "\(german)")
        #expect(!german.contains("Wpisz") && !german.contains("row 3") && !german.contains("wiersz"), "\(german)")
        #expect(desk.queue.invalid.first?.problems == ["email: Enter an email address like name@example.com."], "the report's note is English")

        let refusal = try Self.polish { () throws -> WalkInRefusal in
            guard case .failure(let refusal) = desk.addWalkIn(email: "ANA@example.com", values: ["displayName": "Ana"]) else {
                throw CancellationError()
            }
            return refusal
        }
        var form = WalkInForm(attributes: desk.attributes)
        form.refused(refusal)
        #expect(Self.polish { form.screen.fields[0].error } == "Ten adres e-mail jest już na liście, w wierszu 2 — ten sam adres zapisany inaczej.")
        #expect(Self.german { form.screen.fields[0].error }
                == "Diese E-Mail-Adresse steht schon in der Liste, in Zeile 2 – dieselbe Adresse, anders geschrieben.")
        #expect(refusal.problems[0].englishMessage == "This email is listed already, on row 2 — the same address written another way.")

        // The dry run's lines are operator output: English whatever the session's language.
        let path = NSTemporaryDirectory() + "tophhie-desk-language-\(UUID().uuidString).csv"
        try Data(Self.list.utf8).write(to: URL(fileURLWithPath: path))
        var lines: [String] = []
        try Self.polish {
            var check = EnrolmentCheck(form: EnrolmentForm(attributes: QueueLineModeTests.attributes))
            _ = try check.run(try check.reader(path), report: { lines.append($0) })
        }
        #expect(lines == ["row 3, column email: Enter an email address like name@example.com."])
    }

    /// The pager's hint names the page keys as the help does (one name for a key in each language).
    @Test(arguments: Localizer.catalogueTags)
    func thePagerHintNamesThePageKeysAsTheHelpDoes(language: String) throws {
        let label = try #require(Keymap.form.bindings.first { $0.command == .scroll }?.keyLabel)
        let (pageUp, pageDown) = (String(label.split(separator: "/")[0]), String(label.split(separator: "/")[1]))
        Localization.with(Localizer(tag: language)) {
            #expect(tr("widget.form.moreAbove").contains(pageUp), "\(language): \(tr("widget.form.moreAbove"))")
            #expect(tr("widget.form.moreBelow").contains(pageDown), "\(language): \(tr("widget.form.moreBelow"))")
        }
    }

    /// The queue at 80×24 in every language: the whole footer (its last key is quit), F12 in the header, the rows
    /// not offered; the idle reset's notice on one line.
    @Test(arguments: Localizer.catalogueTags + ["qps"])
    func theQueueAndTheWalkInFormFitIn(language: String) throws {
        let desk = try Self.desk(Self.list + "x@,Y\r\n,\r\n")
        Localization.with(Localizer(tag: language)) {
            var buffer = Buffer(size: Size(width: 80, height: 24))
            _ = QueueScreen().render(desk.queue, listName: "people.csv", mode: tr("header.mode.emulatorEnrolment"), languageKey: true,
                                     into: &buffer)
            let rows = buffer.lines()
            let context = "\(language):\n\(rows.joined(separator: "\n"))"
            // Issue 41: in qps the header, "Next:" and the problems ended in "…", F12 and four keys were gone, ^C read ^Ç.
            let footer = QueueScreen.footer(width: 78)
            #expect(footer.count <= 2 && rows.suffix(footer.count).map { $0.trimmingCharacters(in: .whitespaces) } == footer,
                    "the footer is not drawn whole: \(context)")
            for key in ["Enter ", "F7 ", "F8 ", "^N ", "^C "] {
                #expect(footer.contains { $0.contains(key) }, "'\(key)' dropped from the footer: \(context)")
            }
            #expect(rows[0].contains("F12 \(tr("queue.key.language"))"), "no F12 in the header: \(context)")
            let header = rows.prefix(2).joined(separator: " ")
            for word in tr("header.mode.emulatorEnrolment").split(separator: " ") {
                #expect(header.contains(word), "the header lost '\(word)': \(context)")
            }
            #expect(!rows.contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("…") }, "a line is cut: \(context)")
            if language == "qps" {
                let text = rows.joined(separator: "\n")
                #expect(text.components(separatedBy: "[!!").count == text.components(separatedBy: "!!]").count, "a message is cut: \(context)")
            }
            // One line above the footer holds it (the pseudo-locale's padding is not a language's length).
            for seconds in [120, 90, 300] where language != "qps" {
                let notice = tr("idle.cleared", ["duration": FlowState.spoken(seconds: seconds)])
                #expect(DisplayWidth.of(notice) <= 78, "the idle notice is cut: \(notice)")
            }

            var form = WalkInForm(attributes: desk.attributes)
            if case .failure(let refusal) = desk.addWalkIn(email: "BEN@example.com", values: [:]) { form.refused(refusal) }
            var screen = Buffer(size: Size(width: 80, height: 24))
            _ = FormRenderer.render(ScreenPresenter.formView(for: form.screen, header: HeaderInfo(tenant: "contoso", authority: "http://127.0.0.1",
                                                                                                  mode: tr("header.mode.emulatorEnrolment")),
                                                             previous: nil), into: &screen)
            let text = screen.lines().joined(separator: "\n")
            #expect(screen.lines()[1].contains(form.screen.title), "no title line: \(language):\n\(text)")
            for action in form.screen.actions { #expect(text.contains("[ \(action.label) ]"), "no '\(action.label)': \(language):\n\(text)") }
            #expect(!text.contains("↓ more") && !text.contains("↑ more"), "does not fit: \(language):\n\(text)")
            if language == "qps" {
                #expect(text.components(separatedBy: "[!!").count == text.components(separatedBy: "!!]").count, "a message is cut:\n\(text)")
            }
        }
    }
}
