import Foundation
import Synchronization
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 38: desks in line mode on one shared event, against one emulator, two of them killed mid-person.
    @Suite struct SharedQueueDesks {
        static let clientID = "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"
        static let password = "Saffron-Kettle-2231!"

        /// A desk process (`--enrol --line --queue postgresql://…`) driven as staff and the people at it would:
        /// Enter seats the next person, they type their password and the code the emulator sent, then "Enrol another".
        final class Transcript: Sendable {
            let text = Mutex("")
        }

        final class Desk: Sendable {
            let process: Process
            let transcript = Transcript()
            let input: FileHandle

            init(_ arguments: [String]) throws {
                process = Process()
                process.executableURL = URL(fileURLWithPath: try ConsoleBinary.require())
                process.arguments = arguments
                let stdin = Pipe(), stdout = Pipe()
                process.standardInput = stdin
                process.standardOutput = stdout
                process.standardError = stdout
                input = stdin.fileHandleForWriting
                let transcript = self.transcript
                // Called on a Dispatch queue, off the pool.
                stdout.fileHandleForReading.readabilityHandler = { handle in
                    let data = handle.availableData
                    transcript.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
                }
                try process.run()
            }

            /// The prompt the desk waits at now (its output ends with it), awaited; nil once the process ended.
            func prompt(after seen: Int) async -> (text: String, end: Int)? {
                while process.isRunning {
                    let (text, end) = transcript.text.withLock { ($0, $0.count) }
                    if end > seen, text.hasSuffix(": ") { return (String(text.split(separator: "\n").last ?? ""), end) }
                    try? await Task.sleep(for: .milliseconds(5))
                }
                return nil
            }

            func say(_ line: String) { input.write(Data((line + "\n").utf8)) }
        }

        /// Runs a desk to its end: each person it seats is answered; `killAt` SIGKILLs it at that person's code prompt.
        static func work(_ desk: Desk, control: ControlAPI, killAt: Int? = nil) async throws {
            var seen = 0, email = "", seated = 0
            while let (prompt, end) = await desk.prompt(after: seen) {
                seen = end
                let tail = desk.transcript.text.withLock { String($0.suffix(2000)) }
                if prompt.hasPrefix("Enter or a number") {
                    let queue = tail.components(separatedBy: "== Enrolment queue").last ?? ""
                    desk.say(queue.contains("No one is waiting") || queue.contains("Everyone on the list is done with") ? "q" : "")
                } else if prompt.hasPrefix("Email [") {
                    email = String(prompt.dropFirst("Email [".count).prefix { $0 != "]" })
                    desk.say("")
                } else if prompt.hasPrefix("Password") || prompt.hasPrefix("Confirm password") {
                    desk.say(password)
                } else if prompt.hasPrefix("Code") {
                    seated += 1
                    if seated == killAt {
                        kill(desk.process.processIdentifier, SIGKILL)
                        return
                    }
                    desk.say(try await control.latestCode(to: email))
                } else {
                    desk.say("")
                }
            }
        }

        /// The whole numbers in `line`, in order.
        static func numbers(_ line: String) -> [Int] {
            line.split { !$0.isNumber }.compactMap { Int($0) }
        }

        /// 600 people (TOPHHIE_DESK_PEOPLE sets another number): 200 took 19 s inside the whole suite, 600 took 224 s
        /// beside four builds. Each person is 9 prompts over two processes' pipes, two emulator exchanges and three
        /// database round trips, on a debug build.
        @Test func sixDesksKilledAndRestartedEnrolEveryoneOnceWithOneIntactRecord() async throws {
            let people = Int(ProcessInfo.processInfo.environment["TOPHHIE_DESK_PEOPLE"] ?? "") ?? 600
            let emulator = try await StandaloneEmulator(arguments: ["--tenant", "email-password", "--hash-iterations", "10"])
            defer { emulator.stop() }
            let url = try await PostgreSQLServer.shared().createDatabase()
            let list = emulator.folder + "/people.csv", report = emulator.folder + "/report.csv"
            let rows = (1...people).map { "person\($0)@example.com,Person \($0)" }
            try Data((["email,displayName"] + rows).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: list))
            let attributes = emulator.folder + "/attributes.json"
            try Data(#"[{"name": "displayName", "required": true}]"#.utf8).write(to: URL(fileURLWithPath: attributes))
            let load = await emulator.tophhie(["enrol", "--load", list, "--into", url, "--event", "day", "--sign-up-attributes", attributes,
                                              "--tenant", emulator.authority])
            #expect(load.status == 0, "\(load.output)")
            let arguments = ["console", "--authority", emulator.authority, "--client-id", Self.clientID, "--enrol", "--line",
                             "--sign-up-attributes", attributes, "--queue", url, "--event", "day", "--staff"]
            let control = emulator.control
            let usersBefore = Set(try await control.users().compactMap { $0["email"] as? String })
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 1...6 {
                    group.addTask {
                        // Desks 1 and 2 die at their third person's code, and are started again.
                        if index <= 2 { try await Self.work(try Desk(arguments + ["desk \(index)"]), control: control, killAt: 3) }
                        try await Self.work(try Desk(arguments + ["desk \(index)"]), control: control)
                    }
                }
                try await group.waitForAll()
            }
            // Each person's outcome in the database against the emulator's users: every one enrolled there has exactly
            // one account, and nobody else got one (the preset's own users were there before the desks).
            let database = String(url.split(separator: "/")[2].prefix { $0 != "?" })
            let outcomes = try await PostgreSQLServer.shared().superuser("SELECT email || ',' || coalesce(outcome, 'none') FROM enrolment_people",
                                                                          database: database)
                .split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
            let emails = rows.map { String($0.prefix { $0 != "," }) }
            #expect(outcomes.count == people && Set(outcomes.map { $0[0] }) == Set(emails))
            let enrolled = outcomes.filter { $0[1] == "enrolled" }.map { $0[0] }
            #expect(enrolled.count == people, "not enrolled: \(outcomes.filter { $0[1] != "enrolled" })")
            let made = try await control.users().compactMap { $0["email"] as? String }.filter { !usersBefore.contains($0) }
            #expect(made.count == Set(made).count, "an account made twice: \(Dictionary(grouping: made) { $0 }.filter { $0.value.count > 1 }.keys)")
            let (strays, missing) = (Set(made).subtracting(enrolled).sorted().prefix(5), Set(enrolled).subtracting(made).sorted().prefix(5))
            #expect(Set(made) == Set(enrolled), "accounts without an enrolled row: \(strays); enrolled rows without an account: \(missing)")
            // The report's counts add up to the event: by outcome (not reached included), and done · at desks · waiting.
            let status = await emulator.tophhie(["enrol", "--status", url, "--event", "day", "--report", report])
            let lines = status.output.split(separator: "\n").map(String.init)
            let byOutcome = try #require(lines.first { $0.hasPrefix("enrolled ") }, "\(status.output)")
            #expect(Self.numbers(byOutcome).reduce(0, +) == people, "\(byOutcome)")
            #expect(byOutcome.hasPrefix("enrolled \(people) ·"), "\(byOutcome)")
            let done = try #require(lines.first { $0.hasPrefix("Done with ") }, "\(status.output)")
            #expect(done.hasPrefix("Done with \(people) of \(people)") && Self.numbers(done).dropFirst(2).reduce(0, +) == 0, "\(done)")
            let reported = try String(contentsOfFile: report, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
            #expect(reported.count == people && reported.allSatisfy { $0.contains(",enrolled,") }, "\(reported.prefix(5))")
            let verify = await emulator.tophhie(["record", "verify", url, "--event", "day"])
            #expect(verify.status == 0, "\(verify.output)")
            #expect(verify.output.contains("\(people) lines") || verify.output.contains("\(people) line"), "\(verify.output)")
        }
    }
}
