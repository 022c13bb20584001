import AccountFlow
@testable import EnrolmentDesk
import EnrolmentFiles
import Foundation
import Launcher
import Localization
import ScreenPresentation
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// What a new person at a queue desk reads after picking their language (F12), and the keys the desk's screens say
/// or refuse: the header's mode and the password rules follow the language, the queue's help names F12, an operator's
/// key says it is not a desk's, the home screen offers no way back, and a walk-in refused names the fields by label.
@Suite struct DeskRedrawTests {
    static let loyalty = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_loyaltyNumber"
    static let attributes = [
        RequiredAttribute(name: "displayName", type: "string", required: true, regex: "^.{1,64}$", label: "Display name"),
        RequiredAttribute(name: loyalty, type: "string", required: false, regex: "^[0-9]{10}$", label: "Loyalty number"),
    ]
    static let list = "email,displayName,\(loyalty)\r\nana@example.com,Ana Silva,1234567890\r\nben@example.com,Ben Okafor,12345\r\n"

    static func desk() throws -> EnrolmentDesk { try queueDesk(list: list, attributes: attributes) }

    /// Runs an English desk on the list in full screen over `raw` keys; returns every frame it showed. The session's own
    /// language choice is bound here, so the person's pick does not reach other tests.
    static func frames(keys raw: [String], queue: Bool = true, enrolment: Bool = true) throws -> [String] {
        try Localization.with(.english) {
            let desk = queue ? try Self.desk() : nil
            defer { _ = desk?.finish() }
            return fullScreenFrames(keys: raw, attributes: attributes, enrolment: enrolment, emulator: true, desk: desk)
        }
    }

    static let (enter, up, escape, f1, f4, f5, f9, f12, ctrlN) = ("\r", "\u{1B}[A", "\u{1B}", "\u{1B}OP", "\u{1B}OS", "\u{1B}[15~", "\u{1B}[20~",
                                                                  "\u{1B}[24~", "\u{0E}")

    static func rows(_ frame: String) -> [String] { frame.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// F12, Deutsch: the queue's header and then the sign-up form's top bar name the mode in German, and the password
    /// rules under the new password are German too (all three were made once, in the desk's English, at start).
    @Test func f12RedrawsTheHeaderAndThePasswordRulesInThePersonsLanguage() throws {
        let frames = try Self.frames(keys: [Self.f12, Self.up, Self.enter, Self.enter])
        let queue = try #require(frames.last { $0.contains("Registrierungsliste") }, "no German queue:\n\(frames.last ?? "")")
        #expect(Self.rows(queue)[0].contains("Registrierungsliste · people.csv · Emulator · Registrierung"), "\(queue)")
        let form = try #require(frames.last, "no frame")
        #expect(Self.rows(form)[0].contains("[Emulator · Registrierung]"), "the top bar kept English:\n\(form)")
        #expect(form.contains("8 bis 256 Zeichen, mit drei von: Kleinbuchstaben"), "the password rules kept English:\n\(form)")
        #expect(!form.contains("enrolment") && !form.contains("characters, using"), "English left:\n\(form)")
    }

    /// The queue's help (F1) names F12 as every other desk screen's does; the walk-in form's help too.
    @Test func theQueuesHelpNamesTheLanguageKey() throws {
        let queueHelp = try #require(try Self.frames(keys: [Self.f1]).last)
        let line = try #require(Self.rows(queueHelp).first { $0.contains("F12") && !$0.contains("F12 language ") }, "no F12 in the help:\n\(queueHelp)")
        #expect(line.contains("language: Deutsch, English"), "\(queueHelp)")
        let walkInHelp = try #require(try Self.frames(keys: [Self.ctrlN, Self.f1]).last)
        #expect(walkInHelp.contains("language: Deutsch, English"), "no F12 in the walk-in form's help:\n\(walkInHelp)")
    }

    /// F4, F5 and F9 are an operator's: at a desk each says so on the notice line, in the language shown, on the queue
    /// and on the person's form; nothing is written or opened.
    @Test func anOperatorsKeyAtADeskSaysItIsNotOffered() throws {
        let frames = try Self.frames(keys: [Self.f4, Self.f5, Self.enter, Self.f9, Self.f12, Self.up, Self.enter, Self.f4])
        #expect(frames.contains { $0.contains("F4 is an operator's key: an enrolment desk does not offer it.") }, "F4 was silent on the queue")
        #expect(frames.contains { $0.contains("F5 is an operator's key: an enrolment desk does not offer it.") }, "F5 was silent")
        #expect(frames.contains { $0.contains("F9 is an operator's key: an enrolment desk does not offer it.") && $0.contains("ana@example.com") },
                "F9 was silent on the sign-up form")
        #expect(frames.last?.contains("F4 ist eine Taste für den Betrieb") == true, "not in the language shown:\n\(frames.last ?? "")")
        #expect(!frames.contains { $0.contains("Write HAR to") || $0.contains("Recording a scenario") })
    }

    /// The home screen has nowhere to go back to: its footer and help leave Esc out; the sign-in form still offers it.
    @Test func theHomeScreenOffersOnlyWhatWorks() throws {
        let frames = try Self.frames(keys: [Self.f1, Self.escape, Self.escape, Self.enter], queue: false, enrolment: false)
        let home = try #require(frames.first)
        #expect(Self.rows(home)[39].contains("Enter submit") && !home.contains("Esc back"), "\(home)")
        let help = try #require(frames.first { $0.contains("Keys: this screen") }, "no help")
        #expect(!Self.rows(help).contains { $0.contains("Esc") && $0.contains("back") }, "the help offers Esc:\n\(help)")
        #expect(frames.last?.contains("Esc back") == true, "the sign-in form lost Esc:\n\(frames.last ?? "")")
        // The launcher's first frame is the console's.
        let first = FirstFrame.embeddedHome(preset: "email-password")
        #expect(!first.footerKeymap.footerText().contains("Esc"))
    }

    /// A walk-in refused for two fields: the notice names the fields by their labels (the tenant's "Loyalty number",
    /// not its API name) and reads without ".;"; the rows not offered name them so too. Operator output keeps columns.
    @Test func aRefusalNamesTheFieldsByLabel() throws {
        let desk = try Self.desk()
        defer { _ = desk.finish() }
        guard case .failure(let refusal) = desk.addWalkIn(email: "ANA@example.com", values: ["displayName": "Ana", Self.loyalty: "12"]) else {
            Issue.record("a listed address was added")
            return
        }
        #expect(ProblemList.joined(refusal.lines)
                == "Loyalty number: Enter 10 digits; Email: This email is listed already, on row 2 — the same address written another way.")
        #expect(QueueScreen.invalidLine(try #require(desk.queue.invalid.first)) == "row 3: Loyalty number: Enter 10 digits.")
        #expect(desk.queue.invalid.first?.problems == ["\(Self.loyalty): Enter 10 digits."], "the report's note keeps the column")
        var buffer = Buffer(size: Size(width: 80, height: 24))
        _ = QueueScreen().render(desk.queue, listName: "people.csv", mode: "enrolment", into: &buffer)
        #expect(buffer.lines().contains { $0.contains("row 3: Loyalty number: Enter 10 digits.") }, "\(buffer.lines().joined(separator: "\n"))")
        #expect(!buffer.lines().contains { $0.contains("extension_") })
    }

    /// A shared queue's refused rows come from the database as `column: message` (the report's words); the desk shows
    /// them by label too, and its report keeps the columns.
    @Test func aSharedQueuesRefusedRowsAreShownByLabel() throws {
        let problems = ["\(Self.loyalty): Enter 10 digits.", "email: Enter an email address like name@example.com."]
        let queue = try EnrolmentQueue(people: [QueuePerson(row: 2, email: "ana@example.com", values: [:])],
                                       invalid: [InvalidRow(row: 3, email: "ben", problems: problems)])
        let labelled = SharedQueueStore.labelled(queue, form: EnrolmentForm(attributes: Self.attributes))
        #expect(QueueScreen.invalidLine(try #require(labelled.invalid.first))
                == "row 3: Loyalty number: Enter 10 digits; Email: Enter an email address like name@example.com.")
        #expect(labelled.invalid.first?.problems == problems && labelled.next?.row == 2)
    }
}
