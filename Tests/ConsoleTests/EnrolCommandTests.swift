import AccountFlow
@testable import ConsoleCommandLine
@testable import EnrolmentDesk
import EnrolmentFiles
import Foundation
import TestSupport
import Testing

/// `tophhie enrol --template` and `--check`, and `tophhie record verify`, run as a user runs them: the console
/// binary built beside the tests, its output and exit code.
@Suite struct EnrolCommandTests {
    /// A fresh folder, removed at the end.
    final class Folder {
        let path = NSTemporaryDirectory() + "tophhie-enrol-\(UUID().uuidString)"
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func file(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
            return path + "/" + name
        }
    }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `tophhie-console arguments` (optionally under `wrapper`, e.g. /usr/bin/time), off the cooperative pool.
    static func tophhie(_ arguments: [String], wrapper: [String] = [], input: String? = nil) async throws -> Run {
        let folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        let console = folder.appendingPathComponent("tophhie-console").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrapper.first ?? console)
        process.arguments = wrapper.isEmpty ? arguments : Array(wrapper.dropFirst()) + [console] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "TERM": "dumb", "HOME": NSTemporaryDirectory()]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let typed = Pipe()
        if input != nil { process.standardInput = typed }
        try process.run()
        if let input {
            typed.fileHandleForWriting.write(Data(input.utf8))
            try typed.fileHandleForWriting.close()
        }
        // Both pipes at once: a child that fills one while the other is read would wait for ever.
        async let stdout = out.fileHandleForReading.readAll()
        async let stderr = err.fileHandleForReading.readAll()
        let (said, complained) = await (stdout, stderr)
        await process.exited()
        return Run(status: process.terminationStatus, stdout: String(decoding: said, as: UTF8.self),
                   stderr: String(decoding: complained, as: UTF8.self))
    }

    @Test func theCommandLineNamesOneTaskAndOneForm() throws {
        let parser = InvocationParser(environment: [:])
        #expect(try parser.parse(["enrol", "--check", "people.csv"]) == .enrol(EnrolOptions(task: .check("people.csv"), preset: "email-password")))
        #expect(try parser.parse(["enrol", "--template", "t.csv", "--preset", "attributes"])
                == .enrol(EnrolOptions(task: .template("t.csv"), preset: "attributes")))
        #expect(throws: UsageError("enrol takes one of --template FILE, --check FILE, --load FILE and --status URL.")) {
            try parser.parse(["enrol", "--check", "a.csv", "--template", "b.csv"])
        }
        #expect(throws: UsageError("enrol needs --template FILE, --check FILE, --load FILE or --status URL; see tophhie enrol --help.")) { try parser.parse(["enrol"]) }
        #expect(throws: UsageError("--load needs --into postgresql://…; see tophhie enrol --help.")) {
            try parser.parse(["enrol", "--load", "a.csv", "--event", "x"])
        }
        #expect(throws: UsageError("--status needs --event NAME; see tophhie enrol --help.")) {
            try parser.parse(["enrol", "--status", "postgresql://desk@127.0.0.1/intake"])
        }
        #expect(throws: UsageError("--event does not go with this enrol task; see tophhie enrol --help.")) {
            try parser.parse(["enrol", "--check", "a.csv", "--event", "x"])
        }
        #expect(try parser.parse(["record", "verify", "enrolment.jsonl"]) == .recordVerify(path: "enrolment.jsonl"))
        #expect(throws: UsageError("record takes verify FILE, or verify|export postgresql://… --event NAME; see tophhie record --help.")) { try parser.parse(["record", "enrolment.jsonl"]) }
        #expect(throws: UsageError("--record and --staff keep the enrolment record in enrolment mode; add --enrol.")) {
            try parser.parse(["--record", "enrolment.jsonl"])
        }
        #expect(throws: UsageError("--queue serves a list of people in enrolment mode; add --enrol.")) {
            try parser.parse(["--queue", "people.csv"])
        }
        // Found by a new user: these were taken silently, the second list dropping the first, the name going nowhere.
        #expect(throws: UsageError("--staff names who is at the desk in the enrolment record; add --record FILE.")) {
            try parser.parse(["--enrol", "--staff", "Sam"])
        }
        #expect(throws: UsageError("--queue given twice (monday.csv, tuesday.csv): the desk serves one list; put the people in one CSV.")) {
            try parser.parse(["--enrol", "--queue", "monday.csv", "--queue", "tuesday.csv"])
        }
        #expect(throws: UsageError("--record given twice (a.jsonl, b.jsonl): the desk keeps one record.")) {
            try parser.parse(["--enrol", "--record", "a.jsonl", "--record", "b.jsonl"])
        }
        #expect(throws: UsageError("--report writes the result of each row of a list; add --queue FILE.csv.")) {
            try parser.parse(["--enrol", "--report", "result.md"])
        }
        // Found by a new user: the report replaced the list it reports on, and the next start could not read it.
        for same in ["people.csv", "./people.csv", "people.csv.progress"] {
            #expect(throws: UsageError("--report \(same): that is the list or its progress file, which the report would replace; "
                                       + "choose another file.")) {
                try parser.parse(["--enrol", "--queue", "people.csv", "--report", same])
            }
        }
        guard case .embedded(_, let options) = try parser.parse(["--enrol", "--queue", "people.csv", "--report", "result.md"]) else {
            Issue.record("not the embedded console")
            return
        }
        #expect(options.queuePath == "people.csv" && options.reportPath == "result.md")
    }

    /// A list or a progress file the queue cannot start from stops the console before the session (exit 2), naming
    /// the row or the line, and leaves the progress file as it was.
    @Test func aQueueThatCannotStartSaysWhyAndExitsTwo() async throws {
        let folder = try Folder()
        let broken = try folder.file("broken.csv", "email,displayName\r\n\"ana@example.com,Ana\r\n")
        let unreadable = try await Self.tophhie(["--enrol", "--line", "--queue", broken])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.contains("--queue \(broken): row 2"), "\(unreadable.stderr)")

        let list = try folder.file("people.csv", "email,displayName\r\nana@example.com,Ana\r\nben@example.com,Ben\r\n")
        let progress = try folder.file("people.csv.progress", String(decoding: ProgressFile.bytes([
            ProgressEntry(row: 3, email: "cleo@example.com", outcome: .enrolled, time: "2026-12-02T10:00:00Z"),
        ]), as: UTF8.self))
        let changed = try await Self.tophhie(["--enrol", "--line", "--queue", list])
        #expect(changed.status == 2)
        #expect(changed.stderr.contains("row 3 is ben@example.com in the list but cleo@example.com in the progress"), "\(changed.stderr)")
        #expect(try String(contentsOfFile: progress, encoding: .utf8).contains("cleo@example.com"))
    }

    /// Two desks on one list would each rewrite the progress file without the other's outcomes: while one desk has
    /// the list, a second is refused at start (exit 2), told who has it and how several desks share a list.
    @Test func aSecondDeskOnAListInUseIsRefusedUntilTheFirstEnds() async throws {
        let folder = try Folder()
        let list = try folder.file("shared.csv", "email,displayName\r\nalice@example.com,Alice\r\nbrian@example.com,Brian\r\n")
        let first = try EnrolmentDesk(listPath: list, reportPath: nil, form: EnrolmentForm(attributes: QueueLineModeTests.attributes))
        first.mark(try #require(first.queue.person(at: 2)), .skipped)
        await first.written()

        let second = try await Self.tophhie(["--enrol", "--line", "--queue", list], input: "quit\n")
        #expect(second.status == 2)
        #expect(second.stderr.contains("--queue \(list): another desk has this list open (pid \(getpid()) on "), "\(second.stderr)")
        #expect(second.stderr.contains("--queue postgresql://"), "\(second.stderr)")
        #expect(try ProgressFile.load(list + ".progress").entries.map(\.email) == ["alice@example.com"], "the first desk's outcome stays")

        #expect(first.finish().isEmpty)
        let after = try await Self.tophhie(["--enrol", "--line", "--queue", list], input: "quit\n")
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("brian@example.com"), "Alice is done with: Brian is next\n\(after.stdout)")
        #expect(!after.stdout.contains("alice@example.com"), "\(after.stdout)")
    }

    @Test func recordVerifyExitsZeroOnTheRecordAndOneOnAnEditedCopyTwoOnSomethingElse() async throws {
        let folder = try Folder()
        let path = folder.path + "/enrolment.jsonl"
        let file = try RecordFile(path: path)
        for name in ["ana", "ben", "cara"] {
            try await file.append(RecordEntry(time: "2026-12-02T08:00:00Z", staff: "desk-1", terminal: "none", tenant: "http://127.0.0.1:1/t",
                                              email: "\(name)@example.com", outcome: .enrolled))
        }
        let good = try await Self.tophhie(["record", "verify", path])
        #expect(good.status == 0)
        #expect(good.stdout.hasPrefix("\(path): intact, 3 lines; head "))
        let edited = try folder.file("edited.jsonl", try String(contentsOfFile: path, encoding: .utf8).replacing("ben@", with: "bob@"))
        let broken = try await Self.tophhie(["record", "verify", edited])
        #expect(broken.status == 1)
        #expect(broken.stdout == "\(edited): broken at line 2: line 2 was changed: line 3 carries another hash of it.\n")
        let other = try folder.file("people.csv", "email\nana@example.com\n")
        #expect(try await Self.tophhie(["record", "verify", other]).status == 2)
        #expect(try await Self.tophhie(["record", "verify", folder.path + "/missing.jsonl"]).status == 2)
    }

    static let loyalty = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_loyaltyNumber"
    static let terms = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_termsAccepted"

    @Test func theTemplateIsTheTenantsFormWithRulesAndNoPasswordAndChecksClean() async throws {
        let folder = try Folder()
        let path = folder.path + "/people.csv"
        let written = try await Self.tophhie(["enrol", "--template", path, "--preset", "attributes"])
        #expect(written.status == 0)
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(lines[0] == "email,displayName,givenName,surname,city,country,postalCode,\(Self.loyalty),\(Self.terms),"
                + "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_birthYear,extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_motto")
        #expect(!lines[0].lowercased().contains("password"))
        #expect(lines[1].hasPrefix("# Email: required; an email address like name@example.com,"))
        #expect(lines[1].contains("Loyalty number (10 digits): required; text; 10 digits"))
        #expect(lines[1].contains("Country: optional; one of: Brazil | France | Germany | Poland | Sweden | United Kingdom | United States"))
        #expect(lines[1].contains("I accept the terms: ignored; a consent the person gives at the desk"))
        // The header and the comment alone: no one to enrol, nothing wrong.
        let checked = try await Self.tophhie(["enrol", "--check", path, "--preset", "attributes"])
        #expect(checked.status == 0)
        #expect(checked.stdout.isEmpty)
        // A filled-in list is never overwritten.
        let again = try await Self.tophhie(["enrol", "--template", path, "--preset", "attributes"])
        #expect(again.status == 2)
        #expect(again.stderr.contains("a file is there already"))
    }

    @Test func aRealTenantsAttributesComeFromTheSignUpAttributesFile() async throws {
        let folder = try Folder()
        let attributes = try folder.file("attributes.json", #"[{"name": "city", "required": true, "regex": "^.{1,80}$"}]"#)
        let path = folder.path + "/people.csv"
        #expect(try await Self.tophhie(["enrol", "--template", path, "--sign-up-attributes", attributes]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == "email,city\r\n# Email: required; an email address like name@example.com,City: required; text; 1 to 80 characters\r\n")
    }

    @Test func theDryRunNamesEachProblemByRowAndColumnAndExitsOne() async throws {
        let folder = try Folder()
        let list = try folder.file("people.csv", "\u{FEFF}email,displayName,country,\(Self.loyalty),\(Self.terms)\r\n"
            + "# a comment row\r\n"
            + "ana@example.com,Ana Lima,Brazil,1234567890,true\r\n"
            + "ben.example.com,\"Ben, the Second\",France,12345,true\r\n"
            + "cara@example.com,\"Cara\r\nO'Neil\",Spain,1234567890,true\r\n"
            + "ANA@example.com,Ana Again,,1234567890,TRUE\r\n"
            + "dev@example.com,Dev,,0987654321,false\r\n")
        let run = try await Self.tophhie(["enrol", "--check", list, "--preset", "attributes"])
        #expect(run.status == 1)
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "row 4, column email: Enter an email address like name@example.com.",
            "row 4, column displayName: Display name isn't in the format the tenant expects.",
            "row 4, column \(Self.loyalty): Enter 10 digits.",
            "row 5, column displayName: Display name isn't in the format the tenant expects.",
            "row 5, column country: Choose one of: Brazil, France, Germany, Poland, Sweden, United Kingdom, United States.",
            "row 6, column email: This email is listed already, on row 3 — the same address written another way.",
        ])
        // Row 7's consent is false: the person gives it at the desk, the list's value is ignored.
        #expect(run.stderr.contains("5 people; 3 of 5 rows cannot be enrolled as they stand."))
    }

    @Test func aGoodListExitsZero() async throws {
        let folder = try Folder()
        let list = try folder.file("people.csv", "email,displayName,\(Self.loyalty),\(Self.terms)\nana@example.com,Ana Lima,1234567890,true\n")
        let run = try await Self.tophhie(["enrol", "--check", list, "--preset", "attributes"])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        // Without the consent's column: the person gives it at the desk.
        let withoutConsent = try folder.file("no-terms.csv", "email,displayName,\(Self.loyalty)\nana@example.com,Ana Lima,1234567890\n")
        #expect(try await Self.tophhie(["enrol", "--check", withoutConsent, "--preset", "attributes"]).status == 0)
    }

    @Test func aBadFileExitsTwoNamingRowAndColumn() async throws {
        let folder = try Folder()
        let header = "email,displayName,\(Self.loyalty),\(Self.terms)\n"
        let cases: [(String, [UInt8])] = [
            ("row 3, column 2 (displayName): not UTF-8 text", Array((header + "ana@example.com,Ana,1234567890,true\nzoe@example.com,Zo").utf8) + [0xEB]
                + Array(",1234567890,true\n".utf8)),
            ("row 1: unknown column password", Array("email,displayName,password,\(Self.loyalty),\(Self.terms)\n".utf8)),
            ("row 1: missing column \(Self.loyalty) (required)", Array("email,displayName\n".utf8)),
            ("row 2: 2 fields where the header has 4", Array((header + "ana@example.com,Ana\n").utf8)),
            ("row 3, column 2 (displayName): a quoted field is not closed", Array((header + "\n" + "a@example.com,\"Ana,1,true\n").utf8)),
        ]
        for (expected, bytes) in cases {
            let path = folder.path + "/bad.csv"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let run = try await Self.tophhie(["enrol", "--check", path, "--preset", "attributes"])
            #expect(run.status == 2, "\(expected)")
            #expect(run.stderr.contains("tophhie enrol: \(path): \(expected)"), "\(run.stderr)")
        }
    }

    /// Field case 037: the same two people saved as spreadsheets save a list. The four Unicode files pass the dry run
    /// as two people (the dialect said on stderr); the Windows-1252 one is refused at the first byte that is not
    /// UTF-8, by row and column, with how to save it as CSV UTF-8, by the dry run and by the queue alike.
    @Test func theSpreadsheetDialectsAreOneListAndACodePageIsRefused() async throws {
        let folder = try Folder()
        let people = [["email", "displayName"], ["ann@contoso.com", "Ann Lee"], ["jörg@contoso.com", "Jörg Müller"]]
        func text(_ separator: String, _ lineEnd: String) -> String { people.map { $0.joined(separator: separator) }.joined(separator: lineEnd) + lineEnd }
        let files: [(name: String, bytes: [UInt8], said: String?)] = [
            ("comma.csv", Array(text(",", "\n").utf8), nil),
            ("bom.csv", [0xEF, 0xBB, 0xBF] + Array(text(",", "\r\n").utf8), nil),
            ("semicolon.csv", Array(text(";", "\r\n").utf8), "read as ;-separated."),
            ("unicode.txt", [0xFF, 0xFE] + text("\t", "\r\n").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
             "read as TAB-separated UTF-16LE text."),
        ]
        for file in files {
            let path = folder.path + "/" + file.name
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            let run = try await Self.tophhie(["enrol", "--check", path])
            #expect(run.status == 0, "\(file.name): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("\(path): 2 people; every row can be enrolled."), "\(file.name): \(run.stderr)")
            #expect(run.stderr.contains("\(path): \(file.said ?? "read as")") == (file.said != nil), "\(file.name): \(run.stderr)")
        }
        // "jörg" and "Jörg Müller" in Windows-1252 (ö 0xF6, ü 0xFC), ;-separated as "CSV" is in a European locale.
        let ansi = folder.path + "/ansi.csv"
        try Data(Array("email;displayName\r\nann@contoso.com;Ann Lee\r\nj".utf8) + [0xF6] + Array("rg@contoso.com;J".utf8) + [0xF6]
                 + Array("rg M".utf8) + [0xFC] + Array("ller\r\n".utf8)).write(to: URL(fileURLWithPath: ansi))
        let dryRun = try await Self.tophhie(["enrol", "--check", ansi])
        let queue = try await Self.tophhie(["--enrol", "--line", "--queue", ansi])
        for run in [dryRun, queue] {
            #expect(run.status == 2)
            #expect(run.stderr.contains("row 3, column 1 (email): not UTF-8 text"), "\(run.stderr)")
            #expect(run.stderr.contains("save the list again as \"CSV UTF-8\""), "\(run.stderr)")
            #expect(!run.stderr.contains("j\u{FFFD}rg") && !run.stderr.contains("jÃ"), "never read as other letters")
        }
        #expect(!FileManager.default.fileExists(atPath: ansi + ".progress"))
    }

    /// Field case 038: one address typed precomposed, in capitals and pasted decomposed is one person: the dry run
    /// names the later rows as the first one written another way.
    @Test func oneAddressWrittenThreeWaysIsOnePerson() async throws {
        let folder = try Folder()
        let list = try folder.file("people.csv", "email,displayName\r\némile@contoso.com,Émile Roux\r\nÉMILE@contoso.com,Émile Roux\r\n"
                                   + "e\u{301}mile@contoso.com,Émile Roux\r\n")
        let run = try await Self.tophhie(["enrol", "--check", list])
        #expect(run.status == 1)
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "row 3, column email: This email is listed already, on row 2 — the same address written another way.",
            "row 4, column email: This email is listed already, on row 2 — the same address written another way.",
        ])
    }

    /// The list's email shape is the forms' and the emulator's: markup after the domain is no address.
    @Test func markupAfterTheAddressIsNoAddress() async throws {
        let folder = try Folder()
        let list = try folder.file("people.csv", "email,displayName\nx@y.z<script>,X\nann@contoso.com,Ann\n")
        let run = try await Self.tophhie(["enrol", "--check", list])
        #expect(run.status == 1)
        #expect(run.stdout == "row 2, column email: Enter an email address like name@example.com.\n")
    }

    /// A list of over 50 MB is read as a stream: the check finishes and its peak memory stays far below the file's
    /// size. The file is 20 000 people (each checked) between comment lines that pad it to 50 MB, so a debug
    /// build reads every byte in seconds; the release benchmark of 100 000 people is in the docs.
    @Test func aFiftyMegabyteListIsCheckedInBoundedMemory() async throws {
        let folder = try Folder()
        let path = folder.path + "/big.csv"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data("email,displayName,\(Self.loyalty),\(Self.terms),extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_motto\n".utf8))
        let motto = "\"" + String(repeating: "Quick, \"\"quoted\"\"\r\ntext; ", count: 8) + "\""
        let padding = "# " + String(repeating: "padding, \"not a record\" ", count: 100) + "\r\n"
        for block in 0..<200 {
            var text = ""
            for row in block * 100..<(block + 1) * 100 {
                text += "p\(row)@example.com,Person Y,\(1_000_000_000 + row),true,\(motto)\n" + padding + padding
            }
            try handle.write(contentsOf: Data(text.utf8))
        }
        try handle.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 50_000_000)
        try MissingTool.require("/usr/bin/time")
        let run = try await Self.tophhie(["enrol", "--check", path, "--preset", "attributes"], wrapper: ["/usr/bin/time", "-f", "maxrss-kib %M"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("20000 people; every row can be enrolled."))
        let rss = try #require(run.stderr.split(separator: "\n").last { $0.hasPrefix("maxrss-kib ") }.flatMap { Int($0.dropFirst(11)) })
        // The debug console alone takes about 38 MB; the file read whole would add 50 MB and more.
        #expect(rss < 56 * 1024, "peak RSS \(rss) KiB for a \(size / 1_000_000) MB file")
    }
}
