import ConsoleCommandLine
import Foundation
import Testing

/// `tophhie run` and `tophhie doctor` on the command line.
@Suite struct RunAndDoctorInvocationTests {
    private let parser = InvocationParser(environment: [:]) { _ in nil }

    @Test func runTakesFilesAndItsOutputs() throws {
        var options = ScenarioRunOptions()
        options.files = ["a.json", "b.json"]
        options.jobs = 4
        options.timeout = 300
        options.junitPath = "out/junit.xml"
        options.reportPath = "out/report.md"
        options.harDirectory = "out"
        #expect(try parser.parse(["run", "a.json", "--jobs", "4", "--junit", "out/junit.xml", "b.json", "--report", "out/report.md",
                                  "--har-dir", "out", "--timeout", "300"]) == .run(options))
        #expect(throws: UsageError("run needs at least one scenario FILE; see tophhie run --help.")) { try parser.parse(["run"]) }
        #expect(throws: UsageError("--jobs 0: use a whole number from 1 to 32.")) { try parser.parse(["run", "a.json", "--jobs", "0"]) }
        #expect(throws: UsageError("unknown argument --junt; see tophhie run --help.")) { try parser.parse(["run", "a.json", "--junt", "x"]) }
        #expect(try parser.parse(["run", "--help"]) == .help(topic: .run))
    }

    @Test func runTakesAnHTMLReportAShardAndItsDurations() throws {
        var options = ScenarioRunOptions()
        options.files = ["a.json"]
        options.htmlPath = "out/report.html"
        options.shard = "2/3"
        options.durationsPath = "last/junit.xml"
        #expect(try parser.parse(["run", "a.json", "--html", "out/report.html", "--shard", "2/3", "--durations", "last/junit.xml"]) == .run(options))
        for bad in ["0/3", "4/3", "3", "1/0", "1/101", "a/b", "1/3/3", "-1/3"] {
            #expect(throws: UsageError("--shard \(bad): use K/N, two whole numbers with 1 <= K <= N <= 100 (e.g. 2/3).")) {
                try parser.parse(["run", "a.json", "--shard", bad])
            }
        }
        #expect(throws: UsageError("--durations balances shards; give --shard K/N with it.")) {
            try parser.parse(["run", "a.json", "--durations", "junit.xml"])
        }
    }

    @Test func runMergeTakesAFolderAndReports() throws {
        #expect(try parser.parse(["run", "merge", "out", "s1/junit.xml", "s2/junit.xml"])
                == .runMerge(directory: "out", reports: ["s1/junit.xml", "s2/junit.xml"]))
        #expect(throws: UsageError("run merge needs OUTDIR and at least one REPORT; see tophhie run --help.")) {
            try parser.parse(["run", "merge", "out"])
        }
        #expect(throws: UsageError("run merge takes no options (not --junit); see tophhie run --help.")) {
            try parser.parse(["run", "merge", "out", "a.xml", "--junit", "b.xml"])
        }
    }

    @Test func compareNeedsTheOperatorWhoReadsTheSnapshot() throws {
        #expect(throws: UsageError("--compare reads the tenant's configuration with an operator's cached account; add --account OPERATOR.")) {
            try parser.parse(["run", "--compare", "a.json"])
        }
        guard case .run(let options) = try parser.parse(["run", "--compare", "--account", "ops@contoso.com", "a.json"]) else {
            Issue.record("not run")
            return
        }
        #expect(options.compare && options.operatorAccount == "ops@contoso.com")
    }

    @Test func aScenarioIsRecordedFromAnOperatorsSessionOnly() throws {
        guard case .embedded(_, let options) = try parser.parse(["--record-scenario", "signup.json"]) else {
            Issue.record("not the embedded console")
            return
        }
        #expect(options.scenarioPath == "signup.json")
        #expect(throws: UsageError("--record-scenario records an operator's session; enrolment mode forgets each person, so leave out one of them.")) {
            try parser.parse(["--enrol", "--record-scenario", "signup.json"])
        }
    }

    @Test func doctorTakesATenantOrTheEmulator() throws {
        guard case .doctor(let real) = try parser.parse(["doctor", "--authority", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com",
                                                          "--client-id", "app", "--json"]) else {
            Issue.record("not doctor")
            return
        }
        #expect(real.target?.clientID == "app")
        #expect(real.json)
        guard case .doctor(let embedded) = try parser.parse(["doctor", "--emulator", "mfa", "--challenge-types", "oob,redirect"]) else {
            Issue.record("not doctor")
            return
        }
        #expect(embedded.emulator == "mfa")
        #expect(embedded.target == nil)
        #expect(embedded.challengeTypes == ["oob", "redirect"])
        #expect(throws: UsageError("--emulator starts its own tenant; leave out --authority, --client-id and --profile.")) {
            try parser.parse(["doctor", "--emulator", "mfa", "--client-id", "x"])
        }
        #expect(throws: UsageError("no authority: pass --authority URL, set TOPHHIE_AUTHORITY, or use --profile NAME.")) {
            try parser.parse(["doctor"])
        }
        #expect(try parser.parse(["doctor", "-h"]) == .help(topic: .doctor))
    }
}
