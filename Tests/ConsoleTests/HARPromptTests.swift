@testable import Console
@testable import ConsoleCommandLine
@testable import FlowRunner
import Foundation
import Launcher
import TerminalUI
import TestSupport
import Testing

/// F4 asks where to write the HAR, offers a name with the time, and never replaces a file silently.
@Suite struct HARPromptTests {
    @Test func theDefaultNameCarriesTheTime() {
        let date = Date(timeIntervalSince1970: 1_796_099_103) // 2026-12-01 04:25:03 UTC
        #expect(HARPrompt.defaultName(at: date) == "tophhie-20261201T042503Z.har")
    }

    @Test func anExistingFileIsReplacedOnlyAfterYes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-prompt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("kept.har").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
        let fixture = try WorkbenchFixture()
        fixture.open(ConsoleKeys.exportHAR)
        #expect(fixture.screen().contains("Write HAR to: tophhie-"), "\(fixture.screen())")
        fixture.press(.control("u"))
        fixture.type(existing)
        fixture.press(.enter)
        #expect(fixture.screen().contains("| Replace the existing file? (y/n)  /"), "\(fixture.screen())")
        fixture.press(.character("n"))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        #expect(fixture.screen().contains("Write HAR to: "), "another key asks for another name")
        fixture.press(.enter)
        let notice = fixture.press(.character("y"))
        #expect(notice?.text.hasPrefix("Wrote 0 exchanges to ") == true, "\(String(describing: notice))")
        #expect(try String(contentsOfFile: existing, encoding: .utf8).contains("\"version\" : \"1.2\""))
        #expect(!fixture.workbench.isOpen)
    }

    /// F4 from the trace inspector: the inspector covers the form's status line, so what F4 came to shows on its
    /// last row until the next key (a new user saw no "Wrote …" there).
    @Test func aHARWrittenFromTheInspectorSaysSoThere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-inspector-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try WorkbenchFixture()
        fixture.open(ConsoleKeys.inspectTrace)
        fixture.press(.function(4))
        fixture.press(.control("u"))
        fixture.type(folder.appendingPathComponent("from-inspector.har").path)
        fixture.press(.enter)
        #expect(fixture.screen().contains("Wrote 0 exchanges to "), "\(fixture.screen())")
        fixture.press(.down)
        #expect(!fixture.screen().contains("Wrote 0 exchanges to "), "the notice stays past the next key")
    }

    @Test("a HAR that cannot be written keeps the question open with the typed name and says why")
    func aFailedWriteKeepsTheTypedName() throws {
        let fixture = try WorkbenchFixture()
        fixture.open(ConsoleKeys.exportHAR)
        fixture.press(.control("u"))
        let path = "/nonexistent-folder-\(UUID().uuidString.prefix(8))/mine.har"
        fixture.type(path)
        #expect(fixture.press(.enter) == nil)
        let screen = fixture.screen()
        #expect(screen.contains("Write HAR to: \(path)"), "\(screen)")
        #expect(screen.contains("Could not write \(path)"), "\(screen)")
        #expect(fixture.press(.escape) == StatusLine("No HAR written.", kind: .info))
    }

    @Test func aFolderIsRefusedAndEscCancels() throws {
        let fixture = try WorkbenchFixture()
        fixture.open(ConsoleKeys.exportHAR)
        fixture.press(.control("u"))
        fixture.type(FileManager.default.temporaryDirectory.path)
        fixture.press(.enter)
        #expect(fixture.screen().contains("is a folder: name a file."), "\(fixture.screen())")
        #expect(fixture.press(.escape) == StatusLine("No HAR written.", kind: .info))
    }

    /// A new user wrote F4's HAR over the enrolment record the console had open (`rec3.jsonl`): a file the session holds
    /// is refused however its name is spelt (`./`, `..`, a link), and is left as it was; the prompt asks again.
    @Test func aHARTargetNamingAFileTheSessionHoldsIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-held-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = folder + "/rec3.jsonl"
        try Data("{\"line\":1}\n".utf8).write(to: URL(fileURLWithPath: record))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.jsonl", withDestinationPath: record)
        var options = ConsoleOptions()
        options.enrol = true
        options.recordPath = record
        options.queuePath = folder + "/people.csv"
        let held = HeldFiles(options: options, environment: [:])
        for spelling in [record, folder + "/sub/../rec3.jsonl", folder + "/./link.jsonl"] {
            #expect(held.role(of: spelling) == "the enrolment record of this session", "\(spelling)")
        }
        #expect(held.role(of: folder + "/people.csv.progress") == "the queue's progress file of this session", "not written yet: named by its path")
        #expect(held.role(of: folder + "/other.har") == nil)

        let fixture = try WorkbenchFixture(heldFiles: held)
        fixture.open(ConsoleKeys.exportHAR)
        fixture.press(.control("u"))
        fixture.type(folder + "/sub/../rec3.jsonl")
        fixture.press(.enter)
        #expect(fixture.screen().contains("Not written: it is the enrolment record of this session"), "\(fixture.screen())")
        // Longer than 80 columns: wrapped above the question, not cut before what to do.
        #expect(fixture.screen().contains("name another file."), "\(fixture.screen())")
        #expect(!fixture.screen().contains("Replace the existing file?"))
        fixture.press(.character("y"))
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "{\"line\":1}\n", "the record was replaced")
        #expect(fixture.workbench.isOpen, "the prompt asks for another name")

        // F9 without --record-scenario records into a default name: that file is held too (a new operator's F4 wrote
        // its HAR over the scenario).
        let recorded = folder + "/tophhie-scenario-20261204T174730Z.json"
        #expect(HeldFiles(options: ConsoleOptions(), recording: recorded, environment: [:]).role(of: recorded) == "the scenario file of this session")

        options.harPath = folder + "/link.jsonl"
        #expect(ConsoleApp.outputProblem("--har", options.harPath, "a HAR", options, environment: [:]) == "--har \(folder)/link.jsonl: it is the enrolment record of this session, "
                + "which a HAR would replace; name another file.", "--har is refused at start too")
    }
}
