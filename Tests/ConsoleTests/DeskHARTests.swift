import AccountFlow
import EnrolmentFiles
import Foundation
import Launcher
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// F4 writes a HAR, which keeps the person at the desk on disk and, pointed at the record, replaced it: an enrolment
/// desk neither binds nor offers it, on the person's form, in the trace pane or in the trace inspector; an operator's
/// session still does.
@Suite struct DeskHARTests {
    static let attributes = [RequiredAttribute(name: "displayName", type: "string", required: true, regex: "^.{1,64}$", label: "Display name")]

    /// Runs a full-screen session over `raw` keys; returns every frame it showed.
    static func frames(enrolment: Bool, keys raw: [String]) throws -> [String] {
        let desk = enrolment ? try queueDesk(list: "email,displayName\r\nana@example.com,Ana Silva\r\n", attributes: attributes) : nil
        defer { _ = desk?.finish() }
        return fullScreenFrames(keys: raw, attributes: attributes, enrolment: enrolment, emulator: false, desk: desk)
    }

    static let (enter, f1, f3, f4, f6, escape, ctrlU) = ("\r", "\u{1B}OP", "\u{1B}OR", "\u{1B}OS", "\u{1B}[17~", "\u{1B}", "\u{15}")

    @Test func f4AtADeskWritesNothingAndNoHelpOrFooterOffersIt() throws {
        // Enter seats Ana; F4 and the keys of the trial (Ctrl-U, a name, Enter, y) then only edit her form; the help, the trace
        // pane and the inspector (with its help) are looked at too.
        let frames = try Self.frames(enrolment: true, keys: [Self.enter, Self.f4, Self.ctrlU, "rec3.jsonl", Self.enter, "y", Self.f1, Self.escape,
                                                             Self.f3, Self.f6, Self.f4, Self.f1, Self.escape, Self.f6])
        #expect(frames.contains { $0.contains("ana@example.com") }, "Ana was not seated")
        #expect(frames.contains { $0.contains("inspect the trace") }, "the form's help was not shown")
        #expect(frames.contains { $0.contains("HTTP trace, secrets redacted") }, "the trace pane was not shown")
        #expect(frames.contains { $0.contains("close the inspector") }, "the inspector's help was not shown")
        for frame in frames {
            #expect(!frame.contains("Write HAR to") && !frame.contains("Wrote "), "F4 asked for a HAR at the desk:\n\(frame)")
            // Pressed, it says it is not a desk's key; nothing else names it.
            let offered = frame.replacingOccurrences(of: "F4 is an operator's key: an enrolment desk does not offer it.", with: "")
            #expect(!offered.contains("F4") && !offered.contains("as HAR") && !offered.contains("exports HAR"), "F4 offered at the desk:\n\(frame)")
        }
        #expect(!FileManager.default.fileExists(atPath: "rec3.jsonl"))
    }

    @Test func anOperatorsSessionStillOffersAndBindsF4() throws {
        let frames = try Self.frames(enrolment: false, keys: [Self.f1, Self.escape, Self.f4])
        #expect(frames.contains { $0.contains("F4") && $0.contains("export the session as HAR") }, "\(frames.first ?? "")")
        #expect(frames.last?.contains("Write HAR to") == true, "\(frames.last ?? "")")
    }
}
