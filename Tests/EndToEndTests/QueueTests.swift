import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 29: `--enrol --queue FILE.csv` at the desk, with a console killed mid-queue and started again.
    @Suite struct Queue {
        /// Six people: row 3 is invalid, Jane's account exists already (an emulator preset user), row 5 is absent.
        static let list = """
            email,displayName\r
            first.queue@example.com,First Queue\r
            not-an-email,Broken Row\r
            jane.doe@contoso.com,Jane Doe\r
            absent.person@example.com,Absent Person\r
            killed.midway@example.com,Killed Midway\r
            last.person@example.com,Last Person\r

            """

        static func folder() throws -> String {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-queue-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }

        /// Runs `tophhie ARGUMENTS` to its end: exit status and output.
        static func tophhie(_ arguments: [String], folder: String) async throws -> (Int32, String) {
            let output = folder + "/out-\(UUID().uuidString)"
            let status = await ChildProcess.runToEnd([try ConsoleBinary.require()] + arguments, outputPath: output, truncate: true)
            return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
        }

        /// Types the person's own password twice from the sign-up form the queue opened, and submits.
        static func typePassword(_ run: ConsoleRun, _ password: String) async {
            await run.focus("Password")
            run.type(password)
            run.keys("Tab")
            run.type(password)
            run.keys("Enter")
        }

        @Test func aQueueKilledMidwayResumesAtTheRightPersonAndItsReportAndRecordSayWhatHappened() async throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let list = folder + "/people.csv", report = folder + "/report.md", record = folder + "/record.jsonl"
            try Data(Self.list.utf8).write(to: URL(fileURLWithPath: list))

            // The dry run names the invalid row and its column.
            let (checked, dryRun) = try await Self.tophhie(["enrol", "--check", list], folder: folder)
            #expect(checked == 1)
            #expect(dryRun.contains("row 3, column email:"), "\(dryRun)")

            var typed: [String] = []
            let arguments = ["--enrol", "--queue", list, "--report", report, "--record", record, "--staff", "desk-7"]
            let run = try ConsoleRun(arguments: arguments)
            #expect(await run.wait(for: "Next: First Queue <first.queue@example.com> (row 2) · 1 of 5", timeout: .seconds(20)), "\(run.screen)")
            #expect(run.screen.contains("Not offered (tophhie enrol --check): row 3"))
            // The outbox pane sits above the keys line, which is the last row as on every screen.
            let rows = run.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(rows.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("type to find") == true, "\(run.screen)")
            #expect(run.screen.contains("Outbox"), "\(run.screen)")

            // Row 2: Enter seats the next person, the row fills the form, the person types the rest.
            run.keys("Enter")
            #expect(await run.wait(for: "Confirm password"))
            #expect(run.field("Email", shows: "first.queue@example.com"), "\(run.screen)")
            let first = "Saffron-Kettle-2231!"
            typed.append(first)
            await Self.typePassword(run, first)
            typed.append(try await run.enterCode(sentTo: "first.queue@example.com", title: "Check your email"))
            #expect(await run.wait(for: "Account created", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("Enter") // Enrol another: back to the queue
            #expect(await run.wait(for: "Next: Jane Doe <jane.doe@contoso.com> (row 4) · 2 of 5"), "\(run.screen)")

            // Row 4, found by typing: the account exists; staff go back to the queue.
            run.type("jane")
            #expect(await run.waitUntilGone("absent.person@"), "\(run.screen)")
            run.keys("Enter")
            #expect(await run.wait(for: "Confirm password"))
            let second = "Walnut-Harbour-7710?"
            typed.append(second)
            await Self.typePassword(run, second)
            #expect(await run.wait(for: "already exists", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("Escape")
            #expect(await run.wait(for: "Press Esc again"), "\(run.screen)")
            run.keys("Escape")
            #expect(await run.wait(for: "Next: Absent Person <absent.person@example.com> (row 5) · 3 of 5"), "\(run.screen)")

            // Row 5: absent (F7 on the selected person, the next one, and y to the question).
            run.keys("F7")
            #expect(await run.wait(for: "Mark Absent Person <absent.person@example.com> (row 5) absent?"), "\(run.screen)")
            run.keys("y")
            #expect(await run.wait(for: "Row 5 marked absent."), "\(run.screen)")
            #expect(await run.wait(for: "Next: Killed Midway <killed.midway@example.com> (row 6) · 3 of 5"), "\(run.screen)")
            #expect(run.screen.contains("Absent Person <absent.person@example.com> (row 5) · absent before"), "\(run.screen)")

            // Row 6: seated, password typed, code on its way: the console is killed.
            run.keys("Enter")
            #expect(await run.wait(for: "Confirm password"))
            let third = "Cobalt-Meadow-4409#"
            typed.append(third)
            await Self.typePassword(run, third)
            #expect(await run.wait(for: "Check your email", timeout: ConsoleRun.serverWait), "\(run.screen)")
            try run.killConsole()
            #expect(await run.waitForExit() == 128 + 9)
            let progressBefore = try String(contentsOfFile: list + ".progress", encoding: .utf8)
            #expect(progressBefore.contains("4,jane.doe@contoso.com,already-exists,"), "\(progressBefore)")
            #expect(!progressBefore.contains("killed.midway"))
            run.stop()

            // Started again: row 6 is next, and 3 of 5 (row 5, absent, still waits).
            let again = try ConsoleRun(arguments: arguments)
            #expect(await again.wait(for: "Next: Killed Midway <killed.midway@example.com> (row 6) · 3 of 5", timeout: .seconds(20)),
                    "\(again.screen)")
            again.keys("Enter")
            #expect(await again.wait(for: "Confirm password"))
            let fourth = "Ember-Willow-3318%"
            typed.append(fourth)
            await Self.typePassword(again, fourth)
            typed.append(try await again.enterCode(sentTo: "killed.midway@example.com", title: "Check your email"))
            #expect(await again.wait(for: "Account created", timeout: ConsoleRun.serverWait), "\(again.screen)")
            again.keys("Enter")
            #expect(await again.wait(for: "Next: Last Person <last.person@example.com> (row 7) · 4 of 5"), "\(again.screen)")
            again.keys("F8")
            #expect(await again.wait(for: "Skip Last Person <last.person@example.com> (row 7)?"), "\(again.screen)")
            again.keys("y")
            // The person marked absent has not turned up: they are the one left.
            #expect(await again.wait(for: "Next: Absent Person <absent.person@example.com> (row 5) · 5 of 5"), "\(again.screen)")
            #expect(await again.quit() == 0)

            // The report and the record say what happened, row by row.
            let reportText = try String(contentsOfFile: report, encoding: .utf8)
            for expected in ["| 2 | first.queue@example.com | enrolled |", "| 3 | not-an-email | invalid |",
                             "| 4 | jane.doe@contoso.com | already-exists |", "| 5 | absent.person@example.com | absent |",
                             "| 6 | killed.midway@example.com | enrolled |", "| 7 | last.person@example.com | skipped |"] {
                #expect(reportText.contains(expected), "\(expected) missing:\n\(reportText)")
            }
            let recordText = try String(contentsOfFile: record, encoding: .utf8)
            let outcomes = recordText.split(separator: "\n").map { line in
                ["enrolled", "already-exists", "absent", "skipped"].first { line.contains(#""outcome":"\#($0)""#) } ?? "?"
            }
            #expect(outcomes == ["enrolled", "already-exists", "absent", "enrolled", "skipped"], "\(recordText)")
            #expect(recordText.contains(#""staff":"desk-7""#))
            let progress = try String(contentsOfFile: list + ".progress", encoding: .utf8)
            for secret in typed {
                #expect(!reportText.contains(secret) && !recordText.contains(secret) && !progress.contains(secret), "a typed secret was written")
            }

            // The record's chain holds, and a copy with one line edited is caught.
            let (verified, verifyOutput) = try await Self.tophhie(["record", "verify", record], folder: folder)
            #expect(verified == 0, "\(verifyOutput)")
            let edited = folder + "/edited.jsonl"
            try Data(recordText.replacing(#""outcome":"absent""#, with: #""outcome":"enrolled""#).utf8).write(to: URL(fileURLWithPath: edited))
            let (broken, brokenOutput) = try await Self.tophhie(["record", "verify", edited], folder: folder)
            #expect(broken == 1)
            #expect(brokenOutput.contains("broken at line 3"), "\(brokenOutput)")
        }

        /// Line mode, for a screen reader: the same queue as a numbered list; typed text finds, `a` marks absent,
        /// Enter signs the first one up with the row's email offered as the answer's default.
        @Test func lineModeOffersTheSameQueue() async throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let list = folder + "/people.csv"
            try Data(Self.list.utf8).write(to: URL(fileURLWithPath: list))
            let run = try ConsoleRun(arguments: ["--enrol", "--line", "--queue", list])
            #expect(await run.wait(for: "Next: First Queue <first.queue@example.com> (row 2) · 1 of 5", timeout: .seconds(20)), "\(run.screen)")
            #expect(run.screen.contains("Not offered: row 3: Email:"))
            run.type("jane\n")
            #expect(await run.wait(for: "  1. Jane Doe <jane.doe@contoso.com> (row 4)\nEnter"), "\(run.screen)")
            run.type("a\n")
            #expect(await run.wait(for: "Row 4 marked absent."), "\(run.screen)")
            run.type("\n")
            #expect(await run.wait(for: "Sign-up for row 2."), "\(run.screen)")
            #expect(await run.wait(for: "Email [first.queue@example.com]:"), "\(run.screen)")
            let progress = try String(contentsOfFile: list + ".progress", encoding: .utf8)
            #expect(progress.contains("4,jane.doe@contoso.com,absent,"), "\(progress)")
        }
        /// A walk-in at a full-screen desk (^N): checked against the list, written to the progress file when added,
        /// so a desk killed with `kill -9` in the middle of their sign-up offers them again; enrolled, their report
        /// row says walk-in and carries the new account's object id.
        @Test func aWalkInSurvivesAKillAndIsEnrolledWithAnObjectId() async throws {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let list = folder + "/people.csv", report = folder + "/report.csv"
            try Data(Self.list.utf8).write(to: URL(fileURLWithPath: list))
            let arguments = ["--enrol", "--queue", list, "--report", report]
            let run = try ConsoleRun(arguments: arguments)
            #expect(await run.wait(for: "^N walk-in", timeout: .seconds(20)), "\(run.screen)")
            run.keys("C-n")
            #expect(await run.wait(for: "Walk-in: someone not on the list"), "\(run.screen)")
            // An address the list has is refused, naming its row; corrected, the walk-in is added and seated.
            run.type("Jane.Doe@contoso.com")
            run.keys("Tab")
            run.type("Walk In")
            run.keys("Enter")
            #expect(await run.wait(for: "listed already, on row 4"), "\(run.screen)")
            await run.focus("Email")
            run.keys("C-u")
            run.type("walk.in@example.com")
            run.keys("Enter")
            #expect(await run.wait(for: "Confirm password"), "\(run.screen)")
            #expect(run.field("Email", shows: "walk.in@example.com"), "\(run.screen)")
            await Self.typePassword(run, "Saffron-Kettle-2231!")
            #expect(await run.wait(for: "Check your email", timeout: ConsoleRun.serverWait), "\(run.screen)")
            try run.killConsole()
            #expect(await run.waitForExit() == 128 + 9)
            run.stop()

            let again = try ConsoleRun(arguments: arguments)
            #expect(await again.wait(for: "Walk In <walk.in@example.com> (row 8) · walk-in", timeout: .seconds(20)), "\(again.screen)")
            again.type("walk.in")
            #expect(await again.wait(for: "› Walk In <walk.in@example.com>"), "\(again.screen)")
            again.keys("Enter")
            #expect(await again.wait(for: "Confirm password"), "\(again.screen)")
            await Self.typePassword(again, "Ember-Willow-3318%")
            _ = try await again.enterCode(sentTo: "walk.in@example.com", title: "Check your email")
            #expect(await again.wait(for: "Account created", timeout: ConsoleRun.serverWait), "\(again.screen)")
            again.keys("Enter")
            #expect(await again.wait(for: "type to find"), "\(again.screen)")
            #expect(await again.quit() == 0)
            let line = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\r\n").first { $0.hasPrefix("8,") }
            let fields = line.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
            #expect(fields.count == 8 && fields[2] == "enrolled" && fields[7] == "walk-in", "\(line ?? "no row 8")")
            #expect(fields.count == 8 && fields[3].count == 36, "an object id: \(line ?? "")")
        }
    }
}
