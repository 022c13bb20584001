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
/// `yyyy-MM-ddTHH:mm:ss`); `runStarted` for a suite none of whose scenarios began.
enum JUnitReport {
    static func document(_ results: [ScenarioResult], files: [String], runStarted: Date = Date(),
                         timeZone: TimeZone = .current) -> String {
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let milliseconds = results.map { DurationText.milliseconds($0.elapsed) }
        func counts(_ results: [ScenarioResult]) -> String {
            let failures = results.filter { $0.outcome == .failed }.count
            let errors = results.filter { $0.outcome == .throttled || $0.outcome == .interrupted }.count
            return "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        }
        xml.append("<testsuites name=\"tophhie run\" \(counts(results)) time=\"\(DurationText.text(milliseconds: milliseconds.reduce(0, +)))\">")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        for file in files {
            let indices = results.indices.filter { results[$0].file == file }
            let cases = indices.map { results[$0] }
            let suite = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let time = DurationText.text(milliseconds: indices.map { milliseconds[$0] }.reduce(0, +))
            let stamp = formatter.string(from: cases.compactMap(\.started).min() ?? runStarted)
            xml.append("  <testsuite name=\(attribute(suite)) \(counts(cases)) skipped=\"\(cases.filter { $0.outcome == .notRun }.count)\" "
                       + "time=\"\(time)\" timestamp=\"\(stamp)\">")
            for index in indices {
                let result = results[index]
                let open = "    <testcase name=\(attribute(result.name)) classname=\(attribute(suite)) "
                    + "time=\"\(DurationText.text(milliseconds: milliseconds[index]))\""
                switch result.interruption {
                case .notRun:
                    xml += [open + ">", "      <skipped message=\"not run: interrupted\"/>", "    </testcase>"]
                    continue
                case .during(let signal, let at):
                    let message = "interrupted by \(signal) at \(at)"
                    xml += [open + ">", "      <error message=\(attribute(message)) type=\"Interrupted\">\(escape(message))</error>", "    </testcase>"]
                    continue
                case nil: break
                }
                guard let failure = result.failure else {
                    xml.append(open + "/>")
                    continue
                }
                xml.append(open + ">")
                var body = failure.headline
                if let exchange = failure.exchange { body += "\n\n" + ExchangeText.text(exchange) }
                if let log = failure.signInLog { body += "\n\nThe tenant's sign-in log:\n" + log.joined(separator: "\n") }
                if let har = result.harPath { body += "\n\nHAR: \(har)" }
                let element = failure.serviceThrottled ? "error" : "failure"
                let type = failure.serviceThrottled ? "ServiceThrottled" : "ScenarioFailure"
                xml.append("      <\(element) message=\(attribute(failure.headline)) type=\"\(type)\">\(escape(body))</\(element)>")
                xml.append("    </testcase>")
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    private static func attribute(_ text: String) -> String { "\"" + escape(text).replacingOccurrences(of: "\n", with: "&#10;") + "\"" }

    /// XML text: markup characters escaped; characters XML 1.0 forbids (controls other than tab and line
    /// breaks) dropped, so a server's stray byte cannot make the file unreadable.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
