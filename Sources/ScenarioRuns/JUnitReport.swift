import ConsoleCommandLine
import Foundation

/// JUnit XML as CI servers read it (Jenkins, GitLab, GitHub actions): `<testsuites>` with one `<testsuite>`
/// per scenario file and one `<testcase>` per scenario; a failed scenario has a `<failure>` whose `message` is
/// the failing step and whose text is the exchange that showed it (redacted).
///
/// Shape: the Ant/Jenkins JUnit schema (`testsuites/testsuite/testcase/failure`), checked by
/// `Tests/ConsoleTests/Schemas/junit.xsd`.
/// Outcomes: a failed scenario has `<failure>`; one the service throttled (AADSTS701014) an `<error
/// type="ServiceThrottled">`, so CI tells it from a product fault; one a signal cut short an `<error
/// type="Interrupted">` naming the signal and the time; one never begun `<skipped message="not run: interrupted">`.
/// Times are seconds with three decimals and a point (`^[0-9]+\.[0-9]{3}$`, whatever the locale), from whole
/// milliseconds, so each suite's time is exactly the sum of its cases' and the whole run's the sum of its suites'.
/// A suite's `timestamp` is when its first scenario began, in local time without a zone designator (the schema's
/// `yyyy-MM-ddTHH:mm:ss`); the run's start for a suite none of whose scenarios began.
/// A shard's report (`--shard K/N`) has every file's suite, each with `<properties>` naming the shard and its cases'
/// places in the whole run, which `tophhie run merge` reads back (``parse(_:)``) to write the whole run's report.
enum JUnitReport {
    /// One `<testsuite>`: a scenario file's scenarios (in this run or shard).
    struct Suite: Equatable, Sendable {
        var name: String
        /// When its first scenario began (see above).
        var timestamp: String
        var cases: [Case]
    }

    struct Case: Equatable, Sendable {
        var name: String
        var classname: String
        var milliseconds: Int
        /// Its place in the whole run (files in the order given, then scenarios in file order): how a merge
        /// puts the shards' cases back in order.
        var position: Int
        var verdict: Verdict
    }

    enum Verdict: Equatable, Sendable {
        case passed
        case skipped(message: String)
        /// `<failure>` (a fault of the product under test) or `<error>` (throttled, interrupted).
        case failed(element: Element, type: String, message: String, text: String)
    }

    enum Element: String, Sendable { case failure, error }

    /// A report read back.
    struct Parsed: Sendable {
        var suites: [Suite]
        /// Nil for a whole run's report.
        var shard: ScenarioShard?
    }

    static func document(_ results: [ScenarioResult], files: [String], shard: ScenarioShard? = nil, runStarted: Date = Date(),
                         timeZone: TimeZone = .current) -> String {
        document(suites(results, files: files, runStarted: runStarted, timeZone: timeZone), shard: shard)
    }

    /// The suite name of a scenario file: its ``ReportFileName`` without the extension.
    static func suiteName(_ file: String, among files: [String]) -> String {
        let name = ReportFileName.of(file, among: files)
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    static func suites(_ results: [ScenarioResult], files: [String], runStarted: Date, timeZone: TimeZone) -> [Suite] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return files.map { file in
            let suite = suiteName(file, among: files)
            let started = results.filter { $0.file == file }.compactMap(\.started).min() ?? runStarted
            return Suite(name: suite, timestamp: formatter.string(from: started), cases: results.filter { $0.file == file }.map { result in
                Case(name: result.name, classname: suite, milliseconds: DurationText.milliseconds(result.elapsed), position: result.position,
                     verdict: verdict(result))
            })
        }
    }

    private static func verdict(_ result: ScenarioResult) -> Verdict {
        switch result.interruption {
        case .notRun: return .skipped(message: "not run: interrupted")
        case .during(let signal, let at):
            let message = "interrupted by \(signal) at \(at)"
            return .failed(element: .error, type: "Interrupted", message: message, text: message)
        case nil: break
        }
        guard let failure = result.failure else { return .passed }
        var body = failure.headline
        if let exchange = failure.exchange { body += "\n\n" + ExchangeText.text(exchange) }
        if let log = failure.signInLog { body += "\n\nThe tenant's sign-in log:\n" + log.joined(separator: "\n") }
        if let har = result.harPath { body += "\n\nHAR: \(har)" }
        return failure.serviceThrottled
            ? .failed(element: .error, type: "ServiceThrottled", message: failure.headline, text: body)
            : .failed(element: .failure, type: "ScenarioFailure", message: failure.headline, text: body)
    }

    static func document(_ suites: [Suite], shard: ScenarioShard?) -> String {
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        func counts(_ cases: [Case]) -> String {
            func count(_ element: Element) -> Int {
                cases.filter { if case .failed(element, _, _, _) = $0.verdict { true } else { false } }.count
            }
            return "tests=\"\(cases.count)\" failures=\"\(count(.failure))\" errors=\"\(count(.error))\""
        }
        let all = suites.flatMap(\.cases)
        xml.append("<testsuites name=\"tophhie run\" \(counts(all)) time=\"\(DurationText.text(milliseconds: all.map(\.milliseconds).reduce(0, +)))\">")
        for suite in suites {
            let skipped = suite.cases.filter { if case .skipped = $0.verdict { true } else { false } }.count
            let time = DurationText.text(milliseconds: suite.cases.map(\.milliseconds).reduce(0, +))
            xml.append("  <testsuite name=\(attribute(suite.name)) \(counts(suite.cases)) skipped=\"\(skipped)\" "
                       + "time=\"\(time)\" timestamp=\(attribute(suite.timestamp))>")
            if let shard {
                xml += ["    <properties>", "      <property name=\"tophhie.shard\" value=\"\(shard.text)\"/>",
                        "      <property name=\"tophhie.positions\" value=\"\(suite.cases.map { String($0.position) }.joined(separator: " "))\"/>",
                        "    </properties>"]
            }
            for testCase in suite.cases {
                let open = "    <testcase name=\(attribute(testCase.name)) classname=\(attribute(testCase.classname)) "
                    + "time=\"\(DurationText.text(milliseconds: testCase.milliseconds))\""
                switch testCase.verdict {
                case .passed: xml.append(open + "/>")
                case .skipped(let message): xml += [open + ">", "      <skipped message=\(attribute(message))/>", "    </testcase>"]
                case .failed(let element, let type, let message, let text):
                    xml += [open + ">", "      <\(element.rawValue) message=\(attribute(message)) type=\(attribute(type))>\(escape(text))</\(element.rawValue)>",
                            "    </testcase>"]
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    /// Reads a report this type wrote back into its suites (a whole run's or a shard's).
    /// - Throws: ``UnreadableReport`` saying what is wrong.
    static func parse(_ text: String) throws(UnreadableReport) -> Parsed {
        let tokens: [XMLTags.Token]
        do { tokens = try XMLTags.tokens(text) } catch { throw UnreadableReport(description: "not well-formed XML") }
        guard tokens.contains(where: { if case .tag("testsuites", _, false, _) = $0 { true } else { false } }) else {
            throw UnreadableReport(description: "not a JUnit report (no <testsuites>)")
        }
        var parsed = Parsed(suites: [])
        var positions: [Int]?
        var open: Case?
        var problem: (element: Element, type: String, message: String)?
        var text = ""
        var position = 0
        func finishSuite() throws(UnreadableReport) {
            guard let positions, let last = parsed.suites.indices.last else { return }
            guard positions.count == parsed.suites[last].cases.count else {
                throw UnreadableReport(description: "suite \(parsed.suites[last].name): tophhie.positions does not match its test cases")
            }
            for index in positions.indices { parsed.suites[last].cases[index].position = positions[index] }
        }
        for token in tokens {
            guard case .tag(let name, let attributes, let closing, let empty) = token else {
                if case .text(let chunk) = token, problem != nil { text += chunk }
                continue
            }
            switch (name, closing) {
            case ("testsuite", false):
                try finishSuite()
                positions = nil
                parsed.suites.append(Suite(name: attributes["name"] ?? "", timestamp: attributes["timestamp"] ?? "", cases: []))
            case ("property", false) where attributes["name"] == "tophhie.shard":
                guard let shard = attributes["value"].flatMap(ScenarioShard.init) else { throw UnreadableReport(description: "tophhie.shard is not K/N") }
                parsed.shard = shard
            case ("property", false) where attributes["name"] == "tophhie.positions":
                let values = (attributes["value"] ?? "").split(separator: " ").map { Int($0) }
                guard values.allSatisfy({ $0 != nil }) else { throw UnreadableReport(description: "tophhie.positions is not a list of numbers") }
                positions = values.compactMap { $0 }
            case ("testcase", false):
                guard parsed.suites.last != nil, let caseName = attributes["name"], let time = milliseconds(attributes["time"] ?? "") else {
                    throw UnreadableReport(description: "a testcase without a suite, a name or a time")
                }
                let testCase = Case(name: caseName, classname: attributes["classname"] ?? "", milliseconds: time, position: position, verdict: .passed)
                position += 1
                if empty { parsed.suites[parsed.suites.count - 1].cases.append(testCase) } else { open = testCase }
            case ("skipped", false): open?.verdict = .skipped(message: attributes["message"] ?? "")
            case ("failure", false), ("error", false):
                let found = (element: Element(rawValue: name) ?? .failure, type: attributes["type"] ?? "", message: attributes["message"] ?? "")
                text = ""
                // `<failure message="…"/>` (another writer's, e.g. a JUnit given to --durations) has no text to wait for.
                if empty {
                    open?.verdict = .failed(element: found.element, type: found.type, message: found.message, text: "")
                } else {
                    problem = found
                }
            case ("failure", true), ("error", true):
                if let problem { open?.verdict = .failed(element: problem.element, type: problem.type, message: problem.message, text: text) }
                problem = nil
            case ("testcase", true):
                if let open { parsed.suites[parsed.suites.count - 1].cases.append(open) }
                open = nil
            default: continue
            }
        }
        try finishSuite()
        guard problem == nil, tokens.contains(.tag(name: "testsuites", attributes: [:], closing: true, empty: false)) else {
            throw UnreadableReport(description: "cut short (no closing </testsuites>)")
        }
        return parsed
    }

    /// `1.234` → 1234; nil when not seconds with at most three decimals.
    private static func milliseconds(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), whole >= 0 else { return nil }
        guard parts.count == 2 else { return whole * 1000 }
        let fraction = parts[1]
        guard fraction.count <= 3, fraction.allSatisfy(\.isASCII), let value = Int(fraction.isEmpty ? "0" : fraction) else { return nil }
        return whole * 1000 + value * [1, 100, 10, 1][fraction.count]
    }

    private static func attribute(_ text: String) -> String { "\"" + escape(text).replacingOccurrences(of: "\n", with: "&#10;") + "\"" }

    /// XML text: markup characters escaped; characters XML 1.0 forbids (controls other than tab and line
    /// breaks) dropped, so a server's stray byte cannot make the file unreadable.
    static func escape(_ text: String) -> String {
        markup(text, apostrophe: false) { ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || (0xFFFE...0xFFFF).contains($0.value) }
    }

    /// `text` with `& < > "` (and `'` when `apostrophe`) escaped as entities, and the scalars `dropped` picks left out:
    /// the XML here and ``HTMLReport``'s HTML.
    static func markup(_ text: String, apostrophe: Bool, dropping dropped: (Unicode.Scalar) -> Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars where !dropped(scalar) {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'" where apostrophe: out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
